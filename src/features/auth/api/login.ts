import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/api/client';

export interface LoginInput {
  username: string;
  secret: string;
  otp?: string;
}

/**
 * POST /api/v2/login. The password is sent once and never cached (mutations keep no variables after they settle).
 * The response schema (and with it zod) loads on submit, not with the sign-in page.
 */
export async function login(input: LoginInput) {
  const { loginResponse } = await import('@/api/schemas/auth');
  return apiRequest({
    operation: 'Sign in',
    method: 'POST',
    path: '/api/v2/login',
    auth: false,
    write: false,
    json: { login_method: 'secret', username: input.username, secret: input.secret, ...(input.otp ? { otp: input.otp } : {}) },
    schema: loginResponse,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login, gcTime: 0 });
}
