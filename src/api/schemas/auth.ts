/**
 * Login, session requester and API version — reference operations Login,
 * GetSelf, GetApiVersion (authOps.login, authOps.getSelf, authOps.getApiVersion).
 */
import { z } from 'zod';
import { dataEnvelope, uuidString } from './wire-format';
import {
  fieldError,
  ONE_TIME_CODE_MAX_LENGTH,
  PASSWORD_MAX_LENGTH,
  PRINCIPAL_NAME_MAX_LENGTH,
  requiredText,
  tooLongMessage,
} from './field-rules';
import { user } from './users';

/**
 * POST /api/v2/login body (reference Login). The reference says "`secret` or
 * `otp`"; the console always sends the password and adds `otp` for users with
 * MFA, as upstream servers expect, so `secret` is required here.
 */
export const loginBody = z.object({
  login_method: z.literal('secret', { error: 'Login method must be "secret"' }),
  username: requiredText('Username', { max: PRINCIPAL_NAME_MAX_LENGTH }),
  secret: z
    .string({ error: fieldError('Password', 'text') })
    .min(1, { error: 'Password is required' })
    .max(PASSWORD_MAX_LENGTH, { error: tooLongMessage('Password', PASSWORD_MAX_LENGTH) }),
  otp: z
    .string({ error: 'One-time code must be text' })
    .trim()
    .min(1, { error: 'One-time code must not be empty' })
    .max(ONE_TIME_CODE_MAX_LENGTH, { error: tooLongMessage('One-time code', ONE_TIME_CODE_MAX_LENGTH) })
    .optional(),
});
export type LoginBody = z.infer<typeof loginBody>;

/** POST /api/v2/login response data (reference Login). */
export const loginData = z.object({
  user_id: uuidString,
  auth_expired: z.boolean(),
  session_token: z.string(),
});
export type LoginData = z.infer<typeof loginData>;
export const loginResponse = dataEnvelope(loginData);
export type LoginResponse = z.infer<typeof loginResponse>;

/**
 * GET /api/v2/self (reference GetSelf, `api.response.authenticated-requester`).
 * The reference allows a user or (enterprise) a collector client; the console
 * is only used by users, so `selfResponse` is the user record with roles and
 * their permissions. `authenticatedRequesterResponse` (in ./collection, beside
 * the client it accepts) takes either.
 */
export const self = user;
export type Self = z.infer<typeof self>;
export const selfResponse = dataEnvelope(user);
export type SelfResponse = z.infer<typeof selfResponse>;

/**
 * GET /api/version (reference GetApiVersion). `server_version` and
 * `product_edition` are optional (older servers omit them).
 */
export const apiVersion = z.object({
  API: z.object({
    current_version: z.string(),
    deprecated_version: z.string(),
  }),
  server_version: z.string().optional(),
  product_edition: z.string().optional(),
});
export type ApiVersion = z.infer<typeof apiVersion>;
export const apiVersionResponse = dataEnvelope(apiVersion);
export type ApiVersionResponse = z.infer<typeof apiVersionResponse>;
