/**
 * Collector downloads — reference `model.collector-manifest`,
 * `model.collector-version`, `model.kennel-manifest`, `model.kennel-version`,
 * `model.kennel-asset`; operations GetCollectorManifest, DownloadCollector,
 * GetCollectorChecksum, GetKennelManifest, GetKennelAsset.
 *
 * The reference makes every field optional, so the answers are read that way:
 * a release without a version is listed but cannot be downloaded.
 */
import { z } from 'zod';

/** The collectors the service publishes releases of (reference `enum.client-type` less OpenHound, as upstream). */
export const COLLECTOR_TYPES = ['sharphound', 'azurehound'] as const;
export const collectorType = z.enum(COLLECTOR_TYPES);
export type CollectorType = z.infer<typeof collectorType>;

/** A release tag as upstream's route takes it: `v<major>.<minor>.<patch>`, or `latest`. */
export const RELEASE_TAG = /^(?:v\d+\.\d+\.\d+|latest)$/;
export const releaseTag = z
  .string()
  .regex(RELEASE_TAG, { message: 'A release tag is v<major>.<minor>.<patch> (for example v2.6.3) or latest' });

/** Reference `model.collector-version`: one release; `sha256sum` is the archive's SHA-256 in hex. */
export const collectorVersion = z.object({
  version: z.string().optional(),
  sha256sum: z.string().optional(),
  deprecated: z.boolean().optional(),
});
export type CollectorVersion = z.infer<typeof collectorVersion>;

/** Reference `model.collector-manifest`: the latest release's version and every release, newest first. */
export const collectorManifest = z.object({
  latest: z.string().optional(),
  versions: z.array(collectorVersion).optional(),
});
export type CollectorManifest = z.infer<typeof collectorManifest>;

/** GetCollectorManifest's answer. */
export const collectorManifestResponse = z.object({ data: collectorManifest.optional() });

/** Reference `model.version-meta`: a version's parts. */
export const versionMeta = z.object({
  major: z.number().int().optional(),
  minor: z.number().int().optional(),
  patch: z.number().int().optional(),
  prerelease: z.string().optional(),
});

/** Reference `model.kennel-asset`: one downloadable file of a release, for one platform. */
export const kennelAsset = z.object({
  name: z.string().optional(),
  download_url: z.string().optional(),
  checksum_download_url: z.string().optional(),
  os: z.string().optional(),
  arch: z.string().optional(),
});
export type KennelAsset = z.infer<typeof kennelAsset>;

/** Reference `model.kennel-version`: one release with its date and files. */
export const kennelVersion = z.object({
  version: z.string().optional(),
  version_meta: versionMeta.optional(),
  release_date: z.string().optional(),
  release_assets: z.array(kennelAsset).optional(),
});
export type KennelVersion = z.infer<typeof kennelVersion>;

/** Reference `model.kennel-manifest`: each collector's releases, newest first (enterprise). */
export const kennelManifest = z.object({
  sharphound: z.array(kennelVersion).optional(),
  azurehound: z.array(kennelVersion).optional(),
});
export type KennelManifest = z.infer<typeof kennelManifest>;

/** GetKennelManifest's answer. */
export const kennelManifestResponse = z.object({ data: kennelManifest.optional() });

/**
 * The SHA-256 a checksum file gives: the first 64 hex digits of `sha256sum`'s line
 * ("<hex>  <file name>"), in lower case; null when it holds none.
 */
export function checksumOf(text: string): string | null {
  const match = /^\s*([0-9a-fA-F]{64})(?![0-9a-fA-F])/.exec(text);
  return match ? match[1]!.toLowerCase() : null;
}
