import { useEffect, useSyncExternalStore } from 'react';
import { useMatches, useSearchParams } from 'react-router-dom';
import type { PageHandle } from '@/lib/area';
import type { ItemName } from '@/lib/item-name';

const APP = 'Admin Console';
const noItem: ItemName = { subscribe: () => () => undefined, of: () => undefined };

/**
 * The tab's title, for every page, from the deepest route handle that has one: "Users · Admin Console"; an
 * item of a list, once loaded, "Ann Smith · Users · Admin Console" (before, "User · Users · Admin Console").
 */
export function DocumentTitle() {
  const matches = useMatches();
  const [search] = useSearchParams();
  const match = matches.findLast((m) => (m.handle as PageHandle | undefined)?.title !== undefined);
  const handle = match?.handle as PageHandle | undefined;
  const item = handle?.itemName ?? noItem;
  const name = useSyncExternalStore(item.subscribe, () => (match ? item.of(match.params, search) : undefined));
  const title = handle ? titleOf(handle, name) : APP;

  useEffect(() => {
    document.title = title;
  }, [title]);
  return null;
}

/** "Page · Admin Console", "Item · List · Admin Console". */
function titleOf(handle: Pick<PageHandle, 'title' | 'list'>, name?: string): string {
  const parts = name ? [name, handle.list ?? handle.title] : [handle.title, handle.list];
  return [...parts.filter(Boolean), APP].join(' · ');
}
