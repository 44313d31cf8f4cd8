import { useMutation, useQueryClient } from '@tanstack/react-query';
import { download, requestPath } from '../call';
import { apiRequest } from '../client';
import { savedQueryOps } from '../operations/saved-queries';
import { queryKeys } from '../query-keys';
import { importSavedQueriesResponse, type SavedQueryScope } from '../schemas/saved-queries';

/**
 * How an answered file reaches the person: the browser's download (`saveFile` of src/lib/save-file.ts, which
 * src/api does not import: it stands below the console's DOM helpers).
 */
export type SaveFile = (content: Blob, fileName: string, type: string) => void;

/** The name upstream gives a query's file, used when the answer names none: `<name>.json`. */
const fileNameOf = (name: string) => `${name.replace(/\/+$/, '').split('/').pop() || 'query'}.json`;

/**
 * GET /api/v2/saved-queries/{id}/export (reference ExportSavedQuery): the query as `<name>.json`
 * (`{name, query, description}`), handed to `save`.
 */
export async function exportSavedQuery(query: { id: number; name: string }, save: SaveFile): Promise<string> {
  const file = await download(savedQueryOps.exportSavedQuery, { params: { saved_query_id: query.id } });
  const fileName = file.fileName ?? fileNameOf(query.name);
  save(file.blob, fileName, 'application/json');
  return fileName;
}

/**
 * GET /api/v2/saved-queries/export?scope= (reference ExportSavedQueries): a ZIP of one `<name>.json` per query
 * the person sees in `scope`, handed to `save`.
 */
export async function exportSavedQueries(scope: SavedQueryScope, save: SaveFile): Promise<string> {
  const file = await download(savedQueryOps.exportSavedQueries, { query: { scope } });
  const fileName = file.fileName ?? 'exported_queries.zip';
  save(file.blob, fileName, 'application/zip');
  return fileName;
}

/**
 * Downloads one query's file and saves it with `save` (in the mutation itself, so the file is saved even when
 * the page is left before it arrives); answers the file name.
 */
export function useExportSavedQuery({ save }: { save: SaveFile }) {
  return useMutation({ mutationFn: (query: { id: number; name: string }) => exportSavedQuery(query, save), gcTime: 0 });
}

/** Downloads the ZIP of a scope and saves it with `save`, as {@link useExportSavedQuery}; answers the file name. */
export function useExportSavedQueries({ save }: { save: SaveFile }) {
  return useMutation({ mutationFn: (scope: SavedQueryScope) => exportSavedQueries(scope, save), gcTime: 0 });
}

/** The content type an import of `file` is sent with, by its extension; null for a file that is neither. */
export function importTypeOf(file: Pick<File, 'name'>): 'application/json' | 'application/zip' | null {
  const name = file.name.toLowerCase();
  if (name.endsWith('.json')) return 'application/json';
  if (name.endsWith('.zip')) return 'application/zip';
  return null;
}

/**
 * POST /api/v2/saved-queries/import (reference ImportSavedQueries): one file, a query (.json) or a ZIP of
 * them (.zip), saved as the person's own; answers the server's sentence ("imported 3 queries"). The server
 * saves all of a file's queries or none.
 */
export function importSavedQueries(file: File, contentType: string, signal?: AbortSignal): Promise<string> {
  // savedQueryOps.importSavedQueries, its errors named after the file (the dialog imports several at once).
  const op = savedQueryOps.importSavedQueries;
  return apiRequest({
    operation: `Import ${file.name}`,
    method: op.method,
    path: requestPath(op),
    raw: { body: file, contentType },
    schema: importSavedQueriesResponse,
    signal,
  }).then((r) => r.data);
}

/** After an import: the lists read again. */
export function useRefreshSavedQueries() {
  const client = useQueryClient();
  return () => client.invalidateQueries({ queryKey: queryKeys.savedQueries.lists() });
}
