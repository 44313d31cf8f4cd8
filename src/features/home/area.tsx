import HomeIcon from '@mui/icons-material/HomeOutlined';
import { userOps } from '@/api/operations/users';
import { lazyPage, type AreaDefinition } from '@/lib/area';

export const homeArea: AreaDefinition = {
  id: 'home',
  nav: [{ label: 'Home', path: '/', icon: <HomeIcon />, section: 'Overview' }],
  routes: [
    {
      index: true,
      ...lazyPage(
        () => import('./routes/HomePage'),
        [
          [['GET', '/api/v2/completeness'], () => import('@/api/completeness').then((m) => m.completenessQueryOptions())],
          [userOps.listUsers, () => import('@/api/users').then((m) => m.usersQueryOptions())],
          [
            ['GET', '/api/v2/asset-groups'],
            () => import('./api/count-asset-groups').then((m) => m.assetGroupsSummaryQueryOptions()),
          ],
          () => import('@/api/sso-providers').then((m) => m.ssoProvidersQueryOptions()),
          () => import('./api/recent-uploads').then((m) => m.recentUploadsQueryOptions()),
        ],
        { title: 'Home' },
      ),
    },
  ],
};
