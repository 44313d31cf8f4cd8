import ManageSearchIcon from '@mui/icons-material/ManageSearchOutlined';
import { queryKeys } from '@/api/query-keys';
import type { UserNodeInfo } from '@/api/schemas/entities';
import { lazyPage, page, type AreaDefinition } from '@/lib/area';
import { cachedName } from '@/lib/item-name';
import { keyOfRouteId } from '@/lib/route-id';
import { objectId } from './object-id';
import { graphOps } from '@/api/operations/graph';
import type { EntityNode } from './api/get-entity-node';

/** Entity look-up's navigation: an object of any kind, computer controllers and user nodes. */
export const entityNav: AreaDefinition['nav'] = [
  {
    label: 'Entity look-up',
    path: '/entities',
    icon: <ManageSearchIcon />,
    section: 'Assets',
    reads: graphOps.getUserEntity,
  },
];

/** Entity look-up's pages. */
export const entityRoutes: AreaDefinition['routes'] = [
  {
    path: 'entities',
    ...lazyPage(() => import('./routes/EntityLookupPage'), undefined, page('Entity look-up', graphOps.getUserEntity)),
  },
  {
    path: 'entities/computers/:objectId',
    ...lazyPage(
      () => import('./routes/ComputerControllersPage'),
      undefined,
      page('Computer controllers', graphOps.getComputerEntityControllers),
    ),
  },
  {
    path: 'entities/nodes/:objectId',
    ...lazyPage(() => import('./routes/EntityNodePage'), undefined, {
      ...page('Object', graphOps.getEntity),
      list: 'Entity look-up',
      itemName: cachedName<EntityNode>(
        (p, search) => keyOfRouteId(objectId, p.objectId, (id) => queryKeys.entities.node(id, search.get('counts') !== 'false')),
        (node) => (typeof node.info.props.name === 'string' ? node.info.props.name : undefined),
      ),
    }),
  },
  {
    path: 'entities/users/:objectId',
    ...lazyPage(() => import('./routes/UserNodePage'), undefined, {
      ...page('User node', graphOps.getUserEntity),
      list: 'Entity look-up',
      itemName: cachedName<UserNodeInfo>(
        (p, search) =>
          keyOfRouteId(objectId, p.objectId, (id) => queryKeys.entities.userNode(id, search.get('counts') !== 'false')),
        (node) => (typeof node.props.name === 'string' ? node.props.name : undefined),
      ),
    }),
  },
];
