import type { QueryValue } from '@/api/client';

type Params = Record<string, QueryValue>;

/**
 * Query keys of the Privilege Zones area, all under one root: a change to a tag or a certification
 * invalidates the root, so every list, count and history page of the area is read again.
 */
export const zoneKeys = {
  all: () => ['privilege-zones'] as const,
  tags: (params: Params) => ['privilege-zones', 'tags', params] as const,
  certifications: (params: Params) => ['privilege-zones', 'certifications', params] as const,
  history: (params: Params, search: string) => ['privilege-zones', 'history', params, search] as const,
};
