import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { graphOps } from '@/api/operations/graph';
import { queryKeys } from '@/api/query-keys';
import { ENTITY_INFO_KINDS, type EntityInfoOperationId } from '@/api/schemas/entity-kinds';
import { getEntityNode, kindWithOperation, type EntityNode } from '@/features/explore/api/get-entity-node';

const OPERATION_OF_KIND = new Map<string, EntityInfoOperationId>(
  (Object.keys(ENTITY_INFO_KINDS) as EntityInfoOperationId[]).map((key) => [ENTITY_INFO_KINDS[key].kind, key]),
);

/**
 * A node's entity information with counts, by a kind the caller already knows: GET /api/v2/users/{id} for a
 * user, the kind's own operation (GET /api/v2/groups/{id}, …), or GET /api/v2/base/{id} for a kind with none.
 */
export async function getEntityOfKind(objectId: string, kind: string, signal?: AbortSignal): Promise<EntityNode> {
  const params = { object_id: objectId };
  const own = kindWithOperation([kind]);
  if (own === 'User') {
    const user = await call(graphOps.getUserEntity, { params, query: { counts: true, count: true }, signal });
    return { kind: own, info: user.data };
  }
  const op = graphOps[(own && OPERATION_OF_KIND.get(own)) || 'getEntity'];
  const answer = await call(op, { params, query: { counts: true }, signal });
  return { kind: own, info: answer.data };
}

/** With `kind` the kind's operation at once; without, the base information says the kind first. */
export const panelEntityQueryOptions = (objectId: string, kind: string | undefined) =>
  queryOptions({
    queryKey: queryKeys.entities.kindInfo(objectId, kind ?? null),
    queryFn: ({ signal }) =>
      kind === undefined ? getEntityNode(objectId, true, signal) : getEntityOfKind(objectId, kind, signal),
  });

export function usePanelEntity(objectId: string, kind: string | undefined) {
  return useQuery(panelEntityQueryOptions(objectId, kind));
}

/** Whether the node is in Tier Zero and whether it is owned, from its kinds' tags or its `system_tags`. */
export function systemMarks(info: { props: Record<string, unknown>; kinds?: readonly string[] }) {
  const tags = typeof info.props.system_tags === 'string' ? info.props.system_tags.split(/\s+/) : [];
  const kinds = info.kinds ?? [];
  return {
    tierZero: kinds.includes('Tag_Tier_Zero') || tags.includes('admin_tier_0'),
    owned: kinds.includes('Tag_Owned') || tags.includes('owned'),
  };
}
