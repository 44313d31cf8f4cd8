import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { Operation } from './access';
import type { ItemName } from './item-name';
import { pageLoader, type GatedRead } from './page-reads';

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
 * The document title is made from it (see DocumentTitle): "Users · Admin Console", and for an item
 * of a list, "Ann Smith · Users · Admin Console" once the item is loaded.
 */
export interface PageHandle {
  /** The page's name ("Users"; for an item of a list, what the item is: "User"). */
  title: string;
  /** The page's first read; without one, the page is open to anyone signed in. */
  reads?: Operation;
  /** For an item of a list: the list's page, named after the item in the tab's title. */
  list?: string;
  /** The item's name as loaded (a user's name), in place of `title` in the tab's title. */
  itemName?: ItemName;
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
 * A lazy route whose module's default export is the page component; with `reads`, the page's first queries
 * start as the route matches, beside its code (see pageLoader). With a handle that names what the page
 * reads, the page is offered only to people who may call it (and its reads are skipped for the others).
 */
export function lazyPage(
  load: () => Promise<{ default: React.ComponentType }>,
  reads?: readonly GatedRead[],
  handle?: PageHandle,
): Pick<RouteObject, 'lazy' | 'loader' | 'shouldRevalidate' | 'handle'> {
  return {
    lazy: async () => ({ Component: (await load()).default }),
    // Started on entering the route (another item's address is another entry); a change of its search
    // alone does not start them again (the page's hooks read what the search asks for).
    ...(reads
      ? {
          loader: pageLoader(reads, handle?.reads),
          shouldRevalidate: ({ currentUrl, nextUrl }) => currentUrl.pathname !== nextUrl.pathname,
        }
      : {}),
    ...(handle ? { handle } : {}),
  };
}

/** A page's handle: its title and the operation it reads (see PageHandle). */
export const page = (title: string, reads: Operation): PageHandle => ({ title, reads });
