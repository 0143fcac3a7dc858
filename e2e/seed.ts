import { rm } from 'node:fs/promises';
import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { users } from '../apps/server/src/db/schema.js';
import { accounts, E2E_DATA_DIR } from './env.js';

// A fresh embedded database for every run, with one account per role (the users screens come in
// a later section; until then this is the only way to get an editor and a guest).
await rm(E2E_DATA_DIR, { recursive: true, force: true });
const database = await openDatabase({ dataDir: E2E_DATA_DIR });
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
