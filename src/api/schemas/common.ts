/**
 * The names the SSO provider schemas (sso.ts) and the mock's SSO area import by this module's former
 * name. Everything else imports wire-format.ts (the shapes as they travel) or field-rules.ts (the rules of
 * input fields) directly, and so will these once their imports name those modules; this one then goes.
 */
export { baseFields, byDiscriminant, dataEnvelope, errorBody, intPathParam, nullableInt } from './wire-format';
export {
  booleanField,
  CLIENT_ID_MAX_LENGTH,
  fieldError,
  identityKey,
  PRINCIPAL_NAME_MAX_LENGTH,
  requiredText,
  SSO_PROVIDER_NAME_MAX_LENGTH,
  tooLongMessage,
  URL_MAX_LENGTH,
} from './field-rules';
