import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { accessOf } from '@/shared/route-access';
import type { PageHandle } from '@/lib/area';
import { areas } from './areas';

function routesOf(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((r) => [r, ...routesOf(r.children ?? [])]);
}

describe('areas and the access table', () => {
  it('names, for every page, its early lists and every navigation entry, an operation that is in the table', () => {
    const handles = areas.flatMap((a) => routesOf(a.routes)).flatMap((r) => (r.handle ? [r.handle as PageHandle] : []));
    expect(handles.length).toBeGreaterThan(15);
    for (const h of handles) expect(() => accessOf(...h.reads), h.title).not.toThrow();
    // The further lists a reload starts at once (listPage) are plain GETs in the table too.
    for (const h of handles) for (const also of h.alsoEarly ?? []) expect(() => accessOf('GET', also), h.title).not.toThrow();
    for (const item of areas.flatMap((a) => a.nav))
      if (item.reads) expect(() => accessOf(...item.reads!), item.label).not.toThrow();
  });

  it('gates every page that reads something: only Home, SSO providers (a public list) and file ingest are open to anyone signed in', () => {
    const open = areas
      .flatMap((a) => routesOf(a.routes))
      .filter((r) => !r.handle)
      .map((r) => (r.index ? '/' : r.path));
    expect(open).toEqual(['/', 'sso-providers', 'file-ingest']);
  });
});
