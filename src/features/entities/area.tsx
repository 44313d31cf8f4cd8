import type { AreaDefinition } from '../../app/area';

/** Entity look-up: computer controllers and user nodes. */
export const entitiesArea: AreaDefinition = { id: 'entities', nav: [], routes: [] };
