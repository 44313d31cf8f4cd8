import ManageSearchIcon from '@mui/icons-material/ManageSearchOutlined';
import { redirect } from 'react-router-dom';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { graphOps } from '@/api/operations/graph';
import { nodePath } from '@/lib/entity-path';

/** Entity look-up's navigation: an object by its object id, opened in Explore. */
export const entityNav: AreaDefinition['nav'] = [
  {
    label: 'Entity look-up',
    path: '/entities',
    icon: <ManageSearchIcon />,
    section: 'Assets',
    reads: graphOps.getUserEntity,
  },
];

/** An object's page is Explore with the object drawn and selected: links and bookmarks to the old pages arrive there. */
const toExplore = {
  loader: ({ params }: { params: { objectId?: string } }) => redirect(nodePath(params.objectId ?? '')),
  handle: page('Explore', graphOps.search),
};

/** Entity look-up's pages. */
export const entityRoutes: AreaDefinition['routes'] = [
  {
    path: 'entities',
    ...lazyPage(() => import('./routes/EntityLookupPage'), undefined, page('Entity look-up', graphOps.getUserEntity)),
  },
  { path: 'entities/computers/:objectId', ...toExplore },
  { path: 'entities/nodes/:objectId', ...toExplore },
  { path: 'entities/users/:objectId', ...toExplore },
];
