import { useCallback, useState } from 'react';
import { call } from '@/api/call';

export interface LoginInput {
  username: string;
  secret: string;
  otp?: string;
}

/**
 * POST /api/v2/login. The password is sent once and never cached (mutations keep no variables after they settle).
 * The declaration (its schemas, and with them zod) loads on submit, not with the sign-in page.
 */
export async function login(input: LoginInput) {
  const { authOps } = await import('@/api/operations/auth');
  return call(authOps.login, {
    auth: false,
    write: false,
    body: { login_method: 'secret', username: input.username, secret: input.secret, ...(input.otp ? { otp: input.otp } : {}) },
  });
}

/**
 * The sign-in request's state for the form: idle until the first submit, pending while one is on
 * its way. Not a query-layer mutation: the sign-in page loads no query layer (it comes with the
 * signed-in pages), and the password is held nowhere but in the call.
 */
export function useLogin() {
  const [state, setState] = useState<'idle' | 'pending' | 'settled'>('idle');
  const mutateAsync = useCallback(async (input: LoginInput) => {
    setState('pending');
    try {
      return await login(input);
    } finally {
      setState('settled');
    }
  }, []);
  return { mutateAsync, isIdle: state === 'idle', isPending: state === 'pending' };
}
