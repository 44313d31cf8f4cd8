import type { ReactElement } from 'react';
import type { RouteObject } from 'react-router-dom';
import type { PermissionName } from '@/api/permissions';
import { prefetchOnEnter, type Prefetch } from './prefetch';

export type NavSection = 'Overview' | 'Access' | 'Assets' | 'Collection' | 'Settings';

export interface NavItem {
  label: string;
  path: string;
  icon: ReactElement;
  section: NavSection;
  /** Shown with an "Enterprise" mark; the page explains itself on a community server. */
  enterpriseOnly?: boolean;
  /** Hidden from users whose roles lack this permission. */
  permission?: PermissionName;
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
 */
export function lazyPage(
  load: () => Promise<{ default: React.ComponentType }>,
  prefetch?: Prefetch,
): Pick<RouteObject, 'lazy' | 'loader' | 'shouldRevalidate'> {
  return { lazy: async () => ({ Component: (await load()).default }), ...(prefetch ? prefetchOnEnter(prefetch) : {}) };
}
