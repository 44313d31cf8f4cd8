/**
 * Words for the audit log's action names and statuses. An action or status this console does not know
 * (a newer server's) shows as it came, never guessed at.
 */
import { labelsFor } from '@/shared/value-labels';
import { AUDIT_ACTIONS, AUDIT_STATUSES, type KnownAuditStatus } from '@/api/schemas/audit';
import { compareText } from '@/shared/compare-text';

/** Words of the actions of AUDIT_ACTIONS (a unit test checks every one has them). */
const ACTION_WORDS: Readonly<Record<string, string>> = {
  LoginAttempt: 'Sign-in attempt',
  UnauthorizedAccessAttempt: 'Unauthorized access attempt',
  CreateUser: 'Create user',
  UpdateUser: 'Update user',
  DeleteUser: 'Delete user',
  CreateAuthSecret: 'Set password',
  UpdateAuthSecret: 'Change password',
  DeleteAuthSecret: 'Remove password',
  CreateAuthToken: 'Create API token',
  DeleteAuthToken: 'Delete API token',
  CreateSAMLIdentityProvider: 'Create SAML provider',
  UpdateSAMLIdentityProvider: 'Update SAML provider',
  CreateOIDCIdentityProvider: 'Create OIDC provider',
  UpdateOIDCIdentityProvider: 'Update OIDC provider',
  UpdateSSOIdentityProvider: 'Update SSO provider',
  DeleteSSOIdentityProvider: 'Delete SSO provider',
  CreateAssetGroup: 'Create asset group',
  UpdateAssetGroup: 'Update asset group',
  DeleteAssetGroup: 'Delete asset group',
  DeleteAssetGroupSelector: 'Delete asset group selector',
  UpdateParameter: 'Change configuration',
  ToggleEarlyAccessFeatureFlag: 'Toggle feature flag',
  DeleteBloodhoundData: 'Clear database',
  CreateClient: 'Create collection client',
  ReplaceClientToken: 'Replace client token',
  Logout: 'Sign out',
  UpdateAssetGroupSelectors: 'Change asset group selectors',
  RequestAnalysis: 'Request analysis',
  CancelAnalysis: 'Cancel analysis',
  StartFileUploadJob: 'Start file upload',
  UploadFile: 'Upload file',
  EndFileUploadJob: 'End file upload',
  CreateSavedQuery: 'Create saved query',
  UpdateSavedQuery: 'Update saved query',
  DeleteSavedQuery: 'Delete saved query',
  ShareSavedQuery: 'Share saved query',
  UnshareSavedQuery: 'Unshare saved query',
  ImportSavedQueries: 'Import saved queries',
  ExportSavedQuery: 'Export saved query',
  ExportSavedQueries: 'Export saved queries',
  UpdateClient: 'Update collection client',
  DeleteClient: 'Delete collection client',
  CreateClientTask: 'Run collection',
  CreateClientJob: 'Run collection job',
  StartClientJob: 'Start collection job',
  EndClientJob: 'End collection job',
  CancelClientJob: 'Cancel collection job',
  CreateScheduledEvent: 'Create scheduled event',
  UpdateScheduledEvent: 'Update scheduled event',
  DeleteScheduledEvent: 'Delete scheduled event',
  UpdateDomain: 'Update domain',
  UpdateRiskAcceptance: 'Accept or reopen a risk',
};

/** An action in words ("Create user" for CreateUser); one this console does not know as it came, unknown. */
export const actionLabel = labelsFor(ACTION_WORDS);

/** Readable words for a known action ("Create user" for CreateUser); null for one this console does not know. */
export function actionWords(action: string): string | null {
  const l = actionLabel(action);
  return l.known ? l.label : null;
}

/** The known actions with their words, for the action filter's choices (sorted by their words). */
export const ACTION_CHOICES: readonly { value: string; label: string }[] = AUDIT_ACTIONS.map((value) => ({
  value,
  label: actionWords(value) ?? value,
})).sort((a, b) => compareText(a.label, b.label));

const STATUS_WORDS: Record<KnownAuditStatus, string> = {
  intent: 'Intent',
  success: 'Success',
  failure: 'Failure',
};

/** "Success", "Failure", "Intent"; an unknown status as it came, unknown. */
export const auditStatusLabel = labelsFor(STATUS_WORDS);

/** "Success", "Failure", "Intent"; an unknown status as it came. */
export function statusWords(status: string): string {
  return auditStatusLabel(status).label;
}

export const STATUS_CHOICES: readonly { value: string; label: string }[] = AUDIT_STATUSES.map((value) => ({
  value,
  label: STATUS_WORDS[value],
}));
