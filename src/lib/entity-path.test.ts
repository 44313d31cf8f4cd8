import { describe, expect, it } from 'vitest';
import { entityPath } from './entity-path';

describe('entityPath', () => {
  it('links users and computers, and nothing else', () => {
    expect(entityPath('Computer', 'S-1-5-21-1-2-3-1000')).toBe('/entities/computers/S-1-5-21-1-2-3-1000');
    expect(entityPath('User', 'S-1-5-21-1-2-3-1104')).toBe('/entities/users/S-1-5-21-1-2-3-1104');
    expect(entityPath('Group', 'S-1-5-21-1-2-3-512')).toBeNull();
  });
});
