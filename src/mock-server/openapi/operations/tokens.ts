import { authTokensListResponse, createAuthTokenBody, createdAuthTokenResponse } from '../../../api/schemas/tokens';
import { TOKENS_LIST, tokenIdParam } from '../../areas/tokens/routes';
import type { OperationArea } from '../operation';

export const tokenOperations: OperationArea = {
  tag: 'API tokens',
  operations: {
    'GET /api/v2/tokens': {
      summary: 'List API tokens',
      description: "Your own; with auth.ManageUsers anyone's through `user_id`.",
      query: TOKENS_LIST.schema,
      answer: authTokensListResponse,
    },
    'POST /api/v2/tokens': {
      summary: 'Create an API token',
      description: 'The answer holds the key, shown this once.',
      body: createAuthTokenBody,
      answer: createdAuthTokenResponse,
    },
    'DELETE /api/v2/tokens/{token_id}': { summary: 'Revoke an API token', params: { token_id: tokenIdParam } },
  },
};
