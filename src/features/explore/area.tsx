import TravelExploreIcon from '@mui/icons-material/TravelExploreOutlined';
import { redirect } from 'react-router-dom';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { graphOps } from '@/api/operations/graph';

import { entityRoutes, entityNav } from './entities-area';

/** The directory graph: Explore (search, pathfinding and Cypher) and entity look-up. */
export const exploreArea: AreaDefinition = {
  id: 'explore',
  nav: [
    {
      label: 'Explore',
      path: '/explore',
      icon: <TravelExploreIcon />,
      section: 'Assets',
      reads: graphOps.search,
    },
    ...entityNav,
  ],
  routes: [
    {
      path: 'explore',
      ...lazyPage(() => import('./routes/ExplorePage'), undefined, page('Explore', graphOps.search)),
    },
    // The Cypher page is Explore's Cypher tab: its links (`?q=`, `?saved=`, its tables' state) arrive there.
    {
      path: 'cypher',
      loader: ({ request }) => {
        const params = new URL(request.url).searchParams;
        params.set('tab', 'cypher');
        return redirect(`/explore?${params.toString()}`);
      },
      handle: page('Explore', graphOps.runCypherQuery),
    },
    ...entityRoutes,
  ],
};
