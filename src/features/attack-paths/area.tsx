import AttackPathsIcon from '@mui/icons-material/RouteOutlined';
import PostureIcon from '@mui/icons-material/TrendingDownOutlined';
import { attackPathOps } from '@/api/operations/attack-paths';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';

/**
 * Attack Paths and Posture (enterprise): the findings analysis derives from the graph, by environment and
 * zone, as types with their principals (graph view) or one row per finding (table view), and the posture
 * figures over time. On a community server the pages say they need the enterprise edition.
 */
export const attackPathsArea: AreaDefinition = {
  id: 'attack-paths',
  nav: [
    {
      label: 'Attack Paths',
      path: '/attack-paths',
      icon: <AttackPathsIcon />,
      section: 'Overview',
      enterpriseOnly: true,
      reads: attackPathOps.listAttackPathFindings,
    },
    {
      label: 'Posture',
      path: '/posture',
      icon: <PostureIcon />,
      section: 'Overview',
      enterpriseOnly: true,
      reads: attackPathOps.getPostureStats,
    },
  ],
  routes: [
    {
      path: 'attack-paths',
      ...lazyPage(
        () => import('./routes/AttackPathsPage'),
        undefined,
        page('Attack Paths', attackPathOps.listDomainAttackPathsDetails),
      ),
    },
    {
      path: 'attack-paths/table',
      ...lazyPage(
        () => import('./routes/FindingsTablePage'),
        undefined,
        page('Attack Paths', attackPathOps.listAttackPathFindings),
      ),
    },
    {
      path: 'posture',
      ...lazyPage(() => import('./routes/PosturePage'), undefined, page('Posture', attackPathOps.postureHistoryForEnvironments)),
    },
  ],
};
