import { queryOptions, useQuery } from '@tanstack/react-query';
import { call } from './call';
import { privilegeZoneOps } from './operations/privilege-zones';
import { queryKeys } from './query-keys';
import type { TagType } from './schemas/privilege-zones';

/**
 * The zones and labels (API word: asset group tags) under one key, for every page that lists them: the
 * Privilege Zones pages, and Attack Paths and Posture, whose figures are per zone.
 */

/** GET /api/v2/asset-group-tags?type=…&counts=true: zones (or labels), with member and rule counts. */
export function listTags(type: TagType | null, signal?: AbortSignal) {
  return call(privilegeZoneOps.getAssetGroupTags, {
    query: { counts: true, type: type === null ? undefined : `eq:${type}` },
    signal,
  }).then((r) => r.data.tags);
}

export const tagsQueryOptions = (type: TagType | null) =>
  queryOptions({ queryKey: queryKeys.privilegeZones.tags({ type }), queryFn: ({ signal }) => listTags(type, signal) });

export function useTags(type: TagType | null, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...tagsQueryOptions(type), enabled });
}
