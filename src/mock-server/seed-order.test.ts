import { describe, expect, it } from 'vitest';
import type { MockArea } from './area';
import { areas } from './areas';
import { seedOrder } from './seed-order';

const area = (name: string, seedsAfter?: string[], seeds = true): MockArea => ({
  name,
  ...(seedsAfter ? { seedsAfter } : {}),
  ...(seeds ? { seed: () => {} } : {}),
  routes: () => {},
});
const names = (list: MockArea[]) => list.map((a) => a.name);

describe('seedOrder', () => {
  it('keeps the listed order where no area waits for a later one', () => {
    expect(names(seedOrder([area('a'), area('b', ['a']), area('c'), area('d', ['b', 'c'])]))).toEqual(['a', 'b', 'c', 'd']);
  });

  it('seeds an area after the ones it names, wherever they are listed', () => {
    expect(names(seedOrder([area('audit', ['users', 'sso']), area('users', ['sso']), area('sso'), area('config')]))).toEqual([
      'sso',
      'users',
      'audit',
      'config',
    ]);
  });

  it('leaves out the areas that seed nothing', () => {
    expect(names(seedOrder([area('auth', undefined, false), area('users'), area('spec', undefined, false)]))).toEqual(['users']);
  });

  it('refuses a name that is not an area, naming both', () => {
    expect(() => seedOrder([area('users', ['sso']), area('tokens', ['userz'])])).toThrow(
      /^The mock's area "users" seeds after "sso", which is not one of its areas \(areas\/index\.ts lists users, tokens\)\.$/,
    );
    expect(() => seedOrder([area('users'), area('tokens', ['userz'])])).toThrow(
      /"tokens" seeds after "userz", which is not one of its areas/,
    );
  });

  it('refuses a dependency on an area that seeds nothing, and seedsAfter on one that seeds nothing', () => {
    expect(() => seedOrder([area('auth', undefined, false), area('users', ['auth'])])).toThrow(
      `The mock's area "users" seeds after "auth", which seeds nothing.`,
    );
    expect(() => seedOrder([area('users'), area('auth', ['users'], false)])).toThrow(
      `The mock's area "auth" names areas to seed after, but seeds nothing itself.`,
    );
  });

  it('refuses areas that wait for each other in a circle, naming the circle', () => {
    expect(() => seedOrder([area('config'), area('users', ['tokens']), area('sso', ['users']), area('tokens', ['sso'])])).toThrow(
      `The mock's areas seed after each other in a circle (users → tokens → sso → users): no order can seed them.`,
    );
    expect(() => seedOrder([area('users', ['users'])])).toThrow('(users → users)');
  });

  it('refuses two areas of one name', () => {
    expect(() => seedOrder([area('users'), area('users')])).toThrow(`The mock lists two areas named "users" (areas/index.ts).`);
  });

  it("accepts the mock's own areas", () => {
    expect(names(seedOrder(areas))).toContain('audit');
  });
});
