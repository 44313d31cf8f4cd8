import TerminalIcon from '@mui/icons-material/TerminalOutlined';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { graphOps } from '@/api/operations/graph';

/** Cypher over the directory graph: the query page. */
export const cypherArea: AreaDefinition = {
  id: 'cypher',
  nav: [
    {
      label: 'Cypher',
      path: '/cypher',
      icon: <TerminalIcon />,
      section: 'Assets',
      reads: graphOps.runCypherQuery,
    },
  ],
  routes: [
    {
      path: 'cypher',
      ...lazyPage(() => import('./routes/CypherPage'), undefined, page('Cypher', graphOps.runCypherQuery)),
    },
  ],
};
