/**
 * OpenGraph extensions — reference `model.graph-extension.payload`,
 * `api.response.graph-extensions-info`, `model.graph-schema-edge-kinds`,
 * `model.node-kind-response` and `model.relationship-kind-response`;
 * operations UpsertOpenGraphExtension, ListExtensions, DeleteExtension,
 * ListEdgeKinds, GetNodeKind and GetRelationshipKind.
 *
 * An extension schema names the extension (name, display name, version and a
 * namespace that prefixes every kind it defines), its node kinds (each with a
 * Font Awesome icon and a colour), its relationship kinds (traversable or
 * not), its environments (an environment node kind, the source kind its data
 * is collected as, and its principal kinds) and its relationship findings.
 */
import { z } from 'zod';
import { iconColorField, iconNameField } from './custom-nodes';
import { booleanFilterParam } from './asset-groups';
import { intPathParam } from './wire-format';

/** An info panel's key: lower-case letters, digits, hyphens and underscores (reference kind-info-definition). */
export const INFO_KEY = /^[a-z0-9_-]{1,128}$/;

const text = (label: string) => z.string({ error: `${label} must be text` });

/** One entity-panel section of a kind. */
export const kindInfo = z.object(
  {
    title: text('title'),
    position: z.number({ error: 'position must be a number' }).int({ error: 'position must be a whole number' }).min(0, {
      error: 'position must be 0 or more',
    }),
    markdown: z.object({ content: text('markdown content') }, { error: 'markdown must be an object with content' }).optional(),
  },
  { error: 'An info panel must be an object with a title and a position' },
);
export type KindInfo = z.infer<typeof kindInfo>;

/** A kind's info panels, keyed by a stable panel key. */
export const kindInfoMap = z.record(z.string().regex(INFO_KEY), kindInfo, {
  error: (issue) =>
    issue.code === 'invalid_type'
      ? 'info must be an object of panel key to panel'
      : issue.code === 'invalid_key'
        ? 'Info panel keys may hold only lower-case letters, digits, hyphens and underscores'
        : undefined,
});

const optionalText = (label: string) => text(label).optional();

export const extensionNodeKindInput = z.object(
  {
    name: text('name').default(''),
    display_name: optionalText('display_name'),
    description: optionalText('description'),
    is_display_kind: z.boolean({ error: 'is_display_kind must be true or false' }).optional(),
    icon: iconNameField.optional(),
    color: iconColorField.optional(),
    info: kindInfoMap.optional(),
  },
  { error: 'A node kind must be an object' },
);
export type ExtensionNodeKindInput = z.infer<typeof extensionNodeKindInput>;

export const extensionRelationshipKindInput = z.object(
  {
    name: text('name').default(''),
    description: optionalText('description'),
    is_traversable: z.boolean({ error: 'is_traversable must be true or false' }).optional(),
    info: kindInfoMap.optional(),
  },
  { error: 'A relationship kind must be an object' },
);
export type ExtensionRelationshipKindInput = z.infer<typeof extensionRelationshipKindInput>;

export const extensionEnvironmentInput = z.object(
  {
    environment_kind: text('environment_kind').default(''),
    source_kind: text('source_kind').default(''),
    principal_kinds: z.array(text('A principal kind'), { error: 'principal_kinds must be a list of kind names' }).default([]),
  },
  { error: 'An environment must be an object' },
);
export type ExtensionEnvironmentInput = z.infer<typeof extensionEnvironmentInput>;

export const extensionFindingInput = z.object(
  {
    name: text('name').default(''),
    display_name: optionalText('display_name'),
    relationship_kind: text('relationship_kind').default(''),
    environment_kind: text('environment_kind').default(''),
    remediation: z
      .object({
        short_description: optionalText('short_description'),
        long_description: optionalText('long_description'),
        short_remediation: optionalText('short_remediation'),
        long_remediation: optionalText('long_remediation'),
      })
      .optional(),
  },
  { error: 'A relationship finding must be an object' },
);

