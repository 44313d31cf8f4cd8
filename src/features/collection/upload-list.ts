/**
 * The list of files chosen for upload on the File ingest page: the files, each one's progress, and the
 * run's outcome (client-side state, kept by a reducer).
 */
import { acceptedExtensions, contentTypeFor, type IngestItem, type IngestResult } from '@/features/collection/ingest';

export interface UploadState {
  items: IngestItem[];
  running: boolean;
  result: IngestResult | null;
  error: string | null;
}

export type UploadAction =
  | { type: 'add'; files: File[]; accepted: readonly string[] }
  | { type: 'remove'; key: string }
  | { type: 'clear' }
  | { type: 'item'; key: string; patch: Partial<IngestItem> }
  | { type: 'started' }
  | { type: 'finished'; result: IngestResult }
  | { type: 'failed'; error: string };

export const EMPTY_UPLOAD: UploadState = { items: [], running: false, result: null, error: null };

let nextKey = 0;

/** The next state of the list after `action`. */
export function uploadReducer(state: UploadState, action: UploadAction): UploadState {
  switch (action.type) {
    case 'add': {
      // Files added after a finished run start a new list.
      const kept = state.result ? [] : state.items;
      const extensions = acceptedExtensions(action.accepted).join(' and ');
      const added = action.files.map((file): IngestItem => {
        const contentType = contentTypeFor(file, action.accepted);
        return {
          key: `f${++nextKey}`,
          file,
          name: file.name,
          size: file.size,
          contentType,
          state: contentType ? 'waiting' : 'skipped',
          progress: 0,
          message: contentType ? null : `Not sent: only ${extensions || 'accepted'} files can be ingested.`,
        };
      });
      return { items: [...kept, ...added], running: false, result: null, error: null };
    }
    case 'remove':
      return { ...state, items: state.items.filter((i) => i.key !== action.key) };
    case 'clear':
      return EMPTY_UPLOAD;
    case 'item':
      return { ...state, items: state.items.map((i) => (i.key === action.key ? { ...i, ...action.patch } : i)) };
    case 'started':
      return { ...state, running: true, result: null, error: null };
    case 'finished':
      return { ...state, running: false, result: action.result };
    case 'failed':
      return { ...state, running: false, error: action.error };
  }
}
