import type { Context } from 'hono';
import { collectorType, releaseTag, type CollectorType, type KennelVersion } from '../../../api/schemas/collectors';
import type { MockArea } from '../../area';
import { badRequest, notFound } from '../../errors';
import { readParam } from '../../validate';
import { attachment } from '../saved-queries/transfer';
import { checksumFile, checksumFileName, collectorReleases, type CollectorRelease } from './catalog';

/** The collector a path names; anything else is upstream's 400 "Invalid collector type". */
function collectorOf(c: Context): CollectorType {
  const raw = c.req.param('collector_type') ?? '';
  const parsed = collectorType.safeParse(raw);
  if (!parsed.success) {
    throw badRequest(
      'collector_type',
      `Invalid collector type: ${raw}. The collectors are ${collectorType.options.join(' and ')}.`,
    );
  }
  return parsed.data;
}

/** The release a path names (`latest`: the newest); a malformed tag is a 400, an unknown one a 404, each naming release_tag. */
function releaseOf(c: Context): CollectorRelease {
  const collector = collectorOf(c);
  const tag = readParam(c, 'release_tag', releaseTag);
  const releases = collectorReleases().get(collector)!;
  const release = tag === 'latest' ? releases[0] : releases.find((r) => r.version === tag);
  if (!release) throw notFound('release_tag', `${collector} has no release ${tag}.`);
  return release;
}

/** A file answer as upstream writes one: octet-stream, an attachment with its file name, and its length. */
function fileAnswer(c: Context, bytes: Uint8Array<ArrayBuffer>, fileName: string) {
  return c.body(bytes, 200, {
    'Content-Type': 'application/octet-stream',
    'Content-Disposition': attachment(fileName),
    'Content-Length': String(bytes.byteLength),
  });
}

const kennelPath = (fileName: string) => `/api/v2/kennel/download/${encodeURIComponent(fileName)}`;

/** A collector's releases as the kennel manifest lists them: one archive each, with its checksum file. */
function kennelVersions(releases: readonly CollectorRelease[]): KennelVersion[] {
  return releases.map((r) => {
    const [major, minor, patch] = r.version.slice(1).split('.').map(Number);
    return {
      version: r.version,
      version_meta: { major, minor, patch, prerelease: '' },
      release_date: r.releaseDate,
      release_assets: [
        {
          name: r.fileName,
          download_url: kennelPath(r.fileName),
          checksum_download_url: kennelPath(checksumFileName(r)),
          os: r.os,
          arch: r.arch,
        },
      ],
    };
  });
}

/**
 * Collector downloads (reference GetCollectorManifest, DownloadCollector, GetCollectorChecksum, and on
 * enterprise GetKennelManifest, GetKennelAsset): SharpHound's and AzureHound's releases, each a small
 * generated ZIP archive whose checksum file gives the true SHA-256 of exactly the bytes served. Anyone
 * signed in may read and download them, as upstream.
 */
export const collectorsArea: MockArea = {
  name: 'collectors',
  routes(app) {
    app.get('/api/v2/collectors/:collector_type', (c) => {
      const releases = collectorReleases().get(collectorOf(c))!;
      return c.json({
        data: {
          latest: releases[0]!.version,
          versions: releases.map((r) => ({ version: r.version, sha256sum: r.sha256, deprecated: r.deprecated })),
        },
      });
    });

    app.get('/api/v2/collectors/:collector_type/:release_tag', (c) => {
      const release = releaseOf(c);
      return fileAnswer(c, release.archive, release.fileName);
    });

    app.get('/api/v2/collectors/:collector_type/:release_tag/checksum', (c) => {
      const release = releaseOf(c);
      return fileAnswer(c, new TextEncoder().encode(checksumFile(release)), checksumFileName(release));
    });

    app.get('/api/v2/kennel/manifest', (c) => {
      const releases = collectorReleases();
      return c.json({
        data: {
          sharphound: kennelVersions(releases.get('sharphound')!),
          azurehound: kennelVersions(releases.get('azurehound')!),
        },
      });
    });

    // An asset is a release's archive or its checksum file, by the name the manifest gives.
    app.get('/api/v2/kennel/download/:asset_name', (c) => {
      const name = c.req.param('asset_name');
      for (const release of [...collectorReleases().values()].flat()) {
        if (name === release.fileName) return fileAnswer(c, release.archive, release.fileName);
        if (name === checksumFileName(release)) {
          return fileAnswer(c, new TextEncoder().encode(checksumFile(release)), checksumFileName(release));
        }
      }
      throw notFound('asset_name', `No asset is named "${name}".`);
    });
  },
};
