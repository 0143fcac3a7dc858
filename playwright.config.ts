import { existsSync } from 'node:fs';
import { defineConfig, devices } from '@playwright/test';
import { E2E_BASE_URL, E2E_WORKERS, e2eServer } from './e2e/env.js';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(chromium)) {
  console.error(
    `The browser tests need Chromium at ${chromium}: install Debian's (apt-get install chromium) or set CHROMIUM_PATH.`,
  );
  process.exit(1);
}

export default defineConfig({
  testDir: './e2e',
  // A spec file's tests run in order in one worker; the files are shared out among the workers,
  // each with a server and database of its own (so a file's data never meets another worker's).
  fullyParallel: false,
  workers: E2E_WORKERS,
  retries: 0,
  forbidOnly: !!process.env.CI,
  reporter: process.env.CI ? [['list']] : [['list']],
  // Two workers share the machine's cores (each with its own server and browser), so a test's steps
  // take longer than with one; the budget per test allows for that on a loaded 2-core machine.
  timeout: 60_000,
  expect: { timeout: 7_000 },
  use: {
    baseURL: E2E_BASE_URL,
    // A failed test keeps its trace (each step's DOM, the network, the console) without the
    // screencast: recording and encoding its frames cost CPU in every test, passing or not.
    trace: { mode: 'retain-on-failure', screenshots: false },
    launchOptions: {
      executablePath: chromium,
      args: [
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    },
  },
  projects: [{ name: 'chromium', use: { ...devices['Desktop Chrome'], channel: undefined } }],
  // One server per worker (e2e/env.ts gives worker n its port, data directory and SMTP port); each
  // seeds a fresh embedded database with one account per role, then starts the built server.
  webServer: Array.from({ length: E2E_WORKERS }, (_, index) => {
    const server = e2eServer(index);
    return {
      command: 'tsx --conditions=source e2e/seed.ts && node apps/server/dist/main.js',
      url: `${server.baseURL}/api/health`,
      reuseExistingServer: false,
      timeout: 120_000,
      env: {
        PORT: String(server.port),
        HOST: '127.0.0.1',
        DATA_DIR: server.dataDir,
        LOG_LEVEL: 'warn',
        DATABASE_URL: '',
        MESSAGE_TRANSPORT: 'smtp',
        SMTP_HOST: '127.0.0.1',
        SMTP_PORT: String(server.smtpPort),
        SMTP_SECURE: 'false',
        SMTP_FROM: 'Ritim <ritim@example.test>',
      },
    };
  }),
});
