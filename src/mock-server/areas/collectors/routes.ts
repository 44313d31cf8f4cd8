import type { Context } from 'hono';
import { collectorOps } from '../../../api/operations/collectors';
import { collectorType, type CollectorType, type KennelVersion } from '../../../api/schemas/collectors';
import type { MockArea } from '../../area';
import { badRequest, notFound } from '../../errors';
import { server } from '../../serve';
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

/** The release a path names (`latest`: the newest); an unknown one is a 404 naming release_tag (a malformed tag, a 400, is the declaration's). */
function releaseOf(collector: CollectorType, tag: string): CollectorRelease {
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
  routes(app, { db }) {
    const route = server(app, db);
    // Upstream's own refusal of a collector type, before the path's other parameters are read.
    const collector = { guard: (c: Context) => void collectorOf(c) };

    route(
      collectorOps.getCollectorManifest,
      (c, { params }) => {
        const releases = collectorReleases().get(params.collector_type)!;
        return c.json({
          data: {
            latest: releases[0]!.version,
            versions: releases.map((r) => ({ version: r.version, sha256sum: r.sha256, deprecated: r.deprecated })),
          },
        });
      },
      collector,
    );

    route(
      collectorOps.downloadCollector,
      (c, { params }) => {
        const release = releaseOf(params.collector_type, params.release_tag);
        return fileAnswer(c, release.archive, release.fileName);
      },
      collector,
    );

    route(
      collectorOps.getCollectorChecksum,
      (c, { params }) => {
        const release = releaseOf(params.collector_type, params.release_tag);
        return fileAnswer(c, new TextEncoder().encode(checksumFile(release)), checksumFileName(release));
      },
      collector,
    );

    route(collectorOps.getKennelManifest, (c) => {
      const releases = collectorReleases();
      return c.json({
        data: {
          sharphound: kennelVersions(releases.get('sharphound')!),
          azurehound: kennelVersions(releases.get('azurehound')!),
        },
      });
    });

    // An asset is a release's archive or its checksum file, by the name the manifest gives.
    route(collectorOps.getKennelAsset, (c, { params }) => {
      const name = params.asset_name;
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
