import { isDeepStrictEqual } from 'node:util';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { MockArea } from '../area';
import { configFromEnv, type MockConfig } from '../config';
import { emptyState, seedCore } from '../seed/core';
import { seedOrder } from '../seed-order';
import type { DbState } from '../store/db';
import { areas } from './index';

/**
 * Every area's `seedsAfter` names all the areas whose seeded state its seeder
 * reads. Each seeder runs three times: after only the areas it names (and
 * theirs), as in the real seed, and after every area that does not wait for
 * it. What it writes must be the same each time; a seeder that reads an area
 * it does not name sees that area's state in one run and not in another.
 */

const order = seedOrder(areas);
const byName = new Map(areas.map((a) => [a.name, a]));

/** The areas an area's seeder runs after, directly or through the ones it names. */
function dependenciesOf(area: MockArea, into = new Set<MockArea>()): Set<MockArea> {
  for (const name of area.seedsAfter ?? []) {
    const dependency = byName.get(name)!;
    if (!into.has(dependency)) dependenciesOf(dependency, into.add(dependency));
  }
  return into;
}

/** A state's slices, each counter on its own: what one seeder may write. */
function slices(state: DbState): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(state)) {
    if (key === 'counters') for (const [kind, n] of Object.entries(state.counters)) out.set(`counters.${kind}`, n);
    else out.set(key, value);
  }
  return out;
}

/** Runs an area's seeder on `state`: the slices it changed, as it left them. */
function writesOf(area: MockArea, state: DbState, config: MockConfig): Record<string, unknown> {
  const before = slices(structuredClone(state));
  area.seed!(state, config);
  const written: Record<string, unknown> = {};
  for (const [key, value] of slices(state)) if (!isDeepStrictEqual(before.get(key), value)) written[key] = value;
  return structuredClone(written);
}

const VARIANTS: [string, Partial<MockConfig>][] = [
  ['enterprise', { edition: 'enterprise', apiTokensEnabled: true }],
  ['community', { edition: 'community', apiTokensEnabled: true }],
  ['API tokens off', { edition: 'enterprise', apiTokensEnabled: false }],
];

beforeAll(() => {
  // The collection seed dates its running task from the mock's start.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-11-20T10:00:00Z'));
});
afterAll(() => {
  vi.useRealTimers();
});

describe.each(VARIANTS)('seed dependencies (%s)', (_, overrides) => {
  const config = configFromEnv({ MOCK_JWT_SECRET: 'seed-dependencies' }, overrides);
  let core: DbState;
  /** The real seed, all seeders in order: the state before each seeder ran, and what it wrote. */
  const before = new Map<MockArea, DbState>();
  const real = new Map<MockArea, Record<string, unknown>>();
  beforeAll(() => {
    core = emptyState();
    seedCore(core, { password: config.password });
    const state = structuredClone(core);
    for (const area of order) {
      before.set(area, structuredClone(state));
      real.set(area, writesOf(area, state, config));
    }
  });

  /** Seeds `others` (in the seed's order) on `state`, then the area: what the area wrote. */
  const seedAfter = (area: MockArea, state: DbState, others: MockArea[]) => {
    for (const other of others) {
      try {
        other.seed!(state, config);
      } catch (e) {
        throw new Error(`The ${other.name} seeder fails when it runs before the ${area.name} seeder: ${(e as Error).message}`, {
          cause: e,
        });
      }
    }
    return writesOf(area, state, config);
  };

  it.each(order.map((a) => [a.name, a] as const))('%s reads the seeded state of no area it does not seed after', (name, area) => {
    const named = dependenciesOf(area);
    const list = [...named].map((a) => a.name).join(', ') || 'none';
    const message = `The ${name} seeder writes something else when other areas than the ones it seeds after (${list}) seeded before it: it reads state of an area its seedsAfter does not name`;

    // Only the areas it names, and the ones they name.
    let alone: Record<string, unknown>;
    try {
      alone = seedAfter(
        area,
        structuredClone(core),
        order.filter((other) => named.has(other)),
      );
    } catch (e) {
      throw new Error(
        `The ${name} seeder fails when only the areas it seeds after (${list}) seeded before it: does it read another area's state? ${(e as Error).message}`,
        { cause: e },
      );
    }
    expect(alone, message).toEqual(real.get(area));

    // Every area that does not wait for it: the ones before it in the real seed, and the later ones.
    const at = order.indexOf(area);
    const later = order.slice(at + 1).filter((other) => !dependenciesOf(other).has(area));
    expect(seedAfter(area, structuredClone(before.get(area)!), later), message).toEqual(real.get(area));
  });
});
