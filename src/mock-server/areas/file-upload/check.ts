/**
 * Checks one uploaded collector file as it streams in, without ever holding
 * the whole file: JSON is tokenized and parsed incrementally
 * (@streamparser/json, nothing kept but the small `meta` object and a count
 * of `data` items), a zip is checked by its header bytes, and the size limit
 * is enforced while reading. `keep` receives the bytes of a file still
 * acceptable so far (the spool that keeps them until they are ingested).
 */
import { TokenParser, Tokenizer, TokenType } from '@streamparser/json';
import { readUpTo } from '../../body';
import { plural } from '../../../shared/words';

/** Collector file types (`meta.type`) of SharpHound and AzureHound output (`sessions` and `deleted` included). */
export const COLLECTOR_FILE_TYPES = [
  'users',
  'groups',
  'computers',
  'domains',
  'gpos',
  'ous',
  'containers',
  'aiacas',
  'rootcas',
  'enterprisecas',
  'ntauthstores',
  'certtemplates',
  'issuancepolicies',
  'sessions',
  'deleted',
  'azure',
] as const;

export type UploadKind = 'json' | 'zip';

export type UploadCheck =
  | { ok: true; bytes: number; summary: string }
  | { ok: false; status: 400 | 413; context: string; message: string; bytes: number };

type ValueKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

interface Frame {
  kind: 'object' | 'array';
  /** Inside an object: the next string token is a key. */
  expectKey: boolean;
  key: string | null;
}

function kindOfToken(token: TokenType): ValueKind {
  switch (token) {
    case TokenType.STRING:
      return 'string';
    case TokenType.NUMBER:
      return 'number';
    case TokenType.TRUE:
    case TokenType.FALSE:
      return 'boolean';
    default:
      return 'null';
  }
}

/**
 * A collector JSON file, fed chunk by chunk: `{ "meta": { "type": ..., ... }, "data": [ ... ] }`.
 * The token parser checks the grammar and emits only `$.meta`; with
 * `keepStack: false` every other value is dropped as soon as it is complete.
 * A tiny frame stack records which top-level keys hold which kind of value
 * and counts the items of `data`.
 */
export class CollectorJsonCheck {
  private readonly tokenizer = new Tokenizer();
  private readonly parser = new TokenParser({ paths: ['$.meta'], keepStack: false });
  private readonly frames: Frame[] = [];
  private rootKind: ValueKind | null = null;
  private readonly rootKeys = new Map<string, ValueKind>();
  private meta: unknown = undefined;
  private first = true;
  private format: 'collector' | 'opengraph' = 'collector';
  dataItems = 0;

  constructor() {
    this.tokenizer.onToken = (info) => {
      this.parser.write(info); // throws on a grammar error
      this.track(info.token, info.value);
    };
    this.parser.onValue = ({ value, key, stack }) => {
      if (stack.length === 1 && key === 'meta') this.meta = value;
    };
  }

  /** Feeds the next bytes. Throws with the parser's message when the JSON is malformed. */
  write(chunk: Uint8Array): void {
    let bytes = chunk;
    if (this.first) {
      this.first = false;
      // A UTF-8 byte order mark is allowed before the JSON.
      if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    }
    if (bytes.length > 0) this.tokenizer.write(bytes);
  }

  /** Ends the file; returns what is wrong with it, or null when it is a well-formed collector file. */
  end(): string | null {
    try {
      this.tokenizer.end();
    } catch {
      // The tokenizer stopped in the middle of a token: the data stops short.
      return this.rootKind === null ? 'the file is empty' : 'it is not valid JSON: the file ends before the JSON is complete';
    }
    if (this.rootKind === null) return 'the file is empty';
    if (!this.parser.isEnded) return 'it is not valid JSON: the file ends before the JSON is complete';
    if (this.rootKind !== 'object')
      return 'a collected file must be a JSON object: "meta" and "data" (SharpHound, AzureHound) or "graph" (OpenGraph)';
    // An OpenGraph file: its content is checked when it is ingested, as upstream does.
    if (this.rootKeys.has('graph')) {
      if (this.rootKeys.get('graph') !== 'object') return 'its "graph" must be an object with "nodes" and "edges"';
      this.format = 'opengraph';
      return null;
    }
    if (this.rootKeys.get('meta') !== 'object') return 'it has no "meta" object, so it is not a collector file';
    const meta = this.meta as Record<string, unknown>;
    const type = meta.type;
    if (typeof type !== 'string' || !(COLLECTOR_FILE_TYPES as readonly string[]).includes(type.toLowerCase())) {
      return `its "meta.type" must be one of ${COLLECTOR_FILE_TYPES.join(', ')}, not ${JSON.stringify(type ?? null)}`;
    }
    if (this.rootKeys.get('data') !== 'array') return 'it has no "data" list, so it is not a collector file';
    return null;
  }

