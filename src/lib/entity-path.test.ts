import { describe, expect, it } from 'vitest';
import { entityPath, nodePath } from './entity-path';

describe('entityPath', () => {
  it('opens every kind in Explore with the object drawn and selected', () => {
    expect(entityPath('Computer', 'S-1-5-21-1-2-3-1000')).toBe(
      '/explore?search=S-1-5-21-1-2-3-1000&selected=S-1-5-21-1-2-3-1000',
    );
    expect(entityPath('Group', 'S-1-5-21-1-2-3-512')).toBe('/explore?search=S-1-5-21-1-2-3-512&selected=S-1-5-21-1-2-3-512');
    expect(entityPath('Group', '')).toBeNull();
  });

  it('writes the object id as a query value', () => {
    expect(nodePath('a b&c')).toBe('/explore?search=a+b%26c&selected=a+b%26c');
  });
});
