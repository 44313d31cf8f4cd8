import DownloadIcon from '@mui/icons-material/DownloadOutlined';
import { collectorOps } from '@/api/operations/collectors';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';

/** Download collectors: SharpHound's and AzureHound's releases, checked against their checksums. */
export const collectorsArea: AreaDefinition = {
  id: 'collectors',
  nav: [
    {
      label: 'Download collectors',
      path: '/download-collectors',
      icon: <DownloadIcon />,
      section: 'Collection',
      reads: collectorOps.getCollectorManifest,
    },
  ],
  routes: [
    {
      path: 'download-collectors',
      ...lazyPage(
        () => import('./routes/CollectorsPage'),
        [
          () => import('./api/get-collector-manifest').then((m) => m.collectorManifestQueryOptions('sharphound')),
          () => import('./api/get-collector-manifest').then((m) => m.collectorManifestQueryOptions('azurehound')),
        ],
        page('Download collectors', collectorOps.getCollectorManifest),
      ),
    },
  ],
};
