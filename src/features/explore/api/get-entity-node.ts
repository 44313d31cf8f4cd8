import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from '@/api/call';
import { graphOps } from '@/api/operations/graph';
import { queryKeys } from '@/api/query-keys';
import type { EntityInfo } from '@/api/schemas/entities';
import { ENTITY_INFO_KINDS, type EntityInfoOperationId } from '@/api/schemas/entity-kinds';

/** The entity-information operation of each node kind (`User` has its own; `Base` answers any node). */
const OPERATION_OF_KIND = new Map<string, EntityInfoOperationId>(
  (Object.keys(ENTITY_INFO_KINDS) as EntityInfoOperationId[])
    .filter((key) => ENTITY_INFO_KINDS[key].kind !== 'Base')
    .map((key) => [ENTITY_INFO_KINDS[key].kind, key]),
);

/** A node as the look-up shows it: its kind (the first of its kinds with an operation of its own) and its information. */
export interface EntityNode {
  /** `User`, `Computer`, …; null when none of its kinds has an operation of its own (the base information then). */
  kind: string | null;
  info: EntityInfo;
}

/** The kind of a node whose information has an operation of its own, from its kinds. */
export function kindWithOperation(kinds: readonly string[] | undefined): string | null {
  return kinds?.find((k) => k === 'User' || OPERATION_OF_KIND.has(k)) ?? null;
}

/**
 * A node of any kind: GET /api/v2/base/{object_id} (without counts) says its kinds, then its kind's
 * operation (GET /api/v2/groups/{object_id}, …, GET /api/v2/users/{object_id}) answers its
 * information. A node of no such kind is answered by the base information itself.
 */
export async function getEntityNode(objectId: string, counts: boolean, signal?: AbortSignal): Promise<EntityNode> {
  const params = { object_id: objectId };
  const base = await call(graphOps.getEntity, { params, query: { counts: false }, signal });
  const kind = kindWithOperation(base.data.kinds);
  if (kind === 'User') {
    const user = await call(graphOps.getUserEntity, { params, query: { counts, count: counts }, signal });
    return { kind, info: user.data };
  }
  const key = kind ? OPERATION_OF_KIND.get(kind) : undefined;
  const op = graphOps[key ?? 'getEntity'];
  const answer = await call(op, { params, query: { counts }, signal });
  return { kind, info: answer.data };
}

export const entityNodeQueryOptions = (objectId: string, counts: boolean) =>
  queryOptions({
    queryKey: queryKeys.entities.node(objectId, counts),
    queryFn: ({ signal }) => getEntityNode(objectId, counts, signal),
  });

export function useEntityNode(objectId: string, counts: boolean, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...entityNodeQueryOptions(objectId, counts), enabled });
}
