import { createHash } from 'node:crypto';
import { unzipSync, strFromU8 } from 'fflate';
import { beforeEach, describe, expect, it } from 'vitest';
import { checksumOf, collectorManifestResponse, kennelManifestResponse } from '../../../api/schemas/collectors';
import { errorsOf, TEST_ORIGIN, testMockServer, tokenFor } from '../../../testing/mock-service';
import type { MockServer } from '../../app';

let mock: MockServer;
let uploader: string;

beforeEach(async () => {
  mock = testMockServer();
  // The role with the fewest permissions: downloads are for anyone signed in.
  uploader = await tokenFor(mock, 'uploader');
});

/** A GET answered as bytes, with its headers. */
async function get(path: string, token: string | null = uploader, server = mock) {
  const res = await server.fetch(
    new Request(`${TEST_ORIGIN}${path}`, { headers: token ? { Authorization: `Bearer ${token}` } : {} }),
  );
  return { status: res.status, headers: res.headers, bytes: new Uint8Array(await res.arrayBuffer()) };
}
const json = (bytes: Uint8Array) => JSON.parse(new TextDecoder().decode(bytes)) as unknown;
const text = (bytes: Uint8Array) => new TextDecoder().decode(bytes);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('GET /api/v2/collectors/{collector_type}', () => {
  it('lists SharpHound and AzureHound releases, newest first, the latest named and an old one deprecated', async () => {
    for (const type of ['sharphound', 'azurehound']) {
      const res = await get(`/api/v2/collectors/${type}`);
      expect(res.status).toBe(200);
      const manifest = collectorManifestResponse.parse(json(res.bytes)).data!;
      const versions = manifest.versions!;
      expect(versions.length).toBeGreaterThanOrEqual(3);
      expect(manifest.latest).toBe(versions[0]!.version);
      for (const v of versions) {
        expect(v.version).toMatch(/^v\d+\.\d+\.\d+$/);
        expect(v.sha256sum).toMatch(/^[0-9a-f]{64}$/);
      }
      expect(versions.filter((v) => v.deprecated)).toHaveLength(1);
      expect(versions[0]!.deprecated).toBe(false);
    }
  });

  it('refuses a collector it does not publish with a 400 naming collector_type, and answers nobody signed out', async () => {
    const res = await get('/api/v2/collectors/openhound');
    expect(res.status).toBe(400);
    expect(errorsOf(json(res.bytes))[0]).toMatchObject({
      context: 'collector_type',
      message: expect.stringContaining('openhound'),
    });
    expect((await get('/api/v2/collectors/sharphound', null)).status).toBe(401);
  });
});

