import {
  createUserBody,
  mfaActivationBody,
  mfaEnrollBody,
  mfaEnrollResponse,
  mfaRemoveBody,
  mfaStatusResponse,
  setSecretBody,
  updateUserBody,
  userResponse,
  usersListResponse,
  usersMinimalListResponse,
} from '../../../api/schemas/users';
import { USERS_LIST, USERS_MINIMAL_LIST } from '../../areas/users/rules';
import type { OperationArea } from '../operation';

/** The table writes the users' path word `app`; the document writes it as deployed. */
const USERS = '/api/v2/app-users';

export const userOperations: OperationArea = {
  tag: 'Users',
  operations: {
    [`GET ${USERS}`]: { summary: 'List users', query: USERS_LIST.schema, answer: usersListResponse },
    [`POST ${USERS}`]: { summary: 'Create a user', body: createUserBody, answer: userResponse, errors: [409] },
    [`GET ${USERS}-minimal`]: {
      summary: 'List users (names and emails only)',
      description: 'For people pickers of people without auth.ManageUsers.',
      query: USERS_MINIMAL_LIST.schema,
      answer: usersMinimalListResponse,
    },
    [`GET ${USERS}/{user_id}`]: { summary: 'Get a user', answer: userResponse },
    [`PATCH ${USERS}/{user_id}`]: { summary: 'Update a user', body: updateUserBody, status: 204, errors: [409] },
    [`DELETE ${USERS}/{user_id}`]: { summary: 'Delete a user', status: 204 },
    [`PUT ${USERS}/{user_id}/secret`]: { summary: "Set a user's password", body: setSecretBody, status: 204, errors: [409] },
    [`DELETE ${USERS}/{user_id}/secret`]: {
      summary: "Expire a user's password (they choose a new one at their next sign-in)",
      status: 204,
    },
    [`POST ${USERS}/{user_id}/mfa`]: { summary: 'Enrol in MFA', body: mfaEnrollBody, answer: mfaEnrollResponse },
    [`DELETE ${USERS}/{user_id}/mfa`]: { summary: 'Remove MFA', body: mfaRemoveBody, answer: mfaStatusResponse },
    [`GET ${USERS}/{user_id}/mfa-activation`]: { summary: "A user's MFA status", answer: mfaStatusResponse },
    [`POST ${USERS}/{user_id}/mfa-activation`]: {
      summary: 'Activate MFA with a one-time code',
      body: mfaActivationBody,
      answer: mfaStatusResponse,
    },
  },
};
