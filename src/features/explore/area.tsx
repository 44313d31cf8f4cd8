import TerminalIcon from '@mui/icons-material/TerminalOutlined';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { graphOps } from '@/api/operations/graph';

import { entityRoutes, entityNav } from './entities-area';

/** The directory graph: the Cypher page and entity look-up. */
export const exploreArea: AreaDefinition = {
  id: 'explore',
  nav: [
    {
      label: 'Cypher',
      path: '/cypher',
      icon: <TerminalIcon />,
      section: 'Assets',
      reads: graphOps.runCypherQuery,
    },
    ...entityNav,
  ],
  routes: [
    {
      path: 'cypher',
      ...lazyPage(() => import('./routes/CypherPage'), undefined, page('Cypher', graphOps.runCypherQuery)),
    },
    ...entityRoutes,
  ],
};
