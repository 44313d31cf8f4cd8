import type { AreaDefinition } from '../../app/area';

/** Asset groups and their members. */
export const assetGroupsArea: AreaDefinition = { id: 'asset-groups', nav: [], routes: [] };
