import type { AreaDefinition } from '../../app/area';

/** Configuration parameters, feature flags and saved-query sharing. */
export const configurationArea: AreaDefinition = { id: 'configuration', nav: [], routes: [] };
