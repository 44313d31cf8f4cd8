import {
  closeSync,
  fsync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  readFileSync,
  renameSync,
  rmSync,
  writeFileSync,
  writeSync,
} from 'node:fs';
import { mkdir, rm } from 'node:fs/promises';
import { promisify } from 'node:util';
import { basename, dirname, join } from 'node:path';
import type { GraphState } from '../seed/graph';
import type { AuditState } from '../audit';
import type { AssetGroupsState } from '../areas/asset-groups/store';
import type { CollectionState } from '../areas/collection/store';
import type { ConfigState } from '../areas/config/store';
import type { FileUploadState } from '../areas/file-upload/store';
import type { CustomNodesState } from '../areas/custom-nodes/store';
import type { ExtensionsState } from '../areas/extensions/store';
import type { PipelineState } from '../areas/datapipe/pipeline';
import type { DataQualityState } from '../areas/data-quality/store';
import type { TokensState } from '../areas/tokens/store';
import type { SavedQueriesState } from '../areas/saved-queries/store';
import type { ZonesState } from '../areas/privilege-zones/model';
import type { IngestedState } from '../ingest/layer';

/**
 * The mock's whole state: plain JSON, so it can be cloned for a reset and saved to a file. It is the core
 * (accounts, roles, SSO providers) and each part's own, each declared beside the code that keeps it.
 */
export interface DbState
  extends
    CoreState,
    GraphState,
    AuditState,
    AssetGroupsState,
    ZonesState,
    CollectionState,
    FileUploadState,
    ConfigState,
    CustomNodesState,
    ExtensionsState,
    SavedQueriesState,
    TokensState,
    DataQualityState,
    PipelineState,
    IngestedState {}

/** Accounts, roles and SSO providers (seed/core.ts). */
export interface CoreState {
  schemaVersion: number;
  /** Last id handed out, per kind of record. */
  counters: Record<string, number>;
  permissions: StoredPermission[];
  roles: StoredRole[];
  users: StoredUser[];
  ssoProviders: StoredSsoProvider[];
}

export interface BaseStored {
  created_at: string;
  updated_at: string;
  deleted_at: string | null;
}

export interface StoredPermission extends BaseStored {
  id: number;
  authority: string;
  name: string;
}

export interface StoredRole extends BaseStored {
  id: number;
  name: string;
  description: string;
  permission_ids: number[];
}

export interface StoredSecret extends BaseStored {
  id: number;
  digest_method: string;
  /** scrypt hash and salt, hex. The secret itself is never stored. */
  digest: string;
  salt: string;
  expires_at: string;
  needs_password_reset: boolean;
}

export interface StoredMfa {
  /** Base32 TOTP secret. */
  secret: string;
  activated: boolean;
}

export interface StoredUser extends BaseStored {
  id: string;
  principal_name: string;
  first_name: string | null;
  last_name: string | null;
  email_address: string | null;
  role_ids: number[];
  sso_provider_id: number | null;
  last_login: string;
  is_disabled: boolean;
  eula_accepted: boolean;
  all_environments: boolean;
  environment_ids: string[];
  secret: StoredSecret | null;
  mfa: StoredMfa | null;
  /** Raised when an administrator sets the password, forces a reset, disables or deletes the account: older sessions end. */
  session_generation?: number;
}

export interface StoredAutoProvision {
  enabled: boolean;
  default_role_id: number | null;
  role_provision: boolean;
}

export interface StoredSsoProvider extends BaseStored {
  id: number;
  name: string;
  slug: string;
  type: 'SAML' | 'OIDC';
  config: { auto_provision: StoredAutoProvision };
  saml?: {
    id: number;
    display_name: string;
    metadata_xml: string;
    idp_issuer_uri: string;
    idp_sso_uri: string;
    principal_attribute_mappings: string[];
  };
  oidc?: { id: number; issuer: string; client_id: string };
}

export type Seeder = (state: DbState) => void;

const fsyncAsync = promisify(fsync);

/** Flushes start at most this often; changes made meanwhile go into the next one (group commit). */
export const SAVE_INTERVAL_MS = 20;

interface Waiter {
  upTo: number;
  resolve: () => void;
  reject: (error: Error) => void;
}

