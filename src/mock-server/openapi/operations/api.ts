import type { OperationArea } from '../operation';

export const apiOperations: OperationArea = {
  tag: 'API',
  operations: {
    'GET /api/v2/spec': {
      summary: "This document: the service's operations (OpenAPI 3)",
      answer: { media: ['application/json'] },
    },
  },
};
