import type { MockArea } from './area';

/**
 * The areas that seed, in the order their seeders run: every area after the
 * areas it names in `seedsAfter`, otherwise in the order they are listed
 * (areas/index.ts), so the seed comes out the same whatever that list's order.
 * A name that is not a seeding area, or areas that wait for each other in a
 * circle, stop the mock's start with a message saying which.
 */
export function seedOrder(areas: readonly MockArea[]): MockArea[] {
  const byName = new Map<string, MockArea>();
  for (const area of areas) {
    if (byName.has(area.name)) throw new Error(`The mock lists two areas named "${area.name}" (areas/index.ts).`);
    byName.set(area.name, area);
  }
  for (const area of areas) {
    const after = area.seedsAfter ?? [];
    if (after.length > 0 && !area.seed) {
      throw new Error(`The mock's area "${area.name}" names areas to seed after, but seeds nothing itself.`);
    }
    for (const name of after) {
      const dependency = byName.get(name);
      if (!dependency) {
        throw new Error(
          `The mock's area "${area.name}" seeds after "${name}", which is not one of its areas (areas/index.ts lists ${[...byName.keys()].join(', ')}).`,
        );
      }
      if (!dependency.seed) throw new Error(`The mock's area "${area.name}" seeds after "${name}", which seeds nothing.`);
    }
  }

  const order: MockArea[] = [];
  const placed = new Set<MockArea>();
  const visit = (area: MockArea, path: MockArea[]) => {
    if (placed.has(area)) return;
    const at = path.indexOf(area);
    if (at >= 0) {
      const circle = [...path.slice(at), area].map((a) => a.name).join(' → ');
      throw new Error(`The mock's areas seed after each other in a circle (${circle}): no order can seed them.`);
    }
    for (const name of area.seedsAfter ?? []) visit(byName.get(name)!, [...path, area]);
    placed.add(area);
    order.push(area);
  };
  for (const area of areas) if (area.seed) visit(area, []);
  return order;
}
