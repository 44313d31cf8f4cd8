import { collectorManifestResponse, collectorType, kennelManifestResponse, releaseTag } from '../../../api/schemas/collectors';
import { file, type OperationArea } from '../operation';

const COLLECTOR = '/api/v2/collectors/{collector_type}';
const release = { collector_type: collectorType, release_tag: releaseTag };

export const collectorOperations: OperationArea = {
  tag: 'Collectors',
  operations: {
    [`GET ${COLLECTOR}`]: {
      summary: "A collector's releases",
      params: { collector_type: collectorType },
      answer: collectorManifestResponse,
    },
    [`GET ${COLLECTOR}/{release_tag}`]: {
      summary: "Download a collector release's archive",
      description: '`latest` names the newest release.',
      params: release,
      answer: file('application/octet-stream'),
    },
    [`GET ${COLLECTOR}/{release_tag}/checksum`]: {
      summary: "A release archive's SHA-256 checksum",
      description: 'One line: `<sha256 hex>  <file name>`, as sha256sum writes it.',
      params: release,
      answer: file('application/octet-stream'),
    },
    'GET /api/v2/kennel/manifest': { summary: "The kennel's collector files", answer: kennelManifestResponse },
    'GET /api/v2/kennel/download/{asset_name}': {
      summary: 'Download a kennel file (an archive or its checksum)',
      answer: file('application/octet-stream'),
    },
  },
};
