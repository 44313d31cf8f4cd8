import { defineOperations, signedIn, file } from '../operation';
import { collectorManifestResponse, collectorType, kennelManifestResponse, releaseTag } from '../schemas/collectors';

const release = { collector_type: collectorType, release_tag: releaseTag };

export const collectorOps = defineOperations('Collectors', {
  getCollectorManifest: {
    method: 'GET',
    path: '/api/v2/collectors/{collector_type}',
    access: signedIn,
    summary: "A collector's releases",
    params: { collector_type: collectorType },
    answer: collectorManifestResponse,
  },
  downloadCollector: {
    method: 'GET',
    path: '/api/v2/collectors/{collector_type}/{release_tag}',
    access: signedIn,
    summary: "Download a collector release's archive",
    description: '`latest` names the newest release.',
    params: release,
    answer: file('application/octet-stream'),
  },
  getCollectorChecksum: {
    method: 'GET',
    path: '/api/v2/collectors/{collector_type}/{release_tag}/checksum',
    access: signedIn,
    summary: "A release archive's SHA-256 checksum",
    description: 'One line: `<sha256 hex>  <file name>`, as sha256sum writes it.',
    params: release,
    answer: file('application/octet-stream'),
  },
  getKennelManifest: {
    method: 'GET',
    path: '/api/v2/kennel/manifest',
    access: signedIn,
    enterprise: true,
    summary: "The kennel's collector files",
    answer: kennelManifestResponse,
  },
  getKennelAsset: {
    method: 'GET',
    path: '/api/v2/kennel/download/{asset_name}',
    access: signedIn,
    enterprise: true,
    summary: 'Download a kennel file (an archive or its checksum)',
    answer: file('application/octet-stream'),
  },
});