describe('GET /api/v2/collectors/{collector_type}/{release_tag}', () => {
  it('serves a ZIP archive named as upstream names it, whose SHA-256 is the manifest’s and the checksum file’s', async () => {
    const manifest = collectorManifestResponse.parse(json((await get('/api/v2/collectors/sharphound')).bytes)).data!;
    const release = manifest.versions![1]!;
    const res = await get(`/api/v2/collectors/sharphound/${release.version}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('Content-Type')).toBe('application/octet-stream');
    expect(res.headers.get('Content-Disposition')).toBe(`attachment; filename="sharphound-${release.version}.zip"`);
    expect(Number(res.headers.get('Content-Length'))).toBe(res.bytes.byteLength);

    const files = unzipSync(res.bytes);
    expect(strFromU8(files['README.txt']!)).toContain(`SharpHound ${release.version}`);
    expect(Object.keys(files)).toContain(`SharpHound-${release.version}.bin`);

    expect(sha256(res.bytes)).toBe(release.sha256sum);
    const checksum = await get(`/api/v2/collectors/sharphound/${release.version}/checksum`);
    expect(checksum.status).toBe(200);
    expect(checksum.headers.get('Content-Disposition')).toBe(`attachment; filename="sharphound-${release.version}.zip.sha256"`);
    expect(text(checksum.bytes)).toBe(`${sha256(res.bytes)}  sharphound-${release.version}.zip\n`);
    expect(checksumOf(text(checksum.bytes))).toBe(sha256(res.bytes));
  });

  it('takes latest for the newest release, archive and checksum', async () => {
    const manifest = collectorManifestResponse.parse(json((await get('/api/v2/collectors/azurehound')).bytes)).data!;
    const latest = await get('/api/v2/collectors/azurehound/latest');
    expect(latest.headers.get('Content-Disposition')).toBe(`attachment; filename="azurehound-${manifest.latest}.zip"`);
    expect(sha256(latest.bytes)).toBe(manifest.versions![0]!.sha256sum);
    expect(checksumOf(text((await get('/api/v2/collectors/azurehound/latest/checksum')).bytes))).toBe(sha256(latest.bytes));
  });

  it('serves the same bytes on every start', async () => {
    const first = await get('/api/v2/collectors/sharphound/latest');
    const other = testMockServer();
    const again = await get('/api/v2/collectors/sharphound/latest', await tokenFor(other, 'reader'), other);
    expect(sha256(again.bytes)).toBe(sha256(first.bytes));
  });

  it('answers a malformed tag 400 and an unknown release 404, each naming release_tag', async () => {
    for (const suffix of ['', '/checksum']) {
      const bad = await get(`/api/v2/collectors/sharphound/2.6${suffix}`);
      expect(bad.status).toBe(400);
      expect(errorsOf(json(bad.bytes))[0]!.context).toBe('release_tag');
      const unknown = await get(`/api/v2/collectors/sharphound/v9.9.9${suffix}`);
      expect(unknown.status).toBe(404);
      expect(errorsOf(json(unknown.bytes))[0]).toMatchObject({
        context: 'release_tag',
        message: expect.stringContaining('v9.9.9'),
      });
      const wrongType = await get(`/api/v2/collectors/bloodhound/latest${suffix}`);
      expect(wrongType.status).toBe(400);
      expect(errorsOf(json(wrongType.bytes))[0]!.context).toBe('collector_type');
    }
  });
});

describe('kennel (enterprise)', () => {
  it('lists each collector’s releases with their assets, which download the same archives and true checksums', async () => {
    const res = await get('/api/v2/kennel/manifest');
    expect(res.status).toBe(200);
    const kennel = kennelManifestResponse.parse(json(res.bytes)).data!;
    const community = collectorManifestResponse.parse(json((await get('/api/v2/collectors/sharphound')).bytes)).data!;
    expect(kennel.sharphound!.map((v) => v.version)).toEqual(community.versions!.map((v) => v.version));
    expect(kennel.azurehound!.length).toBeGreaterThanOrEqual(3);

    const [newest] = kennel.sharphound!;
    expect(newest!.version_meta).toMatchObject({
      major: expect.any(Number),
      minor: expect.any(Number),
      patch: expect.any(Number),
    });
    expect(Date.parse(newest!.release_date!)).not.toBeNaN();
    const asset = newest!.release_assets![0]!;
    expect(asset).toMatchObject({ name: `sharphound-${community.latest}.zip`, os: expect.any(String), arch: expect.any(String) });

    const archive = await get(asset.download_url!);
    expect(archive.status).toBe(200);
    expect(sha256(archive.bytes)).toBe(community.versions![0]!.sha256sum);
    const checksum = await get(asset.checksum_download_url!);
    expect(checksumOf(text(checksum.bytes))).toBe(sha256(archive.bytes));
  });

  it('answers an unknown asset 404 naming asset_name', async () => {
    const res = await get('/api/v2/kennel/download/sharphound-v0.0.1.zip');
    expect(res.status).toBe(404);
    expect(errorsOf(json(res.bytes))[0]!.context).toBe('asset_name');
  });

  it('does not exist on a community server, where the collector downloads still work', async () => {
    const community = testMockServer({ edition: 'community' });
    const token = await tokenFor(community, 'reader');
    expect((await get('/api/v2/kennel/manifest', token, community)).status).toBe(404);
    expect((await get('/api/v2/kennel/download/sharphound-v2.6.3.zip', token, community)).status).toBe(404);
    expect((await get('/api/v2/collectors/sharphound/latest', token, community)).status).toBe(200);
  });
});