const list = <T extends z.ZodType>(item: T, label: string) =>
  z
    .array(item, { error: `${label} must be a list` })
    .nullish()
    .transform((v) => v ?? []);

/**
 * UpsertOpenGraphExtension's body, read as upstream decodes it: every field may be absent (empty), and the
 * rules upstream checks after decoding (required fields, namespace prefixes, duplicates, declared kinds) are
 * the service's, applied to the decoded schema.
 */
export const extensionSchemaInput = z.object(
  {
    schema: z
      .object(
        {
          name: text('name').default(''),
          display_name: optionalText('display_name'),
          version: text('version').default(''),
          namespace: text('namespace').default(''),
        },
        { error: 'schema must be an object with name, version and namespace' },
      )
      .default({ name: '', version: '', namespace: '' }),
    node_kinds: list(extensionNodeKindInput, 'node_kinds'),
    relationship_kinds: list(extensionRelationshipKindInput, 'relationship_kinds'),
    environments: list(extensionEnvironmentInput, 'environments'),
    relationship_findings: list(extensionFindingInput, 'relationship_findings'),
  },
  { error: 'The extension schema must be a JSON object' },
);
export type ExtensionSchemaInput = z.input<typeof extensionSchemaInput>;
export type ExtensionSchema = z.output<typeof extensionSchemaInput>;

/** One extension as ListExtensions answers it. */
export const extensionInfo = z.object({
  id: z.number().int(),
  name: z.string(),
  version: z.string(),
  is_builtin: z.boolean(),
  namespace: z.string(),
});
export type ExtensionInfo = z.infer<typeof extensionInfo>;

export const extensionsResponse = z.object({ data: z.object({ extensions: z.array(extensionInfo) }) });

/** An edge kind across every extension (ListEdgeKinds). */
export const edgeKind = z.object({
  id: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_traversable: z.boolean(),
  schema_name: z.string(),
  is_builtin: z.boolean(),
});
export type EdgeKind = z.infer<typeof edgeKind>;
export const edgeKindsResponse = z.object({ data: z.array(edgeKind) });

/** The query of ListEdgeKinds: schema names (repeatable) and a traversable filter. */
export const edgeKindsQuery = z.object({
  schemas: z
    .union([text('schemas'), z.array(text('schemas'))])
    .transform((v) => (Array.isArray(v) ? v : [v]))
    .optional(),
  is_traversable: booleanFilterParam('is_traversable').optional(),
});

/** The extension a kind belongs to. */
export const extensionDetails = z
  .object({
    extension_id: z.number().int(),
    name: z.string(),
    display_name: z.string(),
    namespace: z.string(),
    version: z.string(),
  })
  .nullable();
export type ExtensionDetails = z.infer<typeof extensionDetails>;

const infoAnswer = z.record(z.string(), kindInfo);

export const nodeKindDetail = z.object({
  node_kind_id: z.number().int(),
  name: z.string(),
  display_name: z.string(),
  description: z.string(),
  is_display_kind: z.boolean(),
  icon: z.string(),
  color: z.string(),
  extension: extensionDetails.optional(),
  info: infoAnswer,
});
export type NodeKindDetail = z.infer<typeof nodeKindDetail>;
export const nodeKindResponse = z.object({ data: nodeKindDetail });

export const relationshipKindDetail = z.object({
  relationship_kind_id: z.number().int(),
  name: z.string(),
  description: z.string(),
  is_traversable: z.boolean(),
  extension: extensionDetails.optional(),
  info: infoAnswer,
});
export type RelationshipKindDetail = z.infer<typeof relationshipKindDetail>;
export const relationshipKindResponse = z.object({ data: relationshipKindDetail });

export const extensionIdParam = intPathParam('extension_id');
export const nodeKindIdParam = intPathParam('node_kind_id');
export const relationshipKindIdParam = intPathParam('relationship_kind_id');
