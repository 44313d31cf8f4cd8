/**
 * Saved queries and their sharing permissions — reference `model.saved-query`,
 * `model.saved-queries-permissions.response`; the operations are savedQueryOps
 * (listSavedQueries, getSavedQueryPermissions, deleteSavedQueryPermissions, …).
 */
import { z } from 'zod';
import { baseFields, dataEnvelope, nullableUuid, pagedEnvelope, paginationQuery, uuidString } from './wire-format';
import { booleanField, fieldError, requiredText, tooLongMessage } from './field-rules';

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

/** `user_ids` of the sharing operations: a list of UUIDs. */
const userIdList = z.array(z.guid({ error: 'Each user ID must be a UUID' }), {
  error: (iss) => (iss.input === undefined ? 'User IDs are required' : 'User IDs must be a list of UUIDs'),
});

/**
 * DELETE /api/v2/saved-queries/{id}/permissions body (savedQueryOps.deleteSavedQueryPermissions):
 * `{ user_ids: uuid[] }`, at least one.
 */
export const revokeSavedQueryPermissionsBody = z.object({
  user_ids: userIdList.min(1, { error: 'Choose at least one user' }),
});
export type RevokeSavedQueryPermissionsBody = z.infer<typeof revokeSavedQueryPermissionsBody>;

// ---------------------------------------------------------------------------
// Create, update, share (reference CreateSavedQuery, UpdateSavedQuery, ShareSavedQuery)
// ---------------------------------------------------------------------------

/** The longest saved-query name, description and query text (UTF-16 code units). */
export const SAVED_QUERY_NAME_MAX_LENGTH = 255;
export const SAVED_QUERY_DESCRIPTION_MAX_LENGTH = 2000;
export const SAVED_QUERY_TEXT_MAX_LENGTH = 20_000;
/** The most users one share request may name. */
export const SAVED_QUERY_SHARE_MAX_USERS = 1000;

const savedQueryName = requiredText('Name', { max: SAVED_QUERY_NAME_MAX_LENGTH, plain: true });
const savedQueryText = requiredText('Query', { max: SAVED_QUERY_TEXT_MAX_LENGTH });
const savedQueryDescription = z
  .string({ error: fieldError('Description', 'text') })
  .trim()
  .max(SAVED_QUERY_DESCRIPTION_MAX_LENGTH, { error: tooLongMessage('Description', SAVED_QUERY_DESCRIPTION_MAX_LENGTH) });

/**
 * POST /api/v2/saved-queries body (reference CreateSavedQuery, `model.saved-query`): a name (unique among the
 * owner's queries, as upstream), the query text and an optional description. Upstream answers "the name and/or
 * query field is empty" for both; here each is named.
 */
export const createSavedQueryBody = z.object({
  name: savedQueryName,
  query: savedQueryText,
  description: savedQueryDescription.optional().default(''),
});
export type CreateSavedQueryBody = z.input<typeof createSavedQueryBody>;
/** The create body as checked: every field present, trimmed. */
export type SavedQueryFields = z.output<typeof createSavedQueryBody>;

/**
 * PUT /api/v2/saved-queries/{id} body (reference UpdateSavedQuery): the fields to change; an absent field keeps
 * its value (as upstream). A name or query sent empty is refused (upstream ignores it); a description may be sent
 * empty to clear it.
 */
export const updateSavedQueryBody = z.object({
  name: savedQueryName.optional(),
  query: savedQueryText.optional(),
  description: savedQueryDescription.optional(),
});
export type UpdateSavedQueryBody = z.input<typeof updateSavedQueryBody>;

// ---------------------------------------------------------------------------
// Import and export (reference ExportSavedQueries, ExportSavedQuery, ImportSavedQueries)
// ---------------------------------------------------------------------------

/**
 * One query as a file, exported or imported (upstream's `TransferableSavedQuery`): `{name, query, description}`.
 * An imported file is checked as a new query is.
 */
export const savedQueryFile = createSavedQueryBody;
export type SavedQueryFile = SavedQueryFields;

/** POST /api/v2/saved-queries/import answer (201): a sentence, "imported 3 queries". */
export const importSavedQueriesResponse = dataEnvelope(z.string());

/** Content types of a ZIP of queries (upstream's accepted ZIP upload types); JSON is `application/json`. */
export const SAVED_QUERY_ZIP_TYPES = ['application/zip', 'application/zip-compressed', 'application/x-zip-compressed'] as const;

/** The largest import body (upstream's API payload limit, 10 MiB), and the most its ZIP may unpack to. */
export const SAVED_QUERY_IMPORT_MAX_BYTES = 10 * 1024 * 1024;

/** POST and PUT answers: `{ data: savedQuery }` (no scope). */
export const savedQueryResponse = dataEnvelope(savedQuery);
export type SavedQueryResponse = z.infer<typeof savedQueryResponse>;

/**
 * PUT /api/v2/saved-queries/{id}/permissions body (reference ShareSavedQuery): `user_ids` to share with, or
 * `public: true`; neither (`public: false`, no ids) makes the query private, removing every share.
 */
export const shareSavedQueryBody = z.object({
  user_ids: userIdList
    .max(SAVED_QUERY_SHARE_MAX_USERS, { error: `Share with at most ${SAVED_QUERY_SHARE_MAX_USERS} users at once` })
    .optional()
    .default([]),
  public: booleanField('Public').optional().default(false),
});
export type ShareSavedQueryBody = z.input<typeof shareSavedQueryBody>;

/** Reference `model.saved-queries-permissions`: one permission row (a user it is shared with, or public). */
export const savedQueryPermissionRecord = z.object({
  ...baseFields,
  shared_to_user_id: nullableUuid.optional(),
  query_id: z.int(),
  public: z.boolean(),
});
export type SavedQueryPermissionRecord = z.infer<typeof savedQueryPermissionRecord>;

/** ShareSavedQuery's 201 answer: `{ data: permission[] }` (204 without a body when nothing changed). */
export const shareSavedQueryResponse = dataEnvelope(z.array(savedQueryPermissionRecord));
export type ShareSavedQueryResponse = z.infer<typeof shareSavedQueryResponse>;
