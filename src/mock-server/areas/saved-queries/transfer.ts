/**
 * Saved queries as files (reference ExportSavedQuery, ExportSavedQueries, ImportSavedQueries): one query is a
 * JSON file `{name, query, description}` named after it, several are a ZIP of such files. Reading an import
 * checks every file before anything is saved, so a refused import saves nothing.
 */
import { strToU8, unzipSync, zipSync, type UnzipFileInfo, type Zippable } from 'fflate';
import {
  SAVED_QUERY_IMPORT_MAX_BYTES,
  SAVED_QUERY_ZIP_TYPES,
  savedQueryFile,
  type SavedQueryFile,
} from '../../../api/schemas/saved-queries';
import { importTooLarge } from '../../body';
import { ApiFailure, badRequest } from '../../errors';
import { issuesToErrors } from '../../validate';

/** What an import body is, by its Content-Type: one JSON file, or a ZIP of them. */
export type ImportKind = 'json' | 'zip';

/** The kind of an import body by its Content-Type (parameters ignored); null for any other type. */
export function importKindOf(contentType: string | undefined): ImportKind | null {
  const type = (contentType ?? '').split(';')[0]!.trim().toLowerCase();
  if (type === 'application/json') return 'json';
  return (SAVED_QUERY_ZIP_TYPES as readonly string[]).includes(type) ? 'zip' : null;
}

/** The 415 of an import body of another type. */
export const unsupportedImportType = (contentType: string | undefined) =>
  new ApiFailure(415, [
    {
      context: 'Content-Type',
      message: `An import takes one query as application/json or several as application/zip, not "${contentType?.trim() || 'none'}".`,
    },
  ]);

/**
 * The file name of a query, as upstream names it: the last part of its name after any `/` (Go's
 * `filepath.Base`), with `.json`; `query.json` when nothing is left.
 */
export function queryFileName(name: string): string {
  const trimmed = name.replace(/\/+$/, '');
  return `${trimmed.slice(trimmed.lastIndexOf('/') + 1) || 'query'}.json`;
}

/** A query's file content: `{name, query, description}`, as upstream writes it. */
export function queryFileText(q: SavedQueryFile): string {
  return JSON.stringify({ name: q.name, query: q.query, description: q.description });
}

/**
 * A ZIP of one file per query. Two queries with the same file name (yours and one shared with you) both go in:
 * the later ones as `<name> (2).json`, `<name> (3).json`.
 */
export function zipQueries(queries: readonly SavedQueryFile[]): Uint8Array<ArrayBuffer> {
  const files: Zippable = {};
  for (const q of queries) {
    const fileName = queryFileName(q.name);
    let entry = fileName;
    for (let n = 2; entry in files; n++) entry = fileName.replace(/\.json$/, ` (${n}).json`);
    files[entry] = strToU8(queryFileText(q));
  }
  return zipSync(files) as Uint8Array<ArrayBuffer>;
}

/** A `Content-Disposition: attachment` naming `fileName` (its ASCII form, and UTF-8 when it has more). */
export function attachment(fileName: string): string {
  const ascii = fileName.replace(/[^\x20-\x7e]|["\\]/g, '_');
  return ascii === fileName
    ? `attachment; filename="${fileName}"`
    : `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(fileName)}`;
}

/** Entries an import skips: folders, macOS's `__MACOSX` metadata and hidden (dot) files. */
function skipped(name: string): boolean {
  const base = name.slice(name.lastIndexOf('/') + 1);
  return name.endsWith('/') || name.split('/').includes('__MACOSX') || base.startsWith('.');
}

/**
 * One file's query, checked as a new query is. `context` is where it came from (`body`, or the ZIP entry's
 * name), `label` how messages name it ("The file", "queries/a.json").
 */
function parseQueryFile(bytes: Uint8Array, context: string, label: string): SavedQueryFile {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(bytes);
  } catch {
    throw badRequest(context, `${label} is not UTF-8 text; a query file is JSON.`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    throw badRequest(context, `${label} is not valid JSON: ${(e as Error).message}`);
  }
  const result = savedQueryFile.safeParse(value);
  if (!result.success) {
    throw new ApiFailure(
      400,
      issuesToErrors(result.error.issues).map((e) => ({
        context: context === 'body' ? e.context : `${context}: ${e.context}`,
        message: `${label}: ${e.message}`,
      })),
    );
  }
  return result.data;
}

/** The queries of a ZIP: every entry but the skipped ones, each a query file; at most the import limit unpacked. */
function readZip(bytes: Uint8Array): { query: SavedQueryFile; file: string }[] {
  let unpacked = 0;
  let files: Record<string, Uint8Array>;
  try {
    files = unzipSync(bytes, {
      filter: (info: UnzipFileInfo) => {
        if (skipped(info.name)) return false;
        unpacked += info.originalSize;
        if (unpacked > SAVED_QUERY_IMPORT_MAX_BYTES) throw importTooLarge('The archive’s content');
        return true;
      },
    });
  } catch (e) {
    if (e instanceof ApiFailure) throw e;
    throw badRequest('body', `The file is not a valid ZIP archive (${(e as Error).message}).`);
  }
  return Object.entries(files).map(([file, content]) => ({ query: parseQueryFile(content, file, file), file }));
}

/**
 * The queries an import body holds, each with the file it came from (`body` for a JSON import), checked:
 * a malformed file, a query without a name or text, or two files with one name refuse the whole import.
 */
export function readImport(bytes: Uint8Array, kind: ImportKind): { query: SavedQueryFile; file: string }[] {
  const found = kind === 'json' ? [{ query: parseQueryFile(bytes, 'body', 'The file'), file: 'body' }] : readZip(bytes);
  const seen = new Map<string, string>();
  for (const { query, file } of found) {
    const first = seen.get(query.name);
    if (first !== undefined) {
      throw badRequest(
        file,
        `Two files hold a query named "${query.name}" (${first} and ${file}); each query needs its own name.`,
      );
    }
    seen.set(query.name, file);
  }
  return found;
}
