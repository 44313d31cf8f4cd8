/**
 * File ingest in the console: which files may be sent and with which content
 * type, and the run itself (start a job, send each file with its progress,
 * end the job). A file the server refuses is marked with the server's reason
 * (in words when the server only passes on its JSON parser's report) and the
 * others still go.
 */
import { describeError } from '@/api/errors';
import { JobStatus } from '@/api/schemas/wire-format';
import { statusLabel } from '@/features/collection/status';
import { plural, pluralWord } from '@/shared/words';

/** File name endings the console offers, by the kind of content type they are sent as. */
const JSON_TYPES = ['application/json'];
const ZIP_TYPES = ['application/zip', 'application/zip-compressed', 'application/x-zip-compressed', 'application/x-zip'];

/** The file endings the accepted content types stand for (".json", ".zip"). */
export function acceptedExtensions(accepted: readonly string[]): string[] {
  const out: string[] = [];
  if (accepted.some((t) => JSON_TYPES.includes(t))) out.push('.json');
  if (accepted.some((t) => ZIP_TYPES.includes(t))) out.push('.zip');
  return out;
}

/**
 * The files a person may choose, in words, from the content types the server accepts: the JSON files
 * SharpHound and AzureHound write, ZIP archives of them, or both. Types the console has no words for
 * are named as the server gave them, last.
 */
export function acceptedKinds(accepted: readonly string[]): string {
  const json = accepted.some((t) => JSON_TYPES.includes(t));
  const zip = accepted.some((t) => ZIP_TYPES.includes(t));
  const other = accepted.filter((t) => !JSON_TYPES.includes(t) && !ZIP_TYPES.includes(t));
  const known =
    json && zip
      ? 'SharpHound, AzureHound and OpenGraph JSON files (.json), or ZIP archives of them (.zip).'
      : json
        ? 'SharpHound, AzureHound and OpenGraph JSON files (.json); this server takes no ZIP archives.'
        : zip
          ? 'ZIP archives (.zip) of SharpHound, AzureHound and OpenGraph JSON files; this server takes no loose JSON files.'
          : 'This server names no collector file kind the console knows, so no file can be chosen here.';
  return other.length > 0 ? `${known} It also accepts: ${other.join(', ')}.` : known;
}

/** The `accept` attribute of the file picker: the endings and the content types. */
export function acceptAttribute(accepted: readonly string[]): string {
  return [...acceptedExtensions(accepted), ...accepted].join(',');
}

/**
 * The content type to send `file` with, or null when it is not an accepted
 * kind. The browser's type is used when the server accepts it (Windows says
 * application/x-zip-compressed); otherwise the name's ending decides.
 */
export function contentTypeFor(file: { name: string; type: string }, accepted: readonly string[]): string | null {
  const type = file.type.toLowerCase();
  if (type && accepted.includes(type)) return type;
  const name = file.name.toLowerCase();
  if (name.endsWith('.json')) return accepted.find((t) => JSON_TYPES.includes(t)) ?? null;
  if (name.endsWith('.zip')) return accepted.find((t) => ZIP_TYPES.includes(t)) ?? null;
  return null;
}

/**
 * What a JSON parser reports, rather than what is wrong with the file: positions in a chunk, parser
 * states ("Unexpected "h" at chunk position "0" (absolute position "0") in state START"), Go's
 * encoding/json ("invalid character 'h' looking for beginning of value"), JavaScript's JSON.parse.
 */
