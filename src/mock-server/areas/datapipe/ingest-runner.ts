/**
 * The ingest of the data pipeline: when a job's turn comes (pipeline.ts), its accepted files are read back from
 * the spool one after another, each parsed as it streams (ingest/parse.ts; a zip entry by entry, each entry a
 * file of its own) and applied to the ingested layer whole or not at all (ingest/layer.ts). Each file's outcome
 * (what it brought, or why it failed) is recorded on the job in the same step that applies it, so with MOCK_DB a
 * restart resumes after the last file applied: nothing is applied twice, and an accepted file whose bytes are
 * gone fails with a reason saying so.
 *
 * The turn is over once every file is done and the time the pipeline gives a turn has passed; the job then waits
 * for the analysis that follows.
 */
import type { MockConfig } from '../../config';
import { nowOf } from '../../config';
import { IngestError } from '../../ingest/batch';
import { applyBatch, emptyLayer, type IngestedLayer, type IngestSummary } from '../../ingest/layer';
import { parseCollectedFile, replay } from '../../ingest/parse';
import type { Spool } from '../../ingest/spool';
import { readZipEntries } from '../../ingest/zip';
import { graphOf } from '../../seed/live-graph';
import type { DbState, MockDb } from '../../store/db';
import type { StoredUploadedFile } from '../file-upload/store';
import { advancePipeline, jobOf, pipelineOf, type IngestTurn } from './pipeline';

/**
 * Graph ids of ingested nodes and relationships start here, far above the generated graph's and those Cypher
 * creates, so none is ever given twice.
 */
const FIRST_INGESTED_ID = 1_000_000_000;

/** The ingested layer of a state, made empty on first use. */
export function layerOf(state: DbState): IngestedLayer {
  state.ingested ??= emptyLayer(FIRST_INGESTED_ID, FIRST_INGESTED_ID);
  return state.ingested;
}

/** How long the ingest may keep the event loop before it lets other requests in. */
const SLICE_MS = 8;

/**
 * The chunks as they come, with a pause for the event loop whenever reading them (and what the reader does
 * with each) has taken a slice: kept bytes are read without I/O, so otherwise one file would hold every other
 * request until it is parsed.
 */
