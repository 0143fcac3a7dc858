import { rm } from 'node:fs/promises';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { openDatabase } from '../apps/server/src/platform/db/client.js';
import { users } from '../apps/server/src/platform/db/schema.js';
import { accounts } from './env.js';

// A fresh embedded database for every run of one worker's server (in DATA_DIR, the directory the
// server then opens), with one account per role.
const dataDir = process.env.DATA_DIR;
if (!dataDir) throw new Error('seed.ts needs DATA_DIR, the data directory of the server it prepares');
await rm(dataDir, { recursive: true, force: true });
const database = await openDatabase({ dataDir });
await database.migrate();
for (const [role, account] of Object.entries(accounts)) {
  await database.db.insert(users).values({
    username: account.username,
    passwordHash: await hashPassword(account.password),
    role: role as keyof typeof accounts,
    name: role[0]!.toUpperCase() + role.slice(1),
    surname: 'Tester',
  });
}
await database.close();
