import {
  createCustomNodesBody,
  customNodeResponse,
  customNodesResponse,
  kindNameField,
  updateCustomNodeBody,
} from '../../../api/schemas/custom-nodes';
import type { OperationArea } from '../operation';

const kindName = { kind_name: kindNameField };

export const customNodeOperations: OperationArea = {
  tag: 'Custom node kinds',
  operations: {
    'GET /api/v2/custom-nodes': { summary: 'List custom node kinds', answer: customNodesResponse },
    'POST /api/v2/custom-nodes': {
      summary: 'Create custom node kinds',
      description: 'Several kinds at once; none is made if any is refused or already exists.',
      body: createCustomNodesBody,
      answer: customNodesResponse,
      status: 201,
      errors: [409],
    },
    'GET /api/v2/custom-nodes/{kind_name}': { summary: 'Get a custom node kind', params: kindName, answer: customNodeResponse },
    'PUT /api/v2/custom-nodes/{kind_name}': {
      summary: "Update a custom node kind's icon and colour",
      params: kindName,
      body: updateCustomNodeBody,
      answer: customNodeResponse,
    },
    'DELETE /api/v2/custom-nodes/{kind_name}': { summary: 'Delete a custom node kind', params: kindName },
  },
};
