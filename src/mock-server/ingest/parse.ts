/**
 * Which parser reads a collected JSON file, chosen by its content as upstream
 * does: a top-level `graph` key is OpenGraph, `meta.type` "azure" (or `data`
 * items with a `kind`) is AzureHound, anything else with `meta`/`data` is
 * SharpHound. The file is read only once: the bytes read while deciding are
 * replayed to the parser chosen.
 *
 * Each format is read by the parser registered for it in PARSERS (SharpHound,
 * AzureHound and OpenGraph all are); a format without one fails with a reason
 * saying so.
 */
import { parseAzureHound } from './azurehound';
import { IngestError, type IngestBatch } from './batch';
import { CollectedJsonReader, lowerKeys } from './json-stream';
import { parseOpenGraph } from './opengraph';
import { parseSharpHound } from './sharphound';

export type CollectedFormat = 'SharpHound' | 'AzureHound' | 'OpenGraph';

export type CollectedFileParser = (chunks: AsyncIterable<Uint8Array>) => Promise<IngestBatch>;

/** The parser of each format read. Registration point: one line per format. */
export const PARSERS: Partial<Record<CollectedFormat, CollectedFileParser>> = {
  SharpHound: parseSharpHound,
  AzureHound: parseAzureHound,
  OpenGraph: parseOpenGraph,
};

/** What the start of a file shows; `null` format: not decided yet. */
interface Sniff {
  format: CollectedFormat | null;
}

/** Decides the format from as little of the file as it takes, without keeping what it read beyond `meta`. */
class FormatSniffer {
  readonly sniff: Sniff = { format: null };
  private readonly reader: CollectedJsonReader;
  private broken = false;

  constructor() {
    this.reader = new CollectedJsonReader({
      onRootKey: (key) => {
        if (this.sniff.format === null && key === 'graph') this.sniff.format = 'OpenGraph';
      },
      onMeta: (meta) => {
        if (this.sniff.format !== null) return;
        const type = lowerKeys(meta)?.type;
        this.sniff.format = typeof type === 'string' && type.toLowerCase() === 'azure' ? 'AzureHound' : 'SharpHound';
      },
      onItem: (item) => {
        if (this.sniff.format !== null) return;
        const keys = item !== null && typeof item === 'object' && !Array.isArray(item) ? Object.keys(item) : [];
        this.sniff.format = keys.some((k) => k.toLowerCase() === 'kind') ? 'AzureHound' : 'SharpHound';
      },
    });
  }

  write(chunk: Uint8Array): void {
    if (this.broken) return;
    try {
      this.reader.write(chunk);
    } catch {
      // Malformed JSON: the parser chosen says where.
      this.broken = true;
    }
  }
}

/** The chunks already read, then the rest of the stream: a stream whose start was looked at, whole again. */
export async function* replay(read: Uint8Array[], rest: AsyncIterator<Uint8Array>): AsyncGenerator<Uint8Array> {
  yield* read;
  read.length = 0;
  for (;;) {
    const next = await rest.next();
    if (next.done) return;
    yield next.value;
  }
}

/** A collected JSON file as a batch, by the parser of its format; an IngestError names what is wrong. */
export async function parseCollectedFile(chunks: AsyncIterable<Uint8Array>): Promise<IngestBatch> {
  const sniffer = new FormatSniffer();
  const iterator = chunks[Symbol.asyncIterator]();
  const read: Uint8Array[] = [];
  for (;;) {
    if (sniffer.sniff.format !== null) break;
    const next = await iterator.next();
    if (next.done) break;
    read.push(next.value);
    sniffer.write(next.value);
  }
  const format = sniffer.sniff.format ?? 'SharpHound';
  const parser = PARSERS[format];
  if (!parser) {
    await iterator.return?.();
    throw new IngestError(`it is an ${format} file, and ${format} files are not ingested yet`);
  }
  return parser(replay(read, iterator));
}
