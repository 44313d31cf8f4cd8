import { describe, expect, it } from 'vitest';
import { HttpError } from '@/api/errors';
import { JobStatus } from '@/api/schemas/wire-format';
import {
  acceptAttribute,
  acceptedExtensions,
  acceptedKinds,
  contentTypeFor,
  ingestFiles,
  refusalReason,
  uploadOutcome,
  type IngestItem,
  type IngestResult,
} from './ingest';

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

  it('names the files a person may choose by their kind, not their content types', () => {
    expect(acceptedKinds(ACCEPTED)).toBe(
      'SharpHound, AzureHound and OpenGraph JSON files (.json), or ZIP archives of them (.zip).',
    );
    expect(acceptedKinds(['application/json'])).toBe(
      'SharpHound, AzureHound and OpenGraph JSON files (.json); this server takes no ZIP archives.',
    );
    expect(acceptedKinds(['application/x-zip-compressed'])).toMatch(
      /^ZIP archives \(\.zip\) of SharpHound, AzureHound and OpenGraph JSON files;/,
    );
    expect(acceptedKinds(ACCEPTED)).not.toMatch(/application\//);
    // A type the console has no words for is still named, after the kinds it knows.
    expect(acceptedKinds(['application/json', 'application/x-ndjson'])).toMatch(/ It also accepts: application\/x-ndjson\.$/);
    expect(acceptedKinds([])).toMatch(/^This server names no collector file kind/);
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

/** A 400 refusal of an upload with the server's message. */
function refusal(message: string) {
  return new HttpError('Upload a file', 400, {
    http_status: 400,
    timestamp: '2026-11-01T00:00:00Z',
    request_id: 'r1',
    errors: [{ context: 'file', message }],
  });
}

describe('why a file was refused', () => {
  it('keeps the server’s message when it says what is wrong with the file', () => {
    const clear = 'users.json was refused: it is not valid JSON: the file ends before the JSON is complete.';
    expect(refusalReason('users.json', 'application/json', refusal(clear))).toBe(clear);
    const type = 'users.json was refused: its "meta.type" must be one of users, groups, not "cats".';
    expect(refusalReason('users.json', 'application/json', refusal(type))).toBe(type);
  });

  it('says in words what a JSON parser’s report means', () => {
    const words =
      "notes.json is not valid JSON: the collector's output files are JSON (or a ZIP of them). Choose the file SharpHound or AzureHound wrote, whole and unchanged.";
    for (const raw of [
      'notes.json was refused: it is not valid JSON (Unexpected "h" at chunk position "0" (absolute position "0") in state START).',
      'notes.json was refused: it is not valid JSON (Unexpected STRING ("x") in state KEY).',
      "invalid character 'h' looking for beginning of value",
      'unexpected end of JSON input',
      'SyntaxError: Unexpected token h in JSON at position 0',
    ])
      expect(refusalReason('notes.json', 'application/json', refusal(raw))).toBe(words);
    expect(refusalReason('a.zip', 'application/zip', refusal('Unexpected "P" at chunk position "0" in state START'))).toMatch(
      /^a\.zip is not a readable ZIP archive: /,
    );
  });

  it('leaves other failures as they are', () => {
    expect(refusalReason('a.json', 'application/json', refusal('An unexpected error (code 7) in state storage.'))).toBe(
      'An unexpected error (code 7) in state storage.',
    );
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

describe('the outcome of a run', () => {
  const ran = (uploaded: number, refused = 0, endError: string | null = null): IngestResult => ({
    jobId: 9,
    uploaded,
    refused,
    endError,
  });
  const job = (status: number, status_message = '') => ({ status, status_message });

  it('follows the job: ingesting, analyzing, then how it ended', () => {
    expect(uploadOutcome(ran(2), undefined)).toEqual({
      severity: 'info',
      text: '2 files uploaded. The server is ingesting them.',
    });
    expect(uploadOutcome(ran(2), job(JobStatus.Ingesting, 'Ingesting 2 files.')).text).toBe(
      '2 files uploaded. The server is ingesting them.',
    );
    expect(uploadOutcome(ran(2), job(JobStatus.Analyzing)).text).toBe(
      '2 files uploaded. The server has ingested them and is analyzing the graph; the job ends when the analysis does.',
    );
    expect(uploadOutcome(ran(2), job(JobStatus.Complete, 'Ingested 2 files.'))).toEqual({
      severity: 'success',
      text: '2 files uploaded. Ingested and analyzed: the job is complete.',
    });
    expect(uploadOutcome(ran(2, 1), job(JobStatus.PartiallyComplete, 'Ingested 2 of 3 files; 1 failed.'))).toEqual({
      severity: 'warning',
      text: '2 files uploaded, 1 refused. The job is partially complete. Ingested 2 of 3 files; 1 failed.',
    });
    expect(uploadOutcome(ran(0, 2), job(JobStatus.Failed, 'None of the 2 files could be ingested.'))).toEqual({
      severity: 'error',
      text: '0 files uploaded, 2 refused. The job failed: nothing was ingested. None of the 2 files could be ingested.',
    });
    expect(uploadOutcome(ran(1), job(JobStatus.Canceled)).text).toBe(
      '1 file uploaded. The job ended (Canceled) without ingesting it.',
    );
  });

  it('speaks of one file as "it"', () => {
    expect(uploadOutcome(ran(1), job(JobStatus.Ingesting)).text).toBe('1 file uploaded. The server is ingesting it.');
    expect(uploadOutcome(ran(1), job(JobStatus.Analyzing)).text).toMatch(/^1 file uploaded\. The server has ingested it and/);
  });

  it('says when the job could not be ended, or cannot be read', () => {
    expect(uploadOutcome(ran(1), undefined).severity).toBe('info');
    expect(uploadOutcome(ran(1, 0, 'the server did not answer'), undefined)).toEqual({
      severity: 'error',
      text: '1 file uploaded. The job could not be ended: the server did not answer',
    });
    expect(uploadOutcome(ran(1), null).text).toBe(
      '1 file uploaded. The job has ended; the history below shows how its ingest goes.',
    );
  });
});
