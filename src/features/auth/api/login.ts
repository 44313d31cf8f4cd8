import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '../../../api/client';
import { loginResponse } from '../../../api/schemas/auth';

export interface LoginInput {
  username: string;
  secret: string;
  otp?: string;
}

/** POST /api/v2/login. The password is sent once and never cached (mutations keep no variables after they settle). */
export function login(input: LoginInput) {
  return apiRequest({
    operation: 'Sign in',
    method: 'POST',
    path: '/api/v2/login',
    auth: false,
    json: { login_method: 'secret', username: input.username, secret: input.secret, ...(input.otp ? { otp: input.otp } : {}) },
    schema: loginResponse,
  });
}

export function useLogin() {
  return useMutation({ mutationFn: login, gcTime: 0 });
}
