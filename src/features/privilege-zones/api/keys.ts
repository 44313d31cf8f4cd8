import type { QueryValue } from '@/api/client';

type Params = Record<string, QueryValue>;

/**
 * Query keys of the tag form, the certification queue and the history, under the area's one root
 * (`asset-group-tags`, as the zones list and a tag's page use): a change to a tag or a certification
 * invalidates the root, so every list, count, member table and history page of the area is read again.
 */
export const zoneKeys = {
  all: () => ['asset-group-tags'] as const,
  tags: (params: Params) => ['asset-group-tags', 'list', params] as const,
  certifications: (params: Params) => ['asset-group-tags', 'certifications', params] as const,
  history: (params: Params, search: string) => ['asset-group-tags', 'history', params, search] as const,
};
