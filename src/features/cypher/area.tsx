import TerminalIcon from '@mui/icons-material/TerminalOutlined';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';

/** Cypher over the directory graph: the query page. */
export const cypherArea: AreaDefinition = {
  id: 'cypher',
  nav: [
    {
      label: 'Cypher',
      path: '/cypher',
      icon: <TerminalIcon />,
      section: 'Assets',
      reads: ['POST', '/api/v2/graphs/cypher'],
    },
  ],
  routes: [
    {
      path: 'cypher',
      ...lazyPage(() => import('./routes/CypherPage'), undefined, page('Cypher', 'POST', '/api/v2/graphs/cypher')),
    },
  ],
};
