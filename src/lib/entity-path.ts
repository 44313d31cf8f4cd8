/**
 * Path of an entity's page in the console (users and computers, under Entity look-up; `any`: the page of a
 * node of any kind), or null for kinds without one. Pages of several areas link to them.
 */
export function entityPath(kind: string, objectId: string): string | null {
  const k = kind.toLowerCase();
  if (k === 'computer') return `/entities/computers/${encodeURIComponent(objectId)}`;
  if (k === 'user') return `/entities/users/${encodeURIComponent(objectId)}`;
  if (k === 'any') return nodePath(objectId);
  return null;
}

/** Path of the page of a node of any kind (its kind learnt from the server), under Entity look-up. */
export function nodePath(objectId: string): string {
  return `/entities/nodes/${encodeURIComponent(objectId)}`;
}
