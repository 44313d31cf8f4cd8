/**
 * The writer of db.crash.test.ts, run as its own process (`node --import tsx
 * db.crash-child.ts <file>`) so the test can kill it with SIGKILL mid-save.
 *
 * It opens a MockDb on the file, prints `ready <n>` (n = changes the loaded
 * state holds), then applies change n+1, n+2, ... without pause, keeping up to
 * IN_FLIGHT changes unacknowledged, and prints `ack <i>` once `durable()` says
 * change i is in the file, as the app does before answering a write.
 *
 * Each change adds a record and edits an older one, both in one synchronous
 * step; the state after k changes is `expectedAfter(k)`, so the test can tell
 * a whole state from a torn or half-applied one.
 */
import { MockDb, type DbState } from './db';

export interface CrashRecord {
  id: number;
  name: string;
  edits: number;
  payload: string;
}

export interface CrashState extends DbState {
  crash: { applied: number; records: CrashRecord[] };
  /** Makes every save write about a megabyte, so a kill often lands mid-write. */
  ballast: string;
}

const IN_FLIGHT = 16;
const BALLAST = 'ballast '.repeat(128 * 1024);

export function crashSeed(): CrashState {
  return {
    schemaVersion: 1,
    counters: {},
    permissions: [],
    roles: [],
    users: [],
    ssoProviders: [],
    crash: { applied: 0, records: [] },
    ballast: BALLAST,
  } as unknown as CrashState;
}

/** Change `i` (1, 2, ...): a new record, and an edit of record ⌊i/2⌋. */
export function applyChange(state: CrashState, i: number): void {
  const { crash } = state;
  if (crash.applied !== i - 1) throw new Error(`change ${i} applied after ${crash.applied}`);
  crash.records.push({ id: i, name: `record ${i}`, edits: 0, payload: `${i}:`.padEnd(160, String(i % 10)) });
  const older = crash.records[Math.floor(i / 2) - 1];
  if (older && older.id !== i) {
    older.edits += 1;
    older.name = `record ${older.id} edited ${older.edits} times`;
  }
  crash.applied = i;
}

export function expectedAfter(k: number): CrashState {
  const state = crashSeed();
  for (let i = 1; i <= k; i++) applyChange(state, i);
  return state;
}

function main(file: string): void {
  const db = new MockDb(crashSeed, file);
  const state = () => db.state as CrashState;
  process.stdout.write(`ready ${state().crash.applied}\n`);
  let acked = state().crash.applied;
  // Fills up to IN_FLIGHT unacknowledged changes; every acknowledgement refills (writes never pause).
  const pump = () => {
    while (state().crash.applied - acked < IN_FLIGHT) {
      const i = state().crash.applied + 1;
      applyChange(state(), i);
      db.changed();
      void db.durable().then(() => {
        acked = Math.max(acked, i);
        process.stdout.write(`ack ${i}\n`);
        pump();
      });
    }
  };
  pump();
}

if (process.env.MOCK_DB_CRASH_CHILD === '1') main(process.argv[2]!);
