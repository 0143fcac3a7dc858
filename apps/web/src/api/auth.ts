import type { LoginRequest, TwoFactorLoginInput } from '@ritim/shared';
import { authCall } from './client';

/** Sign in's answer: the access token, or (two-factor sign-in on, docs/domain.md#two-factor) the challenge of its second step. */
export type SignInAnswer = { accessToken: unknown } | { challenge: string };

const accessTokenOf = (body: unknown): unknown =>
  typeof body === 'object' && body !== null && 'accessToken' in body ? body.accessToken : undefined;

export async function login(credentials: LoginRequest): Promise<SignInAnswer> {
  const body = await authCall('login', credentials);
  if (typeof body === 'object' && body !== null && 'challenge' in body && typeof body.challenge === 'string') {
    return { challenge: body.challenge };
  }
  return { accessToken: accessTokenOf(body) };
}

/** Sign in's second step: the challenge with a code from the app or a recovery code; answers the access token. */
export async function loginWithSecondFactor(input: TwoFactorLoginInput): Promise<unknown> {
  return accessTokenOf(await authCall('login/two-factor', input));
}

export async function logout(): Promise<string | undefined> {
  const body = await authCall('logout');
  return typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : undefined;
}
