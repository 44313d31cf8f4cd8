import { defineOperations, needs, signedIn } from '../operation';
import { Permission as P } from '../../shared/permissions';
import {
  createCustomNodesBody,
  customNodeResponse,
  customNodesResponse,
  kindNameField,
  updateCustomNodeBody,
} from '../schemas/custom-nodes';

const kindName = { kind_name: kindNameField };

export const customNodeOps = defineOperations('Custom node kinds', {
  getCustomNodes: {
    method: 'GET',
    path: '/api/v2/custom-nodes',
    access: signedIn,
    summary: 'List custom node kinds',
    answer: customNodesResponse,
  },
  createCustomNodes: {
    method: 'POST',
    path: '/api/v2/custom-nodes',
    access: needs(P.AppWriteConfig),
    summary: 'Create custom node kinds',
    description: 'Several kinds at once; none is made if any is refused or already exists.',
    body: createCustomNodesBody,
    answer: customNodesResponse,
    status: 201,
    errors: [409],
  },
  getCustomNode: {
    method: 'GET',
    path: '/api/v2/custom-nodes/{kind_name}',
    access: signedIn,
    summary: 'Get a custom node kind',
    params: kindName,
    answer: customNodeResponse,
  },
  updateCustomNode: {
    method: 'PUT',
    path: '/api/v2/custom-nodes/{kind_name}',
    access: needs(P.AppWriteConfig),
    summary: "Update a custom node kind's icon and colour",
    params: kindName,
    body: updateCustomNodeBody,
    answer: customNodeResponse,
  },
  deleteCustomNode: {
    method: 'DELETE',
    path: '/api/v2/custom-nodes/{kind_name}',
    access: needs(P.AppWriteConfig),
    summary: 'Delete a custom node kind (no longer supported)',
    description: 'Answers 410 Gone, as upstream does since kinds come and go with the OpenGraph extensions that define them.',
    params: kindName,
    deprecated: true,
    errors: [410],
  },
});
