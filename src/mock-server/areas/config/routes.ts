import * as rruleModule from 'rrule';

// `rrule` ships an ES module for bundlers and a UMD build for Node, where Node's
// ESM loader sees only a default export (the mock runs in Node).
const { rrulestr } = (
  'rrulestr' in rruleModule && typeof rruleModule.rrulestr === 'function'
    ? rruleModule
    : (rruleModule as unknown as { default: typeof rruleModule }).default
) as typeof rruleModule;
import { z } from 'zod';
import { adminOps } from '../../../api/operations/admin';
import { CONFIG_KEY_MAX_LENGTH } from '../../../api/schemas/field-rules';
import { ConfigKey, PROTECTED_CONFIG_KEYS, setConfigBody, type ConfigValue } from '../../../api/schemas/config';
import type { MockArea } from '../../area';
import { ApiFailure, badRequest, forbidden, notFound } from '../../errors';
import { defineList, text } from '../../list';
import { server } from '../../serve';
import { baseOf } from '../../store/records';
import { issuesAtPaths } from '../../validate';
import { seedConfig } from './seed';
import type { StoredConfigParameter, StoredFeatureFlag } from './store';

function toConfigRecord(p: StoredConfigParameter) {
  return { id: p.id, ...baseOf(p), key: p.key, value: p.value, name: p.name, description: p.description };
}

function toFeatureRecord(f: StoredFeatureFlag) {
  return {
    id: f.id,
    ...baseOf(f),
    key: f.key,
    name: f.name,
    description: f.description,
    enabled: f.enabled,
    user_updatable: f.user_updatable,
  };
}

/** The configuration parameters, in store order, filtered by key. */
export const CONFIG_LIST = defineList<StoredConfigParameter>()({
  query: adminOps.listAppConfigParams.query,
  columns: { parameter: text((p) => p.key) },
});

/** The feature flags, whole and in store order (the list takes no parameters; others are ignored). */
export const FEATURES_LIST = defineList<StoredFeatureFlag>()({ query: adminOps.listFeatureFlags.query, columns: {} });

/** Value checks beyond the shape: a scheduled analysis that is on needs a recurrence rule that parses. */
function checkScheduledAnalysis(value: ConfigValue): void {
  if (value.enabled !== true) return;
  const rule = typeof value.rrule === 'string' ? value.rrule.trim() : '';
  if (!rule) throw badRequest('value.rrule', 'A schedule (RRULE) is required when scheduled analysis is enabled.');
  try {
    rrulestr(rule);
  } catch (e) {
    throw badRequest('value.rrule', `The schedule is not a valid RRULE: ${(e as Error).message}`);
  }
}

/**
 * GET/PUT /api/v2/config, GET /api/v2/features, PUT /api/v2/features/{id}/toggle.
 * Reading is open to any signed-in user; writing needs app.WriteAppConfig.
 */
export const configArea: MockArea = {
  name: 'config',
  seed: seedConfig,
  routes(app, { db }) {
    const route = server(app, db);

    route(adminOps.listAppConfigParams, (c, { query: req }) => {
      const rows = CONFIG_LIST.select(
        db.state.configParameters.filter((p) => p.deleted_at === null),
        req,
      );
      return c.json({ data: rows.map(toConfigRecord) });
    });

    // The body is read as any JSON and checked here, the key first, so a wrong key is reported as such
    // rather than as a wrong value, and a value's problems as its schema words them.
    route({ ...adminOps.setAppConfigParam, body: z.unknown() }, (c, { body }) => {
      // The key first, so a wrong key is reported as such rather than as a wrong value.
      const rawKey = typeof body === 'object' && body !== null ? (body as { key?: unknown }).key : undefined;
      // (A key over its length limit is left to the schema, which says so without quoting it back.)
      if (typeof rawKey === 'string' && rawKey.trim() !== '' && rawKey.trim().length <= CONFIG_KEY_MAX_LENGTH) {
        const key = rawKey.trim();
        if (!db.state.configParameters.some((p) => p.key === key)) {
          throw badRequest('key', `No configuration parameter has the key "${key}".`);
        }
        if ((PROTECTED_CONFIG_KEYS as readonly string[]).includes(key)) {
          throw badRequest('key', `The parameter "${key}" is managed by the server and cannot be changed through the API.`);
        }
      }
      const parsed = setConfigBody.safeParse(body);
      if (!parsed.success) {
        throw new ApiFailure(400, issuesAtPaths(parsed.error.issues));
      }
      const param = db.state.configParameters.find((p) => p.key === parsed.data.key)!;
      if (param.key === ConfigKey.ScheduledAnalysis) checkScheduledAnalysis(parsed.data.value);
      param.value = parsed.data.value;
      param.updated_at = new Date().toISOString();
      return c.json({ data: { key: param.key, value: param.value } });
    });

    route(adminOps.listFeatureFlags, (c, { query }) => {
      const flags = FEATURES_LIST.select(
        db.state.featureFlags.filter((f) => f.deleted_at === null),
        query,
      );
      return c.json({ data: flags.map(toFeatureRecord) });
    });

    route(adminOps.toggleFeatureFlag, (c, { params }) => {
      const id = params.feature_id;
      const flag = db.state.featureFlags.find((f) => f.id === id && f.deleted_at === null);
      if (!flag) throw notFound('feature_id', `No feature flag has id ${id}.`);
      if (!flag.user_updatable) {
        throw forbidden(`The feature flag "${flag.name}" is managed by the server and cannot be changed by users.`);
      }
      flag.enabled = !flag.enabled;
      flag.updated_at = new Date().toISOString();
      return c.json({ data: { enabled: flag.enabled } });
    });
  },
};
