import { ConfigKey, type ConfigValue } from '../../../api/schemas/config';
import { seedTime } from '../../seed/random';
import type { BaseStored, DbState } from '../../store/db';
import type { StoredFeatureFlag } from './store';

/** The upstream parameters with their default values (names and descriptions as upstream words them). */
const CONFIG_SEED: { key: string; name: string; description: string; value: ConfigValue }[] = [
  {
    key: ConfigKey.PasswordExpirationWindow,
    name: 'Local Auth Password Expiry Window',
    description:
      'How long a password set for local sign-in stays valid before the user must change it. Values follow the ISO 8601 duration format (for example P90D).',
    value: { duration: 'P90D' },
  },
  {
    key: ConfigKey.Neo4jConfigs,
    name: 'Neo4j Configuration Parameters',
    description: 'The batch write size and the write flush size of the graph database writer.',
    value: { write_flush_size: 100000, batch_write_size: 20000 },
  },
  {
    key: ConfigKey.CitrixRdpSupport,
    name: 'Citrix RDP Support',
    description:
      'When enabled, computers with a "Direct Access Users" local group are assumed to run Citrix, and CanRDP edges need membership of both "Direct Access Users" and "Remote Desktop Users".',
    value: { enabled: false },
  },
  {
    key: ConfigKey.PruneTtl,
    name: 'Prune Retention TTL Configuration Parameters',
    description: 'How long analysis keeps objects that are no longer collected (4 to 30 days) and session edges (2 to 7 days).',
    value: { base_ttl: 'P7D', has_session_edge_ttl: 'P3D' },
  },
  {
    key: ConfigKey.Reconciliation,
    name: 'Reconciliation',
    description: 'Enables or disables reconciliation (removal of stale data) during analysis.',
    value: { enabled: true },
  },
  {
    key: ConfigKey.ScheduledAnalysis,
    name: 'Scheduled Analysis',
    description: 'Runs analysis on a schedule (an RFC 5545 recurrence rule) instead of continuously after every ingest.',
    value: { enabled: false, rrule: '' },
  },
  {
    key: ConfigKey.TrustedProxies,
    name: 'Trusted Proxies',
    description: 'The number of reverse proxies in front of the server whose forwarded client addresses are trusted.',
    value: { trusted_proxies: 0 },
  },
  {
    key: ConfigKey.FedEulaCustomText,
    name: 'EULA Custom Text',
    description: 'Custom end-user licence agreement text shown at first sign-in.',
    value: { custom_text: '' },
  },
  {
    key: ConfigKey.Tiering,
    name: 'Multi-Tier Analysis Configuration',
    description: 'Limits of privilege zones and labels, and whether analysis covers every tier.',
    value: { tier_limit: 1, label_limit: 10, multi_tier_analysis_enabled: false },
  },
  {
    key: ConfigKey.Tagging,
    name: 'Tagging Configuration',
    description: 'Worker limits of the tagging stage of analysis.',
    value: { dawgs_worker_limit: 2, expansion_worker_limit: 3, selector_worker_limit: 7 },
  },
  {
    key: ConfigKey.StaleClientUpdatedLogic,
    name: 'Updated Stale Client Logic',
    description: 'Uses the updated logic to decide when a collection client is stale.',
    value: { enabled: false },
  },
  {
    key: ConfigKey.RetainIngestedFiles,
    name: 'Retain Ingested Files',
    description: 'Keeps uploaded collection files on the server after they have been ingested.',
    value: { enabled: false },
  },
  {
    key: ConfigKey.ApiTokens,
    name: 'API Tokens',
    description: 'Allows users to create API tokens.',
    value: { enabled: true },
  },
  {
    key: ConfigKey.TimeoutLimit,
    name: 'API Timeout Limit',
    description: 'Enforces the server-side limit on how long a request may wait (Prefer: wait).',
    value: { enabled: true },
  },
  {
    key: ConfigKey.SessionTtlHours,
    name: 'Session TTL Hours',
    description: 'How many hours a sign-in session lasts.',
    value: { hours: 8 },
  },
  {
    key: ConfigKey.EnvironmentTargetedAccessControl,
    name: 'Environment Targeted Access Control',
    description: 'Lets administrators limit users to chosen environments.',
    value: { enabled: false },
  },
];

/** The seeded feature flags; only some may be changed by users. */
const FEATURE_SEED: Omit<StoredFeatureFlag, keyof BaseStored | 'id'>[] = [
  {
    key: 'butterfly_analysis',
    name: 'Enhanced Asset Inbound-Outbound Exposure Analysis',
    description: 'Computes exposure from both inbound and outbound attack paths.',
    enabled: false,
    user_updatable: false,
  },
  {
    key: 'enable_saml_sso',
    name: 'SAML Single Sign-On Support',
    description: 'Enables SAML sign-in.',
    enabled: true,
    user_updatable: false,
  },
  {
    key: 'scope_collection_by_ou',
    name: 'Enable SharpHound OU Scoped Collections',
    description: 'Lets collection schedules target organisational units.',
    enabled: true,
    user_updatable: false,
  },
  {
    key: 'azure_support',
    name: 'Enable Azure Support',
    description: 'Processes Azure collection data.',
    enabled: true,
    user_updatable: false,
  },
  {
    key: 'entity_panel_cache',
    name: 'Enable application level caching',
    description: 'Caches entity panel queries on the server.',
    enabled: true,
    user_updatable: false,
  },
  {
    key: 'adcs',
    name: 'Enable collection and processing of Active Directory Certificate Services Data',
    description: 'Collects and analyzes AD CS certificate templates and authorities.',
    enabled: true,
    user_updatable: false,
  },
  {
    key: 'clear_graph_data',
    name: 'Clear Graph Data',
    description: 'Lets administrators delete collected graph data from the database management page.',
    enabled: true,
    user_updatable: true,
  },
  {
    key: 'auto_tag_t0_parent_objects',
    name: 'Automatically add parent OUs and containers of Tier Zero AD objects to Tier Zero',
    description: 'Parent OUs and containers of Tier Zero objects are added to Tier Zero during analysis.',
    enabled: true,
    user_updatable: true,
  },
  {
    key: 'dark_mode',
    name: 'Dark Mode',
    description: 'Offers a dark colour theme in the web application.',
    enabled: false,
    user_updatable: true,
  },
  {
    key: 'ntlm_post_processing',
    name: 'NTLM Post Processing Support',
    description: 'Creates NTLM relay edges during post-processing.',
    enabled: false,
    user_updatable: true,
  },
  {
    key: 'oidc_support',
    name: 'OIDC Support',
    description: 'Enables OpenID Connect sign-in providers.',
    enabled: true,
    user_updatable: false,
  },
  {
    key: 'fedramp_eula',
    name: 'FedRAMP EULA',
    description: 'Shows the FedRAMP end-user licence agreement.',
    enabled: false,
    user_updatable: false,
  },
];

export function seedConfig(state: DbState): void {
  const created = seedTime(-400);
  state.configParameters = CONFIG_SEED.map((p, i) => ({
    id: i + 1,
    ...p,
    created_at: created,
    updated_at: created,
    deleted_at: null,
  }));
  state.counters['config-parameter'] = state.configParameters.length;
  state.featureFlags = FEATURE_SEED.map((f, i) => ({
    id: i + 1,
    ...f,
    created_at: seedTime(-400 + i * 10),
    updated_at: seedTime(-300 + i * 10),
    deleted_at: null,
  }));
  state.counters['feature-flag'] = state.featureFlags.length;
}
