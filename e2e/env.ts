import os from 'node:os';
import path from 'node:path';

export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);
export const E2E_BASE_URL = `http://127.0.0.1:${E2E_PORT}`;
/**
 * The e2e server sends through SMTP to this port; a messaging spec listens on it with smtp-server
 * (nothing listening: deliveries wait and retry, as with a mail server that is down).
 */
export const E2E_SMTP_PORT = E2E_PORT + 25;
export const E2E_DATA_DIR = path.join(os.tmpdir(), `ritim-e2e-${E2E_PORT}`);

/** One account per role, created by seed.ts before the server starts. */
export const accounts = {
  admin: { username: 'admin', password: 'admin-password-1' },
  editor: { username: 'editor', password: 'editor-password-1' },
  guest: { username: 'guest', password: 'guest-password-1' },
} as const;
export type AccountRole = keyof typeof accounts;
