/** An unsigned JWT-shaped token with the given claims (the client only decodes tokens). */
export function fakeToken(claims: Record<string, unknown>): string {
  const encode = (value: unknown) =>
    btoa(String.fromCharCode(...new TextEncoder().encode(JSON.stringify(value))))
      .replace(/\+/g, '-')
      .replace(/\//g, '_')
      .replace(/=+$/, '');
  return `${encode({ alg: 'HS256', typ: 'JWT' })}.${encode(claims)}.signature`;
}

export const adminClaims = {
  sub: '1',
  role: 'admin',
  timezone: 'Europe/Istanbul',
  username: 'admin',
  groupIds: [1, 2],
  exp: 4102444800,
};

export const editorClaims = { ...adminClaims, sub: '2', role: 'editor', username: 'editor', groupIds: [] };
export const guestClaims = { ...adminClaims, sub: '3', role: 'guest', username: 'guest', groupIds: [] };
