import { describe, expect, it } from 'vitest';
import { entityPath, nodePath } from './entity-path';

describe('entityPath', () => {
  it('links users and computers to their own pages, every other kind to the page of any node', () => {
    expect(entityPath('Computer', 'S-1-5-21-1-2-3-1000')).toBe('/entities/computers/S-1-5-21-1-2-3-1000');
    expect(entityPath('User', 'S-1-5-21-1-2-3-1104')).toBe('/entities/users/S-1-5-21-1-2-3-1104');
    expect(entityPath('Group', 'S-1-5-21-1-2-3-512')).toBe('/entities/nodes/S-1-5-21-1-2-3-512');
    expect(entityPath('Group', '')).toBeNull();
  });

  it('opens a node of any kind by its object id', () => {
    expect(entityPath('any', 'S-1-5-21-1-2-3-512')).toBe('/entities/nodes/S-1-5-21-1-2-3-512');
    expect(nodePath('a b')).toBe('/entities/nodes/a%20b');
  });
});
