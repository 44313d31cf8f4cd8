import type { QueryKey } from '@tanstack/react-query';
import type { Params } from 'react-router-dom';
import { appQueryClient } from './query-client';

/**
 * The name of the item a page shows (a user's name), for its tab's title: read from the console's query
 * cache, where the page's own hook keeps the item, so the title follows the page (loaded, renamed).
 */
export interface ItemName {
  /** Calls `onChange` whenever what `of` answers may have changed; returns the unsubscribe. */
  subscribe(onChange: () => void): () => void;
  /** The name for the page at these route parameters and search, once its item is loaded. */
  of(params: Params, search: URLSearchParams): string | undefined;
}

/**
 * An item's name from the query cache: `key` names the page's query for the address (null: none), `name`
 * says what to call the answer (undefined: nothing to add to the page's title).
 */
export function cachedName<T>(
  key: (params: Params, search: URLSearchParams) => QueryKey | null,
  name: (data: T, search: URLSearchParams) => string | undefined,
): ItemName {
  return {
    subscribe: (onChange) => appQueryClient().getQueryCache().subscribe(onChange),
    of: (params, search) => {
      const queryKey = key(params, search);
      const data = queryKey ? appQueryClient().getQueryData<T>(queryKey) : undefined;
      return data === undefined ? undefined : name(data, search);
    },
  };
}

/** An item's name from its address alone ("Event 12"): nothing to wait for. */
export function nameFromParams(of: (params: Params) => string | undefined): ItemName {
  return { subscribe: () => () => undefined, of };
}
