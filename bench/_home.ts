import { sql } from 'drizzle-orm';
import { openDatabase } from '../apps/server/src/db/client.js';
import { ClashRepository } from '../apps/server/src/modules/event-occurrences/repository.js';
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
const repo = new ClashRepository(database.db);
const from = new Date(), to = new Date(Date.now() + 7 * 86400000);
const rows = await repo.run(sql`explain (analyze) ${repo.clashesBetweenQuery(from, to, 100)}`);
console.log(rows.map((r) => r['QUERY PLAN']).join('\n'));
await database.close();
