import type { LoginRequest } from '@ritim/shared';
import { authCall } from './client';

export async function login(credentials: LoginRequest): Promise<unknown> {
  const body = await authCall('login', credentials);
  return typeof body === 'object' && body !== null && 'accessToken' in body ? body.accessToken : undefined;
}

export async function logout(): Promise<string | undefined> {
  const body = await authCall('logout');
  return typeof body === 'object' && body !== null && 'message' in body ? String(body.message) : undefined;
}
