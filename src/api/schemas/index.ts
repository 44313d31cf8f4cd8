/** All API schemas: the single description of every API shape. */
export * from './common';
export * from './auth';
export * from './roles';
export * from './users';
export * from './sso';
export * from './asset-groups';
export * from './collection';
export * from './file-upload';
export * from './entities';
export * from './config';
export * from './saved-queries';
export * from './tokens';
export * from './cypher';
export * from './privilege-zones';
export * from './custom-nodes';
// collection.ts has its own copy of `model.auth-token` (a client's token); the tokens area's wins here.
export { authToken, type AuthToken } from './tokens';
export * from './collectors';
