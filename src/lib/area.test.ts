import { describe, expect, it } from 'vitest';
import { isCurrent } from './area';

describe('isCurrent (the navigation entry of the page shown)', () => {
  it('marks an entry on its page and the pages under it, as NavLink does', () => {
    expect(isCurrent('/users', '/users')).toBe(true);
    expect(isCurrent('/users/', '/users')).toBe(true);
    expect(isCurrent('/users/91de1d09', '/users')).toBe(true);
    expect(isCurrent('/Users', '/users')).toBe(true);
    expect(isCurrent('/users-archive', '/users')).toBe(false);
    expect(isCurrent('/roles', '/users')).toBe(false);
  });

  it('marks Home on the home page only', () => {
    expect(isCurrent('/', '/')).toBe(true);
    expect(isCurrent('/users', '/')).toBe(false);
  });
});
