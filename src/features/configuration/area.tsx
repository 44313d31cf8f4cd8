import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import CategoryIcon from '@mui/icons-material/CategoryOutlined';
import ExtensionIcon from '@mui/icons-material/ExtensionOutlined';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import { adminOps } from '@/api/operations/admin';
import { customNodeOps } from '@/api/operations/custom-nodes';
import { extensionOps } from '@/api/operations/extensions';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { savedQueryOps } from '@/api/operations/saved-queries';

/** Configuration parameters, feature flags, custom node kinds, OpenGraph extensions and saved-query sharing. */
export const configurationArea: AreaDefinition = {
  id: 'configuration',
  nav: [
    {
      label: 'Configuration',
      path: '/configuration',
      icon: <TuneIcon />,
      section: 'Settings',
      reads: adminOps.listAppConfigParams,
    },
    {
      label: 'Feature flags',
      path: '/feature-flags',
      icon: <FlagIcon />,
      section: 'Settings',
      reads: adminOps.listFeatureFlags,
    },
    {
      label: 'Node kinds',
      path: '/node-kinds',
      icon: <CategoryIcon />,
      section: 'Settings',
      reads: customNodeOps.getCustomNodes,
    },
    {
      label: 'OpenGraph extensions',
      path: '/opengraph',
      icon: <ExtensionIcon />,
      section: 'Settings',
      reads: extensionOps.listExtensions,
    },
    {
      label: 'Saved queries',
      path: '/saved-queries',
      icon: <BookmarksIcon />,
      section: 'Settings',
      reads: savedQueryOps.listSavedQueries,
    },
  ],
  routes: [
    {
      path: 'configuration',
      ...lazyPage(
        () => import('./routes/ConfigurationPage'),
        [() => import('@/api/config-parameters').then((m) => m.configListQueryOptions(null))],
        page('Configuration', adminOps.listAppConfigParams),
      ),
    },
    {
      path: 'feature-flags',
      ...lazyPage(
        () => import('./routes/FeatureFlagsPage'),
        [() => import('./api/list-features').then((m) => m.featuresQueryOptions())],
        page('Feature flags', adminOps.listFeatureFlags),
      ),
    },
    {
      path: 'node-kinds',
      ...lazyPage(
        () => import('./routes/NodeKindsPage'),
        [() => import('@/api/custom-nodes').then((m) => m.customNodesQueryOptions())],
        page('Node kinds', customNodeOps.getCustomNodes),
      ),
    },
    {
      path: 'opengraph',
      ...lazyPage(
        () => import('./routes/ExtensionsPage'),
        [
          () => import('./api/extensions').then((m) => m.extensionsQueryOptions()),
          () => import('./api/extensions').then((m) => m.edgeKindsQueryOptions()),
        ],
        page('OpenGraph extensions', extensionOps.listExtensions),
      ),
    },
    {
      path: 'saved-queries',
      ...lazyPage(() => import('./routes/SavedQueriesPage'), undefined, page('Saved queries', savedQueryOps.listSavedQueries)),
    },
  ],
};
