import { describe, expect, it } from 'vitest';
import { AutoCertify, SeedType, TagType, type AssetGroupTagSelector } from '@/api/schemas/privilege-zones';
import { createBody, needsPreview, patchBody, previewExpansion, ruleFormDefaults, ruleFormSchema } from './rule-form';
import { groupRules, ruleFieldLock } from './tag-text';

const ZONE = { type: TagType.Zone } as const;
const LABEL = { type: TagType.Label } as const;

function rule(over: Partial<AssetGroupTagSelector> = {}): AssetGroupTagSelector {
  return {
    id: 7,
    asset_group_tag_id: 1,
    created_at: '2026-11-01T00:00:00Z',
    created_by: 'admin',
    updated_at: '2026-11-01T00:00:00Z',
    updated_by: 'admin',
    disabled_at: null,
    disabled_by: null,
    name: 'Domain Admins',
    description: 'The domain admins group',
    auto_certify: AutoCertify.Off,
    is_default: false,
    allow_disable: true,
    seeds: [{ type: SeedType.Cypher, value: "MATCH (n:Group) WHERE n.objectid ENDS WITH '-512' RETURN n;" }],
    ...over,
  };
}

describe('rule form', () => {
  it('names the field and what is wrong: a blank name, no objects picked, an empty query', () => {
    const objects = ruleFormSchema.safeParse({ ...ruleFormDefaults(null), name: ' ', seedType: SeedType.ObjectId });
    expect(objects.success).toBe(false);
    const issues = objects.error!.issues.map((i) => [i.path.join('.'), i.message]);
    expect(issues).toEqual(
      expect.arrayContaining([
        ['name', 'Enter a name.'],
        ['objects', 'Pick at least one object.'],
      ]),
    );
    const cypher = ruleFormSchema.safeParse({ ...ruleFormDefaults(null), name: 'x', cypher: '  ' });
    expect(cypher.error!.issues.map((i) => [i.path.join('.'), i.message])).toEqual([
      ['cypher', 'Write a Cypher query that returns the objects.'],
    ]);
  });

  it('sends the picked objects as object-id seeds, and auto-certify off on a label whatever was chosen', () => {
    const values = {
      ...ruleFormDefaults(null),
      name: ' Admins ',
      seedType: SeedType.ObjectId,
      objects: [{ objectid: 'S-1-5-21-1-512', name: 'DOMAIN ADMINS', exists: true }],
      auto_certify: AutoCertify.AllMembers,
      enabled: false,
    };
    expect(createBody(values, LABEL)).toEqual({
      name: 'Admins',
      description: '',
      seeds: [{ type: SeedType.ObjectId, value: 'S-1-5-21-1-512' }],
      auto_certify: AutoCertify.Off,
      disabled: true,
    });
    expect(createBody(values, ZONE).auto_certify).toBe(AutoCertify.AllMembers);
  });

  it('patches only what changed, and on a default rule only auto-certify and enabled', () => {
    const custom = rule();
    expect(patchBody({ ...ruleFormDefaults(custom), name: 'Renamed' }, custom, ZONE)).toEqual({ name: 'Renamed' });
    expect(patchBody(ruleFormDefaults(custom), custom, ZONE)).toEqual({});
    const fixed = rule({ is_default: true });
    const edited = {
      ...ruleFormDefaults(fixed),
      name: 'Other',
      cypher: 'MATCH (n) RETURN n',
      auto_certify: AutoCertify.SeedsOnly,
      enabled: false,
    };
    expect(patchBody(edited, fixed, ZONE)).toEqual({ auto_certify: AutoCertify.SeedsOnly, disabled: true });
  });

  it('asks for a preview of a Cypher query that is neither the previewed one nor the saved one', () => {
    const v = { seedType: SeedType.Cypher, cypher: 'MATCH (n:User) RETURN n' } as const;
    expect(needsPreview(v, null)).toBe(true);
    expect(needsPreview(v, 'MATCH (n:User) RETURN n ')).toBe(false);
    expect(needsPreview(v, 'MATCH (n) RETURN n')).toBe(true);
    expect(needsPreview(v, null, rule({ seeds: [{ type: SeedType.Cypher, value: 'MATCH (n:User) RETURN n' }] }))).toBe(false);
    expect(needsPreview({ seedType: SeedType.ObjectId, cypher: 'x' }, null)).toBe(false);
  });

  it('previews as analysis expands: zones both ways, labels children only, Owned not at all', () => {
    expect([previewExpansion(TagType.Zone), previewExpansion(TagType.Label), previewExpansion(TagType.Owned)]).toEqual([1, 2, 0]);
  });
});

describe('what a rule offers', () => {
  it('locks a default rule to auto-certify and enabled, and enabled too when it may not be disabled', () => {
    const fixed = rule({ is_default: true, allow_disable: false });
    expect(ruleFieldLock(fixed, ZONE, 'name')).toMatch(/only auto-certify and enabled can change/);
    expect(ruleFieldLock(fixed, ZONE, 'seeds')).not.toBeNull();
    expect(ruleFieldLock(fixed, ZONE, 'auto_certify')).toBeNull();
    expect(ruleFieldLock(fixed, ZONE, 'disabled')).toMatch(/cannot be disabled/);
    expect(ruleFieldLock(rule({ is_default: true }), ZONE, 'disabled')).toBeNull();
    expect(ruleFieldLock(null, ZONE, 'name')).toBeNull();
    expect(ruleFieldLock(null, LABEL, 'auto_certify')).toMatch(/Labels are not certified/);
  });

  it('groups rules as custom, default and disabled (a disabled default rule is with the disabled)', () => {
    const rules = [
      rule({ id: 1 }),
      rule({ id: 2, is_default: true }),
      rule({ id: 3, is_default: true, disabled_at: '2026-11-02T00:00:00Z' }),
    ];
    const g = groupRules(rules);
    expect([g.custom.map((r) => r.id), g.default.map((r) => r.id), g.disabled.map((r) => r.id)]).toEqual([[1], [2], [3]]);
  });
});
