import type { RouteObject } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { OPERATIONS } from '@/api/operations';
import type { PageHandle } from '@/lib/area';
import { areas } from './areas';

function routesOf(routes: RouteObject[]): RouteObject[] {
  return routes.flatMap((r) => [r, ...routesOf(r.children ?? [])]);
}

describe('areas and the access table', () => {
  it('gives every page a title, and names, for every page and navigation entry that reads, a declared operation', () => {
    const routes = areas.flatMap((a) => routesOf(a.routes)).filter((r) => r.index || r.path);
    for (const r of routes) expect((r.handle as PageHandle | undefined)?.title, r.path).toBeTruthy();
    const handles = routes.map((r) => r.handle as PageHandle);
    expect(handles.length).toBeGreaterThan(15);
    for (const h of handles) if (h.reads) expect(OPERATIONS, h.title).toContain(h.reads);
    for (const item of areas.flatMap((a) => a.nav)) if (item.reads) expect(OPERATIONS, item.label).toContain(item.reads);
  });

  it('gates every page that reads something: only Home, SSO providers (a public list) and file ingest are open to anyone signed in', () => {
    const open = areas
      .flatMap((a) => routesOf(a.routes))
      .filter((r) => (r.index || r.path) && !(r.handle as PageHandle).reads)
      .map((r) => (r.index ? '/' : r.path));
    expect(open).toEqual(['/', 'sso-providers', 'file-ingest']);
  });
});
