import DownloadIcon from '@mui/icons-material/DownloadOutlined';
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
      reads: ['GET', '/api/v2/collectors/{collector_type}'],
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
        page('Download collectors', 'GET', '/api/v2/collectors/{collector_type}'),
      ),
    },
  ],
};
