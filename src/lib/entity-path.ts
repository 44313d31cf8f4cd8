/**
 * Path of an object in the console: Explore with the object drawn and its panel open, whatever its kind
 * (the panel learns the kind from the server). Null without an object id.
 */
export function entityPath(_kind: string, objectId: string): string | null {
  return objectId ? nodePath(objectId) : null;
}

/** Path of Explore showing the node of that object id, selected. */
export function nodePath(objectId: string): string {
  return `/explore?${new URLSearchParams({ search: objectId, selected: objectId }).toString()}`;
}
