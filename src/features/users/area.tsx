import type { AreaDefinition } from '../../app/area';

/** Users and roles: list, detail, dialogs; roles and permissions. */
export const usersArea: AreaDefinition = { id: 'users', nav: [], routes: [] };
