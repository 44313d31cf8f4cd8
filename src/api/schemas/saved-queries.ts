/**
 * Saved queries and their sharing permissions — API document 4.2 #18;
 * reference `model.saved-query`, `model.saved-queries-permissions.response`,
 * operations ListSavedQueries, GetSavedQueryPermissions,
 * DeleteSavedQueryPermissions.
 */
import { z } from 'zod';
import { baseFields, dataEnvelope, pagedEnvelope, paginationQuery, uuidString } from './common';

/** Reference `model.saved-query`. `description` is newer upstream and optional. */
export const savedQuery = z.object({
  ...baseFields,
  user_id: uuidString,
  name: z.string(),
  query: z.string(),
  description: z.string().optional(),
});
export type SavedQuery = z.infer<typeof savedQuery>;

/** ListSavedQueries entry: a saved query plus its `scope` (reference allOf). */
export const savedQueryListEntry = savedQuery.extend({ scope: z.string().optional() });
export type SavedQueryListEntry = z.infer<typeof savedQueryListEntry>;

/** GET /api/v2/saved-queries (reference ListSavedQueries): paginated `{ count, skip, limit, data: entry[] }`. */
export const savedQueriesListResponse = pagedEnvelope(savedQueryListEntry);
export type SavedQueriesListResponse = z.infer<typeof savedQueriesListResponse>;

/** Reference ListSavedQueries `scope` query values (default `owned`). */
export const SAVED_QUERY_SCOPES = ['all', 'owned', 'shared', 'public'] as const;
export const savedQueryScope = z.enum(SAVED_QUERY_SCOPES, {
  error: 'scope must be one of all, owned, shared, public',
});
export type SavedQueryScope = z.infer<typeof savedQueryScope>;

/** Query of GET /api/v2/saved-queries: skip, limit, scope. */
export const savedQueriesListQuery = paginationQuery.extend({ scope: savedQueryScope.optional() });
export type SavedQueriesListQuery = z.output<typeof savedQueriesListQuery>;

/**
 * Reference `model.saved-queries-permissions.response`. The reference types
 * `shared_to_user_ids` items as `model.components.uuid` (`{ id }` objects);
 * upstream servers send plain UUID strings. Both are accepted and the output
 * is always `string[]`.
 */
export const savedQueryPermissions = z.object({
  shared_to_user_ids: z.array(z.union([uuidString, z.object({ id: uuidString }).transform((o) => o.id)])),
  query_id: z.int(),
  public: z.boolean(),
});
export type SavedQueryPermissions = z.output<typeof savedQueryPermissions>;

/** GET /api/v2/saved-queries/{id}/permissions (reference GetSavedQueryPermissions): `{ data: permissions }`. */
export const savedQueryPermissionsResponse = dataEnvelope(savedQueryPermissions);
export type SavedQueryPermissionsResponse = z.output<typeof savedQueryPermissionsResponse>;

/** DELETE /api/v2/saved-queries/{id}/permissions body (spec 4.2 #18): `{ user_ids: uuid[] }`, at least one. */
export const revokeSavedQueryPermissionsBody = z.object({
  user_ids: z
    .array(z.guid({ error: 'Each user ID must be a UUID' }), {
      error: (iss) => (iss.input === undefined ? 'User IDs are required' : 'User IDs must be a list of UUIDs'),
    })
    .min(1, { error: 'Choose at least one user' }),
});
export type RevokeSavedQueryPermissionsBody = z.infer<typeof revokeSavedQueryPermissionsBody>;
