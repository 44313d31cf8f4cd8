import BookmarksIcon from '@mui/icons-material/BookmarksOutlined';
import FlagIcon from '@mui/icons-material/FlagOutlined';
import TuneIcon from '@mui/icons-material/TuneOutlined';
import { lazyPage, type AreaDefinition } from '@/lib/area';
import { prefetchQueries } from '@/lib/prefetch';

/** Configuration parameters, feature flags and saved-query sharing. */
export const configurationArea: AreaDefinition = {
  id: 'configuration',
  nav: [
    { label: 'Configuration', path: '/configuration', icon: <TuneIcon />, section: 'Settings' },
    { label: 'Feature flags', path: '/feature-flags', icon: <FlagIcon />, section: 'Settings' },
    { label: 'Saved queries', path: '/saved-queries', icon: <BookmarksIcon />, section: 'Settings' },
  ],
  routes: [
    {
      path: 'configuration',
      ...lazyPage(
        () => import('./routes/ConfigurationPage'),
        prefetchQueries(() => import('./api/list-config').then((m) => m.configListQueryOptions(null))),
      ),
    },
    {
      path: 'feature-flags',
      ...lazyPage(
        () => import('./routes/FeatureFlagsPage'),
        prefetchQueries(() => import('./api/list-features').then((m) => m.featuresQueryOptions())),
      ),
    },
    { path: 'saved-queries', ...lazyPage(() => import('./routes/SavedQueriesPage')) },
  ],
};
