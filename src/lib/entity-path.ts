/**
 * Path of an entity's page in the console, under Entity look-up: users and computers have pages of their own,
 * every other kind (and `any`) the page of a node of any kind. Null without an object id.
 */
export function entityPath(kind: string, objectId: string): string | null {
  if (!objectId) return null;
  const k = kind.toLowerCase();
  if (k === 'computer') return `/entities/computers/${encodeURIComponent(objectId)}`;
  if (k === 'user') return `/entities/users/${encodeURIComponent(objectId)}`;
  return nodePath(objectId);
}

/** Path of the page of a node of any kind (its kind learnt from the server), under Entity look-up. */
export function nodePath(objectId: string): string {
  return `/entities/nodes/${encodeURIComponent(objectId)}`;
}
