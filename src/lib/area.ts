import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Operation } from './access';
import { prefetchOnEnter, type Prefetch } from './prefetch';

export type NavSection = 'Overview' | 'Access' | 'Assets' | 'Collection' | 'Settings';

export interface NavItem {
  label: string;
  path: string;
  icon: ReactElement;
  section: NavSection;
  /** Shown with an "Enterprise" mark; the page explains itself on a community server. */
  enterpriseOnly?: boolean;
  /** Hidden from people who may not call this operation (the page's first read), by the access table. */
  reads?: Operation;
}

/**
 * Whether the navigation entry for `path` is the current page's: that path or a page under it (Home only
 * itself), as NavLink would say, without it matching a path pattern per entry on every render.
 */
export function isCurrent(pathname: string, path: string): boolean {
  const here = pathname.toLowerCase().replace(/\/+$/, '') || '/';
  const target = path.toLowerCase();
  if (target === '/') return here === '/';
  return here === target || here.startsWith(`${target}/`);
}

/**
 * A page's route handle: its title and the operation it reads first. A person
 * who may not call it gets a page that says which permission is missing and
 * who can grant it, in place of the page (the shell checks; see AppShell).
 */
export interface PageHandle {
  title: string;
  reads: Operation;
  /**
   * The page's first request is a plain GET of exactly `reads`' path (no parameters): a reload of the page
   * starts it at start-up, before the page's code has loaded, for people who may call it (see
   * src/app/first-reads.ts).
   */
  early?: boolean;
  /**
   * With `early`: the further plain GETs (no parameters) the page makes as it first shows, the lists its
   * columns and filters name things from. A reload starts them at start-up too, for people who may call them.
   */
  alsoEarly?: readonly string[];
}

/**
 * One area of the console: its navigation entries and its routes (children
 * of the signed-in shell; pages lazy-loaded). Listed in src/app/areas.ts.
 */
export interface AreaDefinition {
  id: string;
  nav: NavItem[];
  routes: RouteObject[];
}

/**
 * A lazy route whose module's default export is the page component; with `prefetch`,
 * the page's first queries start as the navigation starts, beside its code.
 * With `handle`, the page is offered only to people who may call what it reads
 * (and its prefetch is skipped for the others).
 */
export function lazyPage(
  load: () => Promise<{ default: React.ComponentType }>,
  prefetch?: Prefetch,
  handle?: PageHandle,
): Pick<RouteObject, 'lazy' | 'loader' | 'shouldRevalidate' | 'handle'> {
  return {
    lazy: async () => ({ Component: (await load()).default }),
    ...(prefetch ? prefetchOnEnter(prefetch, handle?.reads) : {}),
    ...(handle ? { handle } : {}),
  };
}

/** A page's handle: its title and the operation it reads (see PageHandle). */
export const page = (title: string, ...reads: Operation): PageHandle => ({ title, reads });

/**
 * The handle of a list page whose first request is a plain `GET path`, with `alsoEarly` the other plain GETs it
 * makes at once: started at once on a reload (see PageHandle).
 */
export const listPage = (title: string, path: string, ...alsoEarly: string[]): PageHandle => ({
  title,
  reads: ['GET', path],
  early: true,
  ...(alsoEarly.length > 0 ? { alsoEarly } : {}),
});