  /** "users file, 42 items". */
  summary(): string {
    if (this.format === 'opengraph') return 'OpenGraph file';
    const type = String((this.meta as Record<string, unknown> | undefined)?.type ?? 'collector');
    return `${type.toLowerCase()} file with ${plural(this.dataItems, 'item')}`;
  }

  private valueStart(kind: ValueKind): void {
    const depth = this.frames.length;
    if (depth === 0) this.rootKind = kind;
    else if (depth === 1 && this.frames[0]!.kind === 'object') this.rootKeys.set(this.frames[0]!.key ?? '', kind);
    else if (depth === 2 && this.frames[0]!.key === 'data' && this.frames[1]!.kind === 'array') this.dataItems++;
  }

  private track(token: TokenType, value: unknown): void {
    const top = this.frames[this.frames.length - 1];
    switch (token) {
      case TokenType.COLON:
      case TokenType.SEPARATOR:
        return;
      case TokenType.COMMA:
        if (top?.kind === 'object') top.expectKey = true;
        return;
      case TokenType.LEFT_BRACE:
        this.valueStart('object');
        this.frames.push({ kind: 'object', expectKey: true, key: null });
        return;
      case TokenType.LEFT_BRACKET:
        this.valueStart('array');
        this.frames.push({ kind: 'array', expectKey: false, key: null });
        return;
      case TokenType.RIGHT_BRACE:
      case TokenType.RIGHT_BRACKET:
        this.frames.pop();
        return;
      default:
        if (top?.kind === 'object' && top.expectKey && token === TokenType.STRING) {
          top.expectKey = false;
          top.key = value as string;
          return;
        }
        this.valueStart(kindOfToken(token));
    }
  }
}

const ZIP_SIGNATURES = [
  [0x50, 0x4b, 0x03, 0x04], // a local file header: an archive with files
  [0x50, 0x4b, 0x05, 0x06], // an end-of-central-directory record: an empty archive
];

/** A zip archive, checked by its first four bytes. */
export class ZipHeaderCheck {
  private readonly head: number[] = [];

  write(chunk: Uint8Array): void {
    for (let i = 0; i < chunk.length && this.head.length < 4; i++) this.head.push(chunk[i]!);
  }

  end(): string | null {
    if (this.head.length === 0) return 'the file is empty';
    const ok = ZIP_SIGNATURES.some((sig) => sig.every((b, i) => this.head[i] === b));
    return ok ? null : 'it is not a zip archive (it does not start with the zip signature "PK")';
  }

  summary(): string {
    return 'zip archive';
  }
}

/**
 * Reads `body` to its end through the checker for `kind`, counting bytes
 * against `maxBytes`. A malformed file is still read to its end (so the
 * client gets the answer rather than a dropped connection); an oversized one
 * is cut off at the limit.
 */
export async function checkUpload(
  body: ReadableStream<Uint8Array> | null,
  kind: UploadKind,
  maxBytes: number,
  fileName: string,
  keep?: (chunk: Uint8Array) => void,
): Promise<UploadCheck> {
  const check = kind === 'json' ? new CollectorJsonCheck() : new ZipHeaderCheck();
  let problem: string | null = null;
  const { bytes, over } = await readUpTo(body, maxBytes, (chunk) => {
    if (problem !== null) return;
    keep?.(chunk);
    try {
      check.write(chunk);
    } catch (e) {
      problem = `it is not valid JSON (${(e as Error).message})`;
    }
  });
  if (over) {
    return {
      ok: false,
      status: 413,
      context: 'file',
      message: `${fileName} is larger than the ${formatBytes(maxBytes)} limit of one upload.`,
      bytes,
    };
  }
  problem ??= check.end();
  if (problem !== null)
    return { ok: false, status: 400, context: 'file', message: `${fileName} was refused: ${problem}.`, bytes };
  return { ok: true, bytes, summary: check.summary() };
}

export function formatBytes(n: number): string {
  if (n >= 1024 ** 3) return `${+(n / 1024 ** 3).toFixed(1)} GiB`;
  if (n >= 1024 ** 2) return `${+(n / 1024 ** 2).toFixed(1)} MiB`;
  if (n >= 1024) return `${+(n / 1024).toFixed(1)} KiB`;
  return `${n} bytes`;
}
