import { describe, expect, it } from 'vitest';
import { HttpError } from '../../api/errors';
import { acceptAttribute, acceptedExtensions, contentTypeFor, ingestFiles, type IngestItem } from './ingest';

const ACCEPTED = ['application/json', 'application/zip', 'application/zip-compressed', 'application/x-zip-compressed'];

function item(name: string, contentType: string | null = 'application/json'): IngestItem {
  return {
    key: name,
    file: new File(['{}'], name),
    name,
    size: 2,
    contentType,
    state: contentType ? 'waiting' : 'skipped',
    progress: 0,
    message: null,
  };
}

describe('accepted files', () => {
  it('maps the accepted content types to file endings and the picker’s accept list', () => {
    expect(acceptedExtensions(ACCEPTED)).toEqual(['.json', '.zip']);
    expect(acceptedExtensions(['application/json'])).toEqual(['.json']);
    expect(acceptAttribute(['application/json', 'application/zip'])).toBe('.json,.zip,application/json,application/zip');
  });

  it('sends a file with the browser’s type when accepted, else by its ending', () => {
    expect(contentTypeFor({ name: 'a.zip', type: 'application/x-zip-compressed' }, ACCEPTED)).toBe(
      'application/x-zip-compressed',
    );
    expect(contentTypeFor({ name: 'users.JSON', type: '' }, ACCEPTED)).toBe('application/json');
    expect(contentTypeFor({ name: 'a.zip', type: '' }, ACCEPTED)).toBe('application/zip');
    expect(contentTypeFor({ name: 'notes.txt', type: 'text/plain' }, ACCEPTED)).toBeNull();
    expect(contentTypeFor({ name: 'a.zip', type: '' }, ['application/json'])).toBeNull();
  });
});

describe('an ingest run', () => {
  it('starts a job, sends each file with progress, marks refusals with the server’s reason, and ends the job', async () => {
    const calls: string[] = [];
    const patches: [string, Partial<IngestItem>][] = [];
    const result = await ingestFiles([item('a.json'), item('bad.json'), item('skip.txt', null), item('c.json')], {
      start: async () => {
        calls.push('start');
        return { id: 7 };
      },
      upload: async ({ jobId, name, onProgress }) => {
        calls.push(`upload ${jobId} ${name}`);
        onProgress(1, 2);
        if (name === 'bad.json') {
          throw new HttpError('Upload bad.json', 400, {
            http_status: 400,
            timestamp: '2026-11-01T00:00:00Z',
            request_id: 'r1',
            errors: [{ context: 'file', message: 'bad.json was refused: it is not valid JSON.' }],
          });
        }
        onProgress(2, 2);
      },
      end: async (jobId) => {
        calls.push(`end ${jobId}`);
      },
      onItem: (key, patch) => patches.push([key, patch]),
    });
    expect(calls).toEqual(['start', 'upload 7 a.json', 'upload 7 bad.json', 'upload 7 c.json', 'end 7']);
    expect(result).toEqual({ jobId: 7, uploaded: 2, refused: 1, endError: null });
    expect(patches).toContainEqual(['a.json', { progress: 0.5 }]);
    expect(patches).toContainEqual(['bad.json', { state: 'refused', message: 'bad.json was refused: it is not valid JSON.' }]);
    expect(patches.some(([key]) => key === 'skip.txt')).toBe(false);
  });

  it('sends nothing when the job cannot start', async () => {
    let uploads = 0;
    await expect(
      ingestFiles([item('a.json')], {
        start: async () => {
          throw new HttpError('Start a file upload', 403, null);
        },
        upload: async () => {
          uploads += 1;
        },
        end: async () => undefined,
        onItem: () => undefined,
      }),
    ).rejects.toBeInstanceOf(HttpError);
    expect(uploads).toBe(0);
  });

  it('reports a job that could not be ended', async () => {
    const result = await ingestFiles([item('a.json')], {
      start: async () => ({ id: 1 }),
      upload: async () => undefined,
      end: async () => {
        throw new HttpError('End the file upload', 500, null);
      },
      onItem: () => undefined,
    });
    expect(result.endError).toMatch(/The server failed \(500\)/);
  });
});