/**
 * In-memory state with optional JSON-file persistence (MOCK_DB).
 *
 * What it promises:
 * - The file always holds one whole state: each save writes a temporary file
 *   next to it, fsyncs it and renames it over the old one (then fsyncs the
 *   directory), so a crash (even `kill -9` mid-write) leaves either the old or
 *   the new state, never a torn one.
 * - A change is durable before it is acknowledged: the app awaits
 *   `durable()` before answering a request that changed the state (see app.ts),
 *   so every answered write survives a crash.
 * - Saves are coalesced: the state is serialised at most once per
 *   SAVE_INTERVAL_MS and fsynced off the event loop; every change made while a
 *   save is running goes into the next one. A write therefore waits a few
 *   milliseconds longer than the time to fsync, and reads never wait.
 * - Leftover temporary files of a process that died mid-save are removed on start.
 */
export class MockDb {
  state: DbState;
  private readonly seedSnapshot: string;
  private readonly resetListeners: (() => void)[] = [];
  /** Number of changes made so far, and how many of them the file holds. */
  private changes = 0;
  private persisted = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private saving: Promise<void> | null = null;
  private lastSaveStarted = 0;
  private waiters: Waiter[] = [];
  private tmpSeq = 0;
  private folderReady = false;
  /** Saves written so far (each holding every change made before it started). */
  saves = 0;

  constructor(
    makeSeed: () => DbState,
    private readonly file: string | null = null,
  ) {
    const seed = makeSeed();
    this.seedSnapshot = JSON.stringify(seed);
    this.state = seed;
    if (file) {
      removeStaleTemporaryFiles(file);
      const loaded = this.load(file);
      if (loaded) this.state = loaded;
      else this.saveNow();
    }
  }

  /** Next integer id for a kind of record ("user-secret", "asset-group", ...). */
  nextId(kind: string): number {
    const next = (this.state.counters[kind] ?? 0) + 1;
    this.state.counters[kind] = next;
    return next;
  }

  /** Call after every change, once the change is complete; the state is saved to the file (if any) shortly after. */
  changed(): void {
    if (!this.file) return;
    this.changes++;
    this.schedule();
  }

  /** True when some change is not in the file yet. */
  get unsaved(): boolean {
    return this.persisted < this.changes;
  }

  /**
   * Resolves once every change made so far is in the file (at once without a
   * file); rejects when saving failed, so a write is never acknowledged unsaved.
   */
  durable(): Promise<void> {
    if (!this.file || this.persisted >= this.changes) return Promise.resolve();
    return new Promise((resolve, reject) => {
      this.waiters.push({ upTo: this.changes, resolve, reject });
      this.schedule();
    });
  }

