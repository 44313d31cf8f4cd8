import HomeIcon from '@mui/icons-material/HomeOutlined';
import { lazyPage, type AreaDefinition } from '../../app/area';
import { prefetchQueries } from '../../app/prefetch';

export const homeArea: AreaDefinition = {
  id: 'home',
  nav: [{ label: 'Home', path: '/', icon: <HomeIcon />, section: 'Overview' }],
  routes: [
    {
      index: true,
      ...lazyPage(
        () => import('./routes/HomePage'),
        prefetchQueries(
          () => import('../entities/api/get-completeness').then((m) => m.completenessQueryOptions()),
          () => import('./api/count-users').then((m) => m.usersSummaryQueryOptions()),
          () => import('./api/count-asset-groups').then((m) => m.assetGroupsSummaryQueryOptions()),
          () => import('./api/count-sso-providers').then((m) => m.ssoSummaryQueryOptions()),
          () => import('./api/recent-uploads').then((m) => m.recentUploadsQueryOptions()),
        ),
      ),
    },
  ],
};
