import { describe, expect, it } from 'vitest';
import { ConfigKey } from '@/api/schemas/config';
import {
  CONFIG_FIELDS,
  durationText,
  editabilityOf,
  fieldsFor,
  jsonValueSchema,
  rruleProblem,
  rruleText,
  toFormValues,
  valueSchemaFor,
} from './config-form';

const issues = (r: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) =>
  r.error?.issues.map((i) => [i.path.join('.'), i.message]);

describe('config value forms', () => {
  it('turns form values into the typed value, checked by the shared schema', () => {
    const key = ConfigKey.Neo4jConfigs;
    const fields = CONFIG_FIELDS[key]!;
    const schema = valueSchemaFor(key, fields);
    expect(schema.parse({ write_flush_size: '100', batch_write_size: ' 20 ' })).toEqual({
      write_flush_size: 100,
      batch_write_size: 20,
    });
    expect(issues(schema.safeParse({ write_flush_size: '', batch_write_size: '1.5' }))).toEqual([
      ['write_flush_size', 'Write flush size is required'],
      ['batch_write_size', 'Batch write size must be a whole number'],
    ]);
    expect(issues(schema.safeParse({ write_flush_size: '0', batch_write_size: '5' }))).toEqual([
      ['write_flush_size', 'Write flush size must be at least 1'],
    ]);
  });

  it('checks durations and their bounds, upper-casing what was typed', () => {
    const key = ConfigKey.PruneTtl;
    const schema = valueSchemaFor(key, CONFIG_FIELDS[key]!);
    expect(schema.parse({ base_ttl: 'p10d', has_session_edge_ttl: 'P3D' })).toEqual({
      base_ttl: 'P10D',
      has_session_edge_ttl: 'P3D',
    });
    expect(issues(schema.safeParse({ base_ttl: 'P60D', has_session_edge_ttl: 'three days' }))).toEqual([
      ['base_ttl', 'Base TTL must be between 4 and 30 days'],
      ['has_session_edge_ttl', 'Session edge TTL must be an ISO 8601 duration such as "P90D"'],
    ]);
  });

  it('requires a valid RRULE when scheduled analysis is on', () => {
    const key = ConfigKey.ScheduledAnalysis;
    const schema = valueSchemaFor(key, CONFIG_FIELDS[key]!);
    expect(schema.parse({ enabled: false, rrule: '' })).toEqual({ enabled: false, rrule: '' });
    expect(issues(schema.safeParse({ enabled: true, rrule: '' }))).toEqual([
      ['rrule', 'A schedule (RRULE) is required when scheduled analysis is on'],
    ]);
    expect(schema.safeParse({ enabled: true, rrule: 'EVERY DAY' }).success).toBe(false);
    expect(schema.parse({ enabled: true, rrule: 'FREQ=DAILY;BYHOUR=2;BYMINUTE=0' })).toEqual({
      enabled: true,
      rrule: 'FREQ=DAILY;BYHOUR=2;BYMINUTE=0',
    });
    expect(rruleProblem('FREQ=WEEKLY')).toBeNull();
    expect(rruleText('FREQ=DAILY;INTERVAL=2')).toBe('every 2 days');
    expect(rruleText('nonsense')).toBeNull();
  });

  it('starts the form from the value and falls back to JSON for unknown keys or shapes', () => {
    const fields = fieldsFor(ConfigKey.ScheduledAnalysis, { enabled: true, rrule: 'FREQ=DAILY' })!;
    expect(toFormValues(fields, { enabled: true, rrule: 'FREQ=DAILY' })).toEqual({ enabled: true, rrule: 'FREQ=DAILY' });
    expect(fieldsFor('some.new_key', { a: 1 })).toBeNull();
    expect(fieldsFor(ConfigKey.CitrixRdpSupport, { enabled: true, added_later: 1 })).toBeNull();
  });

  it('marks the protected keys read-only with a reason', () => {
    expect(editabilityOf(ConfigKey.SessionTtlHours)).toEqual({
      editable: false,
      reason: expect.stringContaining('Managed by the server'),
    });
    expect(editabilityOf(ConfigKey.PasswordExpirationWindow)).toEqual({ editable: true });
    expect(editabilityOf('some.new_key')).toEqual({ editable: true });
  });

  it('words durations', () => {
    expect(durationText('P90D')).toBe('90 days');
    expect(durationText('P1D')).toBe('1 day');
    expect(durationText('P2W')).toBe('2 weeks');
    expect(durationText('PT8H')).toBe('8 hours');
    expect(durationText('P1Y')).toBe('1 year');
    expect(durationText('90 days')).toBeNull();
  });

  it('parses the JSON editor: an object, not empty, valid JSON', () => {
    expect(jsonValueSchema.parse({ json: '{"a": 1}' })).toEqual({ json: { a: 1 } });
    expect(issues(jsonValueSchema.safeParse({ json: '[1]' }))![0]![1]).toMatch(/must be a JSON object/);
    expect(issues(jsonValueSchema.safeParse({ json: '{}' }))![0]![1]).toMatch(/must not be an empty object/);
    expect(issues(jsonValueSchema.safeParse({ json: '{a:' }))![0]![1]).toMatch(/not valid JSON/);
  });
});
