import { defineOperations, needs, signedIn } from '../operation';
import { Permission as P } from '../../shared/permissions';
import {
  edgeKindsQuery,
  edgeKindsResponse,
  extensionIdParam,
  extensionSchemaInput,
  extensionsResponse,
  nodeKindIdParam,
  nodeKindResponse,
  relationshipKindIdParam,
  relationshipKindResponse,
} from '../schemas/extensions';

export const extensionOps = defineOperations('OpenGraph extensions', {
  listExtensions: {
    method: 'GET',
    path: '/api/v2/extensions',
    access: signedIn,
    summary: 'List OpenGraph extensions',
    description: 'Each extension with its id, display name, version, namespace and whether it is built in, by display name.',
    answer: extensionsResponse,
  },
  upsertOpenGraphExtension: {
    method: 'PUT',
    path: '/api/v2/extensions',
    access: needs(P.AppWriteConfig),
    summary: 'Upload or replace an OpenGraph extension',
    description:
      'Creates the extension the schema names (201), or replaces the one of that name (200): its node kinds, with their icons and colours, and its relationship kinds, environments and findings. A built-in extension cannot be replaced.',
    body: extensionSchemaInput,
    status: 201,
  },
  deleteExtension: {
    method: 'DELETE',
    path: '/api/v2/extensions/{extension_id}',
    access: needs(P.AppWriteConfig),
    summary: 'Delete an OpenGraph extension',
    description: 'Removes the extension and the kinds it defines; a built-in extension cannot be deleted.',
    params: { extension_id: extensionIdParam },
    status: 204,
    errors: [404],
  },
  listEdgeKinds: {
    method: 'GET',
    path: '/api/v2/extensions-edges',
    access: signedIn,
    summary: 'List relationship kinds across extensions',
    query: edgeKindsQuery,
    answer: edgeKindsResponse,
  },
  getNodeKind: {
    method: 'GET',
    path: '/api/v2/node-kinds/{node_kind_id}',
    access: signedIn,
    summary: 'Get an extension node kind',
    params: { node_kind_id: nodeKindIdParam },
    answer: nodeKindResponse,
    errors: [404],
  },
  getRelationshipKind: {
    method: 'GET',
    path: '/api/v2/relationship-kinds/{relationship_kind_id}',
    access: signedIn,
    summary: 'Get an extension relationship kind',
    params: { relationship_kind_id: relationshipKindIdParam },
    answer: relationshipKindResponse,
    errors: [404],
  },
});
