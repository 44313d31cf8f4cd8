import DataQualityIcon from '@mui/icons-material/ShowChart';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';

/**
 * Data quality: per-domain counts and completeness over time, as charts and a table. No prefetch: the
 * page's first read (the domains) is small, and every byte here is in the sign-in bundle.
 */
export const dataQualityArea: AreaDefinition = {
  id: 'data-quality',
  nav: [
    {
      label: 'Data quality',
      path: '/data-quality',
      icon: <DataQualityIcon />,
      section: 'Overview',
      reads: ['GET', '/api/v2/available-domains'],
    },
  ],
  routes: [
    {
      path: 'data-quality',
      ...lazyPage(() => import('./routes/DataQualityPage'), undefined, page('Data quality', 'GET', '/api/v2/available-domains')),
    },
  ],
};
