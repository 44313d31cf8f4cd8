/**
 * Path of an entity's page in the console (users and computers, under Entity look-up), or null for kinds
 * without one. Pages of several areas link to them.
 */
export function entityPath(kind: string, objectId: string): string | null {
  const k = kind.toLowerCase();
  if (k === 'computer') return `/entities/computers/${encodeURIComponent(objectId)}`;
  if (k === 'user') return `/entities/users/${encodeURIComponent(objectId)}`;
  return null;
}
