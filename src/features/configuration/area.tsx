import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';

/** Configuration parameters, feature flags and saved-query sharing. */
export const configurationArea: AreaDefinition = {
  id: 'configuration',
  nav: [
    { label: 'Configuration', path: '/configuration', icon: <TuneIcon />, section: 'Settings', reads: ['GET', '/api/v2/config'] },
    {
      label: 'Feature flags',
      path: '/feature-flags',
      icon: <FlagIcon />,
      section: 'Settings',
      reads: ['GET', '/api/v2/features'],
    },
    {
      label: 'Saved queries',
      path: '/saved-queries',
      icon: <BookmarksIcon />,
      section: 'Settings',
      reads: ['GET', '/api/v2/saved-queries'],
    },
  ],
  routes: [
    {
      path: 'configuration',
      ...lazyPage(
        () => import('./routes/ConfigurationPage'),
        [() => import('@/api/config-parameters').then((m) => m.configListQueryOptions(null))],
        page('Configuration', 'GET', '/api/v2/config'),
      ),
    },
    {
      path: 'feature-flags',
      ...lazyPage(
        () => import('./routes/FeatureFlagsPage'),
        [() => import('./api/list-features').then((m) => m.featuresQueryOptions())],
        page('Feature flags', 'GET', '/api/v2/features'),
      ),
    },
    {
      path: 'saved-queries',
      ...lazyPage(() => import('./routes/SavedQueriesPage'), undefined, page('Saved queries', 'GET', '/api/v2/saved-queries')),
    },
  ],
};
