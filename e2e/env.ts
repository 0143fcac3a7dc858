import os from 'node:os';
import path from 'node:path';

/**
 * The browser suite runs this many Playwright workers (set it here, not with `--workers`), each
 * against a server of its own: its own port, embedded database and SMTP port.
 */
export const E2E_WORKERS = Math.max(1, Number(process.env.E2E_WORKERS ?? 2));

/** The first worker's server port; worker n's is `E2E_PORT + n` (its SMTP port that plus 25). */
export const E2E_PORT = Number(process.env.E2E_PORT ?? 3100);

/** Worker `index`'s server: where it listens, where it keeps its database, where it mails to. */
export function e2eServer(index: number) {
  const port = E2E_PORT + index;
  return {
    port,
    baseURL: `http://127.0.0.1:${port}`,
    /**
     * The server sends through SMTP to this port; a messaging spec listens on it with smtp-server
     * (nothing listening: deliveries wait and retry, as with a mail server that is down).
     */
    smtpPort: port + 25,
    dataDir: path.join(os.tmpdir(), `ritim-e2e-${port}`),
  };
}

/** This worker's index (0 in the runner's own process, which starts every worker's server). */
const workerIndex = Number(process.env.TEST_PARALLEL_INDEX ?? 0);
if (workerIndex >= E2E_WORKERS) {
  throw new Error(`Worker ${workerIndex} has no server: run more workers with E2E_WORKERS=n, not --workers.`);
}
const server = e2eServer(workerIndex);

/** This worker's server (specs and fixtures use these; each worker has its own). */
export const E2E_BASE_URL = server.baseURL;
export const E2E_SMTP_PORT = server.smtpPort;

/** One account per role, created by seed.ts before each server starts. */
export const accounts = {
  admin: { username: 'admin', password: 'admin-password-1' },
  editor: { username: 'editor', password: 'editor-password-1' },
  guest: { username: 'guest', password: 'guest-password-1' },
} as const;
export type AccountRole = keyof typeof accounts;
