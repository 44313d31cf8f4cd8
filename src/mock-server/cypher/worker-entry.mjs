// The Cypher worker thread's entry (engine.ts starts it): tsx's documented ESM API lets Node load the
// worker's TypeScript, whichever way the server itself was loaded (tsx, Vitest, a bundle in Vite's server).
import { register } from 'tsx/esm/api';

register();
await import('./worker.ts');
