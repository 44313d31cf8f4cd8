import { mkdirSync, readFileSync, renameSync, writeFileSync, openSync, fsyncSync, closeSync } from 'node:fs';
import { dirname } from 'node:path';

/**
 * The mock's whole state: plain JSON, so it can be cloned for a reset and
 * saved to a file. Areas add their own slices by augmenting this interface:
 *
 *   declare module '../store/db' { interface DbState { assetGroups: StoredAssetGroup[] } }
 */
export interface DbState {
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

/** In-memory state with optional atomic JSON-file persistence. */
export class MockDb {
  state: DbState;
  private readonly seedSnapshot: string;
  private saveTimer: ReturnType<typeof setTimeout> | null = null;
  private readonly resetListeners: (() => void)[] = [];

  constructor(
    makeSeed: () => DbState,
    private readonly file: string | null = null,
  ) {
    const seed = makeSeed();
    this.seedSnapshot = JSON.stringify(seed);
    this.state = seed;
    if (file) {
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

  /** Call after every change; the state is written to the file (if any) shortly after. */
  changed(): void {
    if (!this.file) return;
    if (this.saveTimer) return;
    this.saveTimer = setTimeout(() => {
      this.saveTimer = null;
      this.saveNow();
    }, 25);
  }

  /** Restores the seed (and tells whoever keeps state outside DbState, such as sign-in throttling). */
  reset(): void {
    this.state = JSON.parse(this.seedSnapshot) as DbState;
    for (const listener of this.resetListeners) listener();
    if (this.file) this.saveNow();
  }

  onReset(listener: () => void): void {
    this.resetListeners.push(listener);
  }

  /** Writes the whole state to a temporary file, syncs it and renames it over the old one. */
  saveNow(): void {
    if (!this.file) return;
    if (this.saveTimer) {
      clearTimeout(this.saveTimer);
      this.saveTimer = null;
    }
    mkdirSync(dirname(this.file), { recursive: true });
    const tmp = `${this.file}.${process.pid}.tmp`;
    writeFileSync(tmp, JSON.stringify(this.state));
    const fd = openSync(tmp, 'r');
    try {
      fsyncSync(fd);
    } finally {
      closeSync(fd);
    }
    renameSync(tmp, this.file);
  }

  private load(file: string): DbState | null {
    let text: string;
    try {
      text = readFileSync(file, 'utf8');
    } catch {
      return null;
    }
    const loaded = JSON.parse(text) as DbState;
    const seed = JSON.parse(this.seedSnapshot) as DbState;
    if (loaded.schemaVersion !== seed.schemaVersion) return null;
    // Slices added since the file was written come from the seed.
    return { ...seed, ...loaded };
  }
}
