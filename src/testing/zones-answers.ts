/**
 * Privilege Zones answers for console tests, in upstream's shapes (src/api/schemas/privilege-zones.ts):
 * a small set of tags and certification records, and a fetch that answers `/api/v2/asset-group-tags*`
 * from a test's handler while every other request goes to the mock. Each request is recorded (method,
 * path with its query, JSON body), so a test checks what the console sent.
 */
import type { MockServer } from '../mock-server/app';
import type { AssetGroupTag, CertificationRecord } from '../api/schemas/privilege-zones';
import { TEST_ORIGIN } from './mock-service';

const AT = '2026-11-20T10:00:00Z';

export function tagOf(fields: Partial<AssetGroupTag> & Pick<AssetGroupTag, 'id' | 'type' | 'name'>): AssetGroupTag {
  const zone = fields.type === 1;
  return {
    kind_id: 100 + fields.id,
    description: '',
    created_at: AT,
    created_by: 'admin',
    updated_at: AT,
    updated_by: 'admin',
    position: zone ? fields.id : null,
    require_certify: zone ? false : null,
    analysis_enabled: zone ? true : null,
    glyph: null,
    counts: { members: 12, selectors: 3, custom_selectors: 1, default_selectors: 2, disabled_selectors: 0 },
    ...fields,
  };
}

/** Tier Zero (1), a second zone (2), a label (3) and Owned (4). */
export const TIER_ZERO = tagOf({
  id: 1,
  type: 1,
  name: 'Tier Zero',
  position: 1,
  glyph: 'gem',
  description: 'The most privileged',
});
export const SERVERS_ZONE = tagOf({
  id: 2,
  type: 1,
  name: 'Tier One Servers',
  position: 2,
  glyph: 'server',
  require_certify: true,
});
export const CRITICAL_LABEL = tagOf({ id: 3, type: 2, name: 'Critical Systems' });
export const OWNED = tagOf({ id: 4, type: 3, name: 'Owned' });
export const TAGS = [TIER_ZERO, SERVERS_ZONE, CRITICAL_LABEL, OWNED];

export function certificationOf(id: number, name: string, certified: CertificationRecord['certified']): CertificationRecord {
  return {
    id,
    object_id: `S-1-5-21-1000-${id}`,
    environment_id: 'S-1-5-21-1000',
    primary_kind: 'User',
    name,
    asset_group_tag_id: 2,
    created_at: AT,
    certified_by: certified === 3 ? 'BloodHound' : certified === 2 ? 'admin@example.com' : '',
    certified,
  };
}

export interface SentRequest {
  method: string;
  /** Path and query as sent ("/api/v2/asset-group-tags?counts=true"). */
  url: string;
  params: URLSearchParams;
  body: unknown;
}

/** A handler's answer: status and JSON body (none for 204). */
export type ZonesAnswer = { status: number; body?: unknown };

/** Routes `/api/v2/asset-group-tags*` to `answer`, the rest to `mock`; returns the requests sent and a restore. */
export function routeZonesTo(
  mock: MockServer,
  answer: (request: SentRequest) => ZonesAnswer,
): { sent: SentRequest[]; restore: () => void } {
  const original = globalThis.fetch;
  const sent: SentRequest[] = [];
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const absolute = new URL(url, TEST_ORIGIN);
    if (!absolute.pathname.startsWith('/api/v2/asset-group-tags')) return mock.fetch(new Request(absolute, init));
    const request: SentRequest = {
      method: (init?.method ?? 'GET').toUpperCase(),
      url: absolute.pathname + absolute.search,
      params: absolute.searchParams,
      body: typeof init?.body === 'string' ? JSON.parse(init.body) : undefined,
    };
    sent.push(request);
    const { status, body } = answer(request);
    return new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers: body === undefined ? {} : { 'Content-Type': 'application/json' },
    });
  }) as typeof fetch;
  return {
    sent,
    restore: () => {
      globalThis.fetch = original;
    },
  };
}

/** The service's error body: one error naming `context` (the field). */
export const errorAnswer = (status: number, context: string, message: string): ZonesAnswer => ({
  status,
  body: { http_status: status, timestamp: AT, request_id: 'test', errors: [{ context, message }] },
});
