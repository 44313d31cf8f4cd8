import DataQualityIcon from '@mui/icons-material/ShowChart';
import { adDomainsByName } from '@/api/domains';
import { queryKeys } from '@/api/query-keys';
import type { DomainSelector } from '@/api/schemas/data-quality';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { cachedName } from '@/lib/item-name';
import { graphOps } from '@/api/operations/graph';

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
      reads: graphOps.getAvailableDomains,
    },
  ],
  routes: [
    {
      path: 'data-quality',
      ...lazyPage(() => import('./routes/DataQualityPage'), undefined, {
        ...page('Data quality', graphOps.getAvailableDomains),
        // The domain shown: the one the address names, else the first by name (as the page picks it).
        itemName: cachedName<DomainSelector[]>(
          () => queryKeys.domains.available(),
          (domains, search) => {
            const ad = adDomainsByName(domains);
            const wanted = search.get('domain');
            return (wanted === null ? ad[0] : ad.find((d) => d.id === wanted))?.name;
          },
        ),
      }),
    },
  ],
};
