import { z } from 'zod';
import {
  AutoCertify,
  SeedType,
  TagType,
  type AssetGroupTag,
  type AssetGroupTagSelector,
  type PreviewSelectorsBody,
  type SelectorSeed,
  type UpdateSelectorBody,
} from '@/api/schemas/privilege-zones';
import { PreviewExpansion } from '@/features/privilege-zones/api/privilege-zones';

/** A new rule's body (createSelectorBody), every field given. */
export type SelectorRequest = Required<UpdateSelectorBody>;

/** An object picked by directory search (DirectoryPicker's value): its object id is the seed, the rest is for the person. */
export const pickedObject = z.object({
  objectid: z.string(),
  name: z.string(),
  type: z.string().optional(),
  exists: z.boolean(),
  distinguishedname: z.string().optional(),
});
export type PickedObject = z.infer<typeof pickedObject>;

/** The rule form's fields: the seeds are either objects or one Cypher query, by `seedType`. */
export const ruleFormSchema = z
  .object({
    name: z.string().trim().min(1, 'Enter a name.').max(250, 'At most 250 characters.'),
    description: z.string().max(1000, 'At most 1,000 characters.'),
    seedType: z.union([z.literal(SeedType.ObjectId), z.literal(SeedType.Cypher)]),
    objects: z.array(pickedObject),
    cypher: z.string(),
    auto_certify: z.union([z.literal(0), z.literal(1), z.literal(2)]),
    enabled: z.boolean(),
  })
  .superRefine((v, ctx) => {
    if (v.seedType === SeedType.ObjectId && v.objects.length === 0)
      ctx.addIssue({ code: 'custom', path: ['objects'], message: 'Pick at least one object.' });
    if (v.seedType === SeedType.Cypher && v.cypher.trim() === '')
      ctx.addIssue({ code: 'custom', path: ['cypher'], message: 'Write a Cypher query that returns the objects.' });
  });
export type RuleFormValues = z.infer<typeof ruleFormSchema>;

/** The form's values for a new rule, or for an existing one (its objects named by their ids until searched). */
export function ruleFormDefaults(rule: AssetGroupTagSelector | null): RuleFormValues {
  if (!rule)
    return {
      name: '',
      description: '',
      seedType: SeedType.Cypher,
      objects: [],
      cypher: '',
      auto_certify: AutoCertify.Off,
      enabled: true,
    };
  const cypher = rule.seeds[0]?.type === SeedType.Cypher;
  return {
    name: rule.name,
    description: rule.description,
    seedType: cypher ? SeedType.Cypher : SeedType.ObjectId,
    objects: cypher ? [] : rule.seeds.map((s) => ({ objectid: s.value, name: s.value, exists: true })),
    cypher: cypher ? (rule.seeds[0]?.value ?? '') : '',
    auto_certify: rule.auto_certify,
    enabled: !rule.disabled_at,
  };
}

/** The seeds the values describe (a rule's seeds all share one type). */
export function seedsOf(v: Pick<RuleFormValues, 'seedType' | 'objects' | 'cypher'>): SelectorSeed[] {
  return v.seedType === SeedType.Cypher
    ? [{ type: SeedType.Cypher, value: v.cypher.trim() }]
    : v.objects.map((o) => ({ type: SeedType.ObjectId, value: o.objectid }));
}

/** The body of POST …/selectors: auto-certify is always off on labels. */
export function createBody(v: RuleFormValues, tag: Pick<AssetGroupTag, 'type'>): SelectorRequest {
  return {
    name: v.name.trim(),
    description: v.description.trim(),
    seeds: seedsOf(v),
    auto_certify: tag.type === TagType.Zone ? v.auto_certify : AutoCertify.Off,
    disabled: !v.enabled,
  };
}

/**
 * The body of PATCH …/selectors/{id}: only what changed, and on a default rule only auto_certify and disabled
 * (upstream refuses the rest with 403).
 */
export function patchBody(v: RuleFormValues, rule: AssetGroupTagSelector, tag: Pick<AssetGroupTag, 'type'>): UpdateSelectorBody {
  const next = createBody(v, tag);
  const body: UpdateSelectorBody = {};
  if (!rule.is_default) {
    if (next.name !== rule.name) body.name = next.name;
    if (next.description !== rule.description) body.description = next.description;
    if (JSON.stringify(next.seeds) !== JSON.stringify(rule.seeds)) body.seeds = next.seeds;
  }
  if (next.auto_certify !== rule.auto_certify) body.auto_certify = next.auto_certify;
  if (next.disabled !== !!rule.disabled_at) body.disabled = next.disabled;
  return body;
}

/** How preview expands seeds, as analysis does for the tag's type: zones both ways, labels children only, Owned none. */
export function previewExpansion(type: AssetGroupTag['type']): NonNullable<PreviewSelectorsBody['expansion']> {
  if (type === TagType.Zone) return PreviewExpansion.All;
  if (type === TagType.Label) return PreviewExpansion.Children;
  return PreviewExpansion.None;
}

/**
 * Whether a Cypher rule still needs a preview before it is saved: its query (as it is now) is neither the one last
 * previewed nor the one the rule already has. Object rules need no preview.
 */
export function needsPreview(
  v: Pick<RuleFormValues, 'seedType' | 'cypher'>,
  previewed: string | null,
  saved: AssetGroupTagSelector | null = null,
): boolean {
  if (v.seedType !== SeedType.Cypher) return false;
  const query = v.cypher.trim();
  const savedQuery = saved?.seeds[0]?.type === SeedType.Cypher ? saved.seeds[0].value.trim() : null;
  return query !== (previewed ?? '').trim() && query !== savedQuery;
}
