/** `next` from the sign-in URL when it is a path of this console (never another origin). */
export { safeNext } from '@/api/safe-next';
