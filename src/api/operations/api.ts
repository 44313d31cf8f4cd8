import { defineOperations, pub } from '../operation';

export const apiOps = defineOperations('API', {
  getApiSpec: {
    method: 'GET',
    path: '/api/v2/spec',
    access: pub,
    summary: "This document: the service's operations (OpenAPI 3)",
    answer: { media: ['text/x-yaml'] },
  },
});