  /** Restores the seed (and tells whoever keeps state outside DbState, such as sign-in throttling). */
  reset(): void {
    this.state = JSON.parse(this.seedSnapshot) as DbState;
    for (const listener of this.resetListeners) listener();
    if (this.file) {
      this.changes++;
      this.saveNow();
    }
  }

  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  /**
   * Writes the whole state now, synchronously (start, reset, exit): a
   * temporary file, fsynced, renamed over the old one. A save running in the
   * background that started earlier is then dropped, never renamed over this one.
   */
  saveNow(): void {
    if (!this.file) return;
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = null;
    }
    const upTo = this.changes;
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = this.tmpName();
    try {
      writeFileSync(tmp, JSON.stringify(this.state));
      const fd = openSync(tmp, 'r');
      try {
        fsyncSync(fd);
      } finally {
        closeSync(fd);
      }
      renameSync(tmp, this.file);
    } catch (e) {
      rmSync(tmp, { force: true });
      throw e;
    }
    syncDirectory(dirname(this.file));
    this.saves++;
    this.persisted = upTo;
    this.settle(null);
  }

  private tmpName(): string {
    return `${this.file}.${process.pid}.${++this.tmpSeq}.tmp`;
  }

  private schedule(): void {
    if (this.timer || this.saving || !this.unsaved) return;
    const wait = Math.max(0, this.lastSaveStarted + SAVE_INTERVAL_MS - Date.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      this.saving = this.saveInBackground().finally(() => {
        this.saving = null;
        this.schedule();
      });
    }, wait);
  }

  /** Resolves when no save is running or waiting to start (tests, shutdown). */
  async idle(): Promise<void> {
    while (this.saving || this.timer) await (this.saving ?? new Promise((r) => setTimeout(r, SAVE_INTERVAL_MS)));
  }

  /** One coalesced save: the state as it is now, written, fsynced off the event loop, then renamed into place. */
  private async saveInBackground(): Promise<void> {
    const file = this.file!;
    this.lastSaveStarted = Date.now();
    const upTo = this.changes;
    const tmp = this.tmpName();
    let failure: Error | null = null;
    try {
      const text = JSON.stringify(this.state);
      if (!this.folderReady) {
        await mkdir(dirname(file), { recursive: true });
        this.folderReady = true;
      }
      // Writing to the page cache is quick and done in place; the fsync, the slow part, runs in the thread
      // pool. (Every await is a turn of a busy event loop, so a save takes as few as it can.)
      const fd = openSync(tmp, 'w');
      try {
        const bytes = Buffer.from(text);
        for (let at = 0; at < bytes.length;) at += writeSync(fd, bytes, at);
        await fsyncAsync(fd);
      } finally {
        closeSync(fd);
      }
      if (this.persisted >= upTo) {
        // A synchronous save (reset, exit) wrote a newer state meanwhile.
        await rm(tmp, { force: true });
      } else {
        // Synchronous, so no saveNow() can slip between the check above and the rename.
        renameSync(tmp, file);
        await syncDirectoryAsync(dirname(file));
        this.saves++;
        this.persisted = Math.max(this.persisted, upTo);
      }
    } catch (e) {
      failure = e instanceof Error ? e : new Error(String(e));
      this.folderReady = false;
      await rm(tmp, { force: true }).catch(() => undefined);
      console.error(`[mock] could not save the state to ${file}: ${failure.message}`);
    }
    this.settle(failure ? { upTo, error: failure } : null);
    if (failure) this.lastSaveStarted = Date.now() + 1000; // do not spin on a failing disk
  }

  /** Resolves the waiters whose changes are saved; with a failure, rejects those the failed save covered. */
  private settle(failed: { upTo: number; error: Error } | null): void {
    const still: Waiter[] = [];
    for (const w of this.waiters) {
      if (w.upTo <= this.persisted) w.resolve();
      else if (failed && w.upTo <= failed.upTo) w.reject(failed.error);
      else still.push(w);
    }
    this.waiters = still;
  }

  private load(file: string): DbState | null {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return null;
    }
    let loaded: DbState;
    try {
      loaded = JSON.parse(text) as DbState;
    } catch (e) {
      throw new Error(`MOCK_DB ${file} is not valid JSON (${(e as Error).message}); move it away to start from the seed.`, {
        cause: e,
      });
    }
    const seed = JSON.parse(this.seedSnapshot) as DbState;
    if (loaded.schemaVersion !== seed.schemaVersion) return null;
    // Slices added since the file was written come from the seed.
    return { ...seed, ...loaded };
  }
}

/** Temporary files `<file>.<pid>.<n>.tmp` of processes that are gone (killed mid-save). */
function removeStaleTemporaryFiles(file: string): void {
  const dir = dirname(file);
  const prefix = `${basename(file)}.`;
  let names: string[];
  try {
    names = readdirSync(dir);
  } catch {
    return;
  }
  for (const name of names) {
    if (!name.startsWith(prefix) || !name.endsWith('.tmp')) continue;
    const pid = Number(name.slice(prefix.length).split('.')[0]);
    if (!Number.isInteger(pid) || pid === process.pid || isAlive(pid)) continue;
    rmSync(join(dir, name), { force: true });
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Makes a rename in `dir` durable (POSIX); a no-op where directories cannot be opened (Windows). */
function syncDirectory(dir: string): void {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return;
  }
  try {
    fsyncSync(fd);
  } catch {
    // Some file systems refuse fsync on a directory; the rename is still atomic.
  } finally {
    closeSync(fd);
  }
}

async function syncDirectoryAsync(dir: string): Promise<void> {
  let fd: number;
  try {
    fd = openSync(dir, 'r');
  } catch {
    return;
  }
  try {
    await fsyncAsync(fd);
  } catch {
    // As above.
  } finally {
    closeSync(fd);
  }
}
