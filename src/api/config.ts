/**
 * Build-time settings of the console (Vite `VITE_*` variables).
 * Every setting has a default so `npm run dev` needs none of them.
 */
const env = import.meta.env ?? {};

function positiveInt(raw: unknown, fallback: number): number {
  const n = typeof raw === 'string' && raw.trim() !== '' ? Number(raw) : NaN;
  return Number.isInteger(n) && n > 0 ? n : fallback;
}

export const apiConfig = {
  /** Origin (and optional prefix) of the service; empty = same origin as the console. */
  baseUrl: String(env.VITE_API_BASE_URL ?? '').replace(/\/+$/, ''),
  /** Product word in user paths: `app` → /api/v2/app-users, `bloodhound` → /api/v2/bloodhound-users. */
  usersPathWord: String(env.VITE_USERS_PATH_WORD ?? 'app').trim() || 'app',
  /** Client-side timeout of one request, in milliseconds. */
  timeoutMs: positiveInt(env.VITE_API_TIMEOUT_MS, 30_000),
};

/** `/api/v2/<word>-users`, the collection path of application users. */
export function usersPath(word: string = apiConfig.usersPathWord): string {
  return `/api/v2/${word}-users`;
}