const PARSER_REPORT =
  /chunk position|absolute position|in state [A-Z_]{3,}|Tokenizer ended|Parser ended|Unexpected (?:token|end of JSON|partial|[A-Z]{3,} \(|"[^"]*" at)|invalid character '.+' (?:looking for|after|in )|unexpected end of JSON input|SyntaxError|JSON\.parse/;

/**
 * Why the server refused `name`, for a person. The server's own message when it says what is wrong
 * with the file; when it only passes on its parser's report, what that means in words.
 */
export function refusalReason(name: string, contentType: string, error: unknown): string {
  const message = describeError(error);
  if (!PARSER_REPORT.test(message)) return message;
  return ZIP_TYPES.includes(contentType)
    ? `${name} is not a readable ZIP archive: the collector's output files are JSON, or a ZIP of them. Choose the file SharpHound or AzureHound wrote, whole and unchanged.`
    : `${name} is not valid JSON: the collector's output files are JSON (or a ZIP of them). Choose the file SharpHound or AzureHound wrote, whole and unchanged.`;
}

export type IngestState = 'waiting' | 'uploading' | 'uploaded' | 'refused' | 'skipped';

export interface IngestItem {
  key: string;
  file: File;
  name: string;
  size: number;
  /** Null when the file is not an accepted kind (it is not sent). */
  contentType: string | null;
  state: IngestState;
  /** 0 to 1. */
  progress: number;
  /** The server's reason for a refusal, or why the file was not sent. */
  message: string | null;
}

export interface IngestDeps {
  start(): Promise<{ id: number }>;
  upload(input: {
    jobId: number;
    file: File;
    name: string;
    contentType: string;
    onProgress: (loaded: number, total: number) => void;
    signal?: AbortSignal;
  }): Promise<unknown>;
  end(jobId: number): Promise<unknown>;
  /** Called whenever one file's state or progress changes. */
  onItem(key: string, patch: Partial<IngestItem>): void;
  signal?: AbortSignal;
}

export interface IngestResult {
  jobId: number;
  uploaded: number;
  refused: number;
  /** Set when the job could not be ended. */
  endError: string | null;
}

/**
 * Sends the waiting files one after another in a new job, then ends the job.
 * Throws only when the job cannot be started (nothing was sent then).
 */
export async function ingestFiles(items: readonly IngestItem[], deps: IngestDeps): Promise<IngestResult> {
  const toSend = items.filter((i) => i.state === 'waiting' && i.contentType !== null);
  const job = await deps.start();
  let uploaded = 0;
  let refused = 0;
  for (const item of toSend) {
    if (deps.signal?.aborted) break;
    deps.onItem(item.key, { state: 'uploading', progress: 0, message: null });
    try {
      await deps.upload({
        jobId: job.id,
        file: item.file,
        name: item.name,
        contentType: item.contentType!,
        signal: deps.signal,
        onProgress: (loaded, total) => deps.onItem(item.key, { progress: total > 0 ? Math.min(1, loaded / total) : 0 }),
      });
      uploaded += 1;
      deps.onItem(item.key, { state: 'uploaded', progress: 1 });
    } catch (error) {
      refused += 1;
      deps.onItem(item.key, { state: 'refused', message: refusalReason(item.name, item.contentType!, error) });
    }
  }
  let endError: string | null = null;
  try {
    await deps.end(job.id);
  } catch (error) {
    endError = describeError(error);
  }
  return { jobId: job.id, uploaded, refused, endError };
}

export type OutcomeSeverity = 'info' | 'success' | 'warning' | 'error';

/**
 * What the banner after a run says: what was sent, then where the upload job is, as the server last
 * reported it (`job`: undefined until read, null when it cannot be read). The server's own status
 * message, a sentence, follows where it adds something.
 */
export function uploadOutcome(
  result: IngestResult,
  job: { status: number; status_message: string } | null | undefined,
): { severity: OutcomeSeverity; text: string } {
  const sent = `${plural(result.uploaded, 'file')} uploaded${result.refused > 0 ? `, ${result.refused} refused` : ''}.`;
  const say = (severity: OutcomeSeverity, then: string) => ({ severity, text: `${sent} ${then}` });
  const them = pluralWord(result.uploaded, 'it', 'them');
  const server = job?.status_message ? ` ${job.status_message}` : '';
  if (result.endError) return say('error', `The job could not be ended: ${result.endError}`);
  if (job === null) return say('info', 'The job has ended; the history below shows how its ingest goes.');
  if (
    job === undefined ||
    job.status === JobStatus.Ready ||
    job.status === JobStatus.Running ||
    job.status === JobStatus.Ingesting
  )
    return say('info', result.uploaded > 0 ? `The server is ingesting ${them}.` : 'The job is ending.');
  switch (job.status) {
    case JobStatus.Analyzing:
      return say('info', `The server has ingested ${them} and is analyzing the graph; the job ends when the analysis does.`);
    case JobStatus.Complete:
      return say(result.refused > 0 ? 'warning' : 'success', 'Ingested and analyzed: the job is complete.');
    case JobStatus.PartiallyComplete:
      return say('warning', `The job is partially complete.${server}`);
    case JobStatus.Failed:
      return say('error', `The job failed: nothing was ingested.${server}`);
    default:
      return say('warning', `The job ended (${statusLabel(job.status)}) without ingesting ${them}.${server}`);
  }
}
