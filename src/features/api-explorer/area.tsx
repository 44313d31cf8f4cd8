import ApiIcon from '@mui/icons-material/ApiOutlined';
import { apiOps } from '@/api/operations/api';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';

/** The service's own API document, browsable, with "Try it out" under the signed-in person's session. */
export const apiExplorerArea: AreaDefinition = {
  id: 'api-explorer',
  nav: [{ label: 'API explorer', path: '/api-explorer', icon: <ApiIcon />, section: 'Settings', reads: apiOps.getApiSpec }],
  routes: [
    {
      path: 'api-explorer',
      ...lazyPage(
        () => import('./routes/ApiExplorerPage'),
        // The document starts loading with the page's code.
        [() => import('./api/get-spec').then((m) => m.apiSpecQueryOptions())],
        // A public read: the page is open to anyone signed in.
        page('API explorer', apiOps.getApiSpec),
      ),
    },
  ],
};
