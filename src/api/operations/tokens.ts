import { defineOperations, account } from '../operation';
import { Permission as P } from '../../shared/permissions';
import { authTokensListResponse, createAuthTokenBody, createdAuthTokenResponse } from '../schemas/tokens';
import { listQuery, pickParams } from '../list-query';
import { TOKEN_FILTER_COLUMNS, TOKENS_SORTABLE_COLUMNS, tokenIdParam, tokensListQuery } from '../schemas/tokens';

export const tokenOps = defineOperations('API tokens', {
  listAuthTokens: {
    method: 'GET',
    path: '/api/v2/tokens',
    access: account(P.AuthCreateToken),
    summary: 'List API tokens',
    description: "Your own; with auth.ManageUsers anyone's through `user_id`.",
    query: listQuery({
      sortBy: TOKENS_SORTABLE_COLUMNS,
      filters: pickParams(tokensListQuery.shape, TOKEN_FILTER_COLUMNS),
      unknown: (name) => `API tokens cannot be filtered by "${name}"; filterable columns are ${TOKEN_FILTER_COLUMNS.join(', ')}.`,
    }),
    answer: authTokensListResponse,
  },
  createAuthToken: {
    method: 'POST',
    path: '/api/v2/tokens',
    access: account(P.AuthCreateToken),
    summary: 'Create an API token',
    description: 'The answer holds the key, shown this once.',
    body: createAuthTokenBody,
    answer: createdAuthTokenResponse,
  },
  deleteAuthToken: {
    method: 'DELETE',
    path: '/api/v2/tokens/{token_id}',
    access: account(P.AuthCreateToken),
    summary: 'Revoke an API token',
    params: { token_id: tokenIdParam },
  },
});
