/**
 * Reads a collected JSON file as it streams in, holding only the value being
 * built: the top-level `meta` object and the items of the top-level `data`
 * list are handed over one at a time (each dropped by the parser once
 * emitted), and what the other top-level keys hold is recorded by kind. A
 * UTF-8 byte-order mark before the JSON is skipped.
 */
import { TokenParser, Tokenizer, TokenType } from '@streamparser/json';
import { IngestError } from './batch';

export type ValueKind = 'object' | 'array' | 'string' | 'number' | 'boolean' | 'null';

interface Frame {
  kind: 'object' | 'array';
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

export interface CollectedJsonHandlers {
  /** The top-level `meta` object (or whatever `meta` holds). */
  onMeta?: (meta: unknown) => void;
  /** One item of the top-level `data` list, with its position. */
  onItem?: (item: unknown, index: number) => void;
  /** A top-level key as soon as its name is read (before its value). */
  onRootKey?: (key: string) => void;
}

/** A collected JSON file fed chunk by chunk; `end()` says what the top level held. */
export class CollectedJsonReader {
  private readonly tokenizer = new Tokenizer();
  private readonly parser: TokenParser;
  private readonly frames: Frame[] = [];
  private first = true;
  private failed: Error | null = null;
  rootKind: ValueKind | null = null;
  readonly rootKeys = new Map<string, ValueKind>();
  items = 0;

  constructor(private readonly handlers: CollectedJsonHandlers) {
    const paths = [...(handlers.onMeta ? ['$.meta'] : []), ...(handlers.onItem ? ['$.data.*'] : [])];
    this.parser = new TokenParser({ paths: paths.length > 0 ? paths : ['$.__none__'], keepStack: false });
    this.tokenizer.onToken = (info) => {
      this.parser.write(info);
      this.track(info.token, info.value);
    };
    this.parser.onValue = ({ value, key, stack }) => {
      if (stack.length === 1 && key === 'meta') this.handlers.onMeta?.(value);
      else if (stack.length === 2 && typeof key === 'number' && this.frames[0]?.key === 'data') {
        this.handlers.onItem?.(value, key);
      }
    };
  }

  /** Feeds the next bytes; throws an IngestError when the JSON is malformed (or a handler's error). */
  write(chunk: Uint8Array): void {
    if (this.failed) throw this.failed;
    let bytes = chunk;
    if (this.first && bytes.length > 0) {
      this.first = false;
      if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes = bytes.subarray(3);
    }
    if (bytes.length === 0) return;
    try {
      this.tokenizer.write(bytes);
    } catch (e) {
      this.failed = e instanceof IngestError ? e : new IngestError(`it is not valid JSON (${(e as Error).message})`);
      throw this.failed;
    }
  }

  /** Ends the file: throws an IngestError when it is empty or stops before the JSON is complete. */
  end(): void {
    if (this.failed) throw this.failed;
    try {
      this.tokenizer.end();
    } catch {
      throw new IngestError(
        this.rootKind === null ? 'the file is empty' : 'it is not valid JSON: the file ends before the JSON is complete',
      );
    }
    if (this.rootKind === null) throw new IngestError('the file is empty');
    if (!this.parser.isEnded) throw new IngestError('it is not valid JSON: the file ends before the JSON is complete');
  }

  private valueStart(kind: ValueKind): void {
    const depth = this.frames.length;
    if (depth === 0) this.rootKind = kind;
    else if (depth === 1 && this.frames[0]!.kind === 'object') this.rootKeys.set(this.frames[0]!.key ?? '', kind);
    else if (depth === 2 && this.frames[0]!.key === 'data' && this.frames[1]!.kind === 'array') this.items++;
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
          if (this.frames.length === 1) this.handlers.onRootKey?.(top.key);
          return;
        }
        this.valueStart(kindOfToken(token));
    }
  }
}

/** An object's own keys lower-cased (collectors' JSON is read case-insensitively, as upstream's decoder does). */
export function lowerKeys(value: unknown): Record<string, unknown> | null {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return null;
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(value)) out[k.toLowerCase()] = v;
  return out;
}