async function* breathing(chunks: AsyncIterable<Uint8Array>): AsyncGenerator<Uint8Array> {
  let since = performance.now();
  for await (const chunk of chunks) {
    yield chunk;
    if (performance.now() - since >= SLICE_MS) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
}

const reasonOf = (e: unknown) =>
  e instanceof IngestError ? e.message : `it could not be read (${e instanceof Error ? e.message : String(e)})`;

export class IngestRunner {
  private running: Promise<void> | null = null;

  constructor(
    private readonly db: MockDb,
    private readonly config: MockConfig,
    private readonly spool: Spool,
  ) {}

  /** Starts the ingest of the turn at the head of the queue when it waits for one (cheap when nothing waits). */
  kick(): void {
    if (this.running) return;
    const turn = this.waitingTurn();
    if (!turn) return;
    this.running = this.ingest(this.db.state, turn)
      .catch((e: unknown) => console.error('[mock] ingest failed', e))
      .finally(() => {
        this.running = null;
        this.kick();
      });
  }

  /** Resolves once no ingest runs or waits (tests, and a clean shutdown). */
  async idle(): Promise<void> {
    for (;;) {
      this.kick();
      const running = this.running;
      if (!running) return;
      await running;
    }
  }

  private waitingTurn(): IngestTurn | null {
    const p = pipelineOf(this.db.state);
    const turn = p.ingest_queue[0];
    return p.status === 'ingesting' && turn && turn.ingested === false ? turn : null;
  }

  private async ingest(state: DbState, turn: IngestTurn): Promise<void> {
    // A reset replaces the state: what was being ingested into the old one is dropped.
    const current = () => this.db.state === state && pipelineOf(state).ingest_queue[0] === turn;
    for (const file of [...(turn.pending ?? [])]) {
      if (!current()) return;
      const chunks = this.spool.read(turn.job_id, file.id);
      if (!chunks) {
        this.record(state, turn, file, null, [
          `${file.file_name} was accepted but its content is gone (the upload folder beside MOCK_DB was removed), so it was not ingested; upload it again.`,
        ]);
        continue;
      }
      // A zip or a JSON file, by its first bytes (read once: they are replayed to the reader).
      const iterator = breathing(chunks)[Symbol.asyncIterator]();
      const head = await iterator.next();
      const zip = !head.done && head.value.length >= 2 && head.value[0] === 0x50 && head.value[1] === 0x4b;
      const replayed = replay(head.done ? [] : [head.value], iterator);
      if (zip) await this.ingestArchive(state, turn, file, replayed, current);
      else await this.ingestFile(state, turn, file, file.file_name, null, replayed, current);
      if (!current()) return;
      this.spool.remove(turn.job_id, file.id);
    }
    if (!current()) return;
    turn.ingested = true;
    const now = nowOf(this.config);
    const p = pipelineOf(state);
    if (p.phase_ends_at !== null && Date.parse(p.phase_ends_at) < now) p.phase_ends_at = new Date(now).toISOString();
    advancePipeline(state, now, this.config);
    this.db.changed();
  }

  /** One JSON file (sent alone or inside an archive): parsed, then applied and recorded in one step. */
  private async ingestFile(
    state: DbState,
    turn: IngestTurn,
    file: { id: number; file_name: string },
    name: string,
    archive: { id: number; file_name: string } | null,
    chunks: AsyncIterable<Uint8Array>,
    current: () => boolean,
  ): Promise<void> {
    let summary: IngestSummary | null = null;
    let error: string | null = null;
    let at = new Date(nowOf(this.config)).toISOString();
    try {
      const batch = await parseCollectedFile(chunks);
      if (!current()) return;
      // The file's objects are last seen when it is applied, the time its record shows.
      at = new Date(nowOf(this.config)).toISOString();
      summary = applyBatch(layerOf(state), batch, () => graphOf(state), at);
    } catch (e) {
      if (!current()) return;
      error = `${name} was not ingested: ${reasonOf(e)}.`;
    }
    if (archive) this.recordEntry(state, turn, archive, name, summary, error ? [error] : [], at);
    else this.record(state, turn, file, summary, error ? [error] : [], at);
  }

  /** An archive: each entry is a file of the job (its parent the archive); the archive's own record goes. */
  private async ingestArchive(
    state: DbState,
    turn: IngestTurn,
    file: { id: number; file_name: string },
    chunks: AsyncIterable<Uint8Array>,
    current: () => boolean,
  ): Promise<void> {
    const job = jobOf(state, turn.job_id);
    const done = new Set(
      (job?.files ?? []).filter((f) => f.parent_file_name === file.file_name && f.archive_id === file.id).map((f) => f.file_name),
    );
    let entries = 0;
    let broken: string | null = null;
    try {
      await readZipEntries(chunks, async (name, content) => {
        entries++;
        if (done.has(name) || !current()) {
          for await (const _ of content) void _; // already ingested before a restart: read past it
          return;
        }
        await this.ingestFile(state, turn, file, name, file, breathing(content), current);
      });
    } catch (e) {
      broken = `${file.file_name} could not be read to its end: ${reasonOf(e)}.`;
    }
    if (!current()) return;
    if (broken || entries === 0) {
      this.record(state, turn, file, null, [broken ?? `${file.file_name} holds no files to ingest.`]);
      return;
    }
    // Every entry has its own record now: the archive itself is no longer one of the job's files.
    const owner = jobOf(state, turn.job_id);
    if (owner) {
      owner.files = owner.files.filter((f) => f.id !== file.id);
      owner.total_files -= 1;
    }
    turn.pending = (turn.pending ?? []).filter((f) => f.id !== file.id);
    this.db.changed();
  }

  /** A file sent on its own is done: its record gets the outcome, and it leaves the turn's pending list. */
  private record(
    state: DbState,
    turn: IngestTurn,
    file: { id: number; file_name: string },
    summary: IngestSummary | null,
    errors: string[],
    at = new Date(nowOf(this.config)).toISOString(),
  ): void {
    turn.pending = (turn.pending ?? []).filter((f) => f.id !== file.id);
    const job = jobOf(state, turn.job_id);
    if (job) {
      const stored = job.files.find((f) => f.id === file.id);
      if (stored) {
        stored.errors = errors;
        stored.ingested = summary;
        stored.updated_at = at;
      }
      if (errors.length > 0) job.failed_files += 1;
      job.updated_at = at;
    }
    this.db.changed();
  }

  /** An archive's entry is done: a record of its own, counted among the job's files. */
  private recordEntry(
    state: DbState,
    turn: IngestTurn,
    archive: { id: number; file_name: string },
    name: string,
    summary: IngestSummary | null,
    errors: string[],
    at = new Date(nowOf(this.config)).toISOString(),
  ): void {
    const job = jobOf(state, turn.job_id);
    if (job) {
      const record: StoredUploadedFile = {
        id: this.db.nextId('file-upload-task'),
        file_name: name,
        parent_file_name: archive.file_name,
        archive_id: archive.id,
        errors,
        ingested: summary,
        created_at: at,
        updated_at: at,
        deleted_at: null,
      };
      job.files.push(record);
      job.total_files += 1;
      if (errors.length > 0) job.failed_files += 1;
      job.updated_at = at;
    }
    this.db.changed();
  }
}
