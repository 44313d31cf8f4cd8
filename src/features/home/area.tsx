import HomeIcon from '@mui/icons-material/HomeOutlined';
import { userOps } from '@/api/operations/users';
import { lazyPage, type AreaDefinition } from '@/lib/area';
import { assetGroupOps } from '@/api/operations/asset-groups';
import { graphOps } from '@/api/operations/graph';

export const homeArea: AreaDefinition = {
  id: 'home',
  nav: [{ label: 'Home', path: '/', icon: <HomeIcon />, section: 'Overview' }],
  routes: [
    {
      index: true,
      ...lazyPage(
        () => import('./routes/HomePage'),
        [
          [graphOps.getCompletenessStats, () => import('@/api/completeness').then((m) => m.completenessQueryOptions())],
          [userOps.listUsers, () => import('@/api/users').then((m) => m.usersQueryOptions())],
          [
            assetGroupOps.listAssetGroups,
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
