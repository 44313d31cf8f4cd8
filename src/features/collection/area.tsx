import type { AreaDefinition } from '../../app/area';

/** Scheduled events, clients, tasks and file ingest. */
export const collectionArea: AreaDefinition = { id: 'collection', nav: [], routes: [] };
