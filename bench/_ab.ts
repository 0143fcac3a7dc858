import { hashPassword } from '../apps/server/src/auth/passwords.js';
import { openDatabase } from '../apps/server/src/db/client.js';
import { EventService } from '../apps/server/src/modules/events/service.js';
const database = await openDatabase({ url: process.env.DATABASE_URL, dataDir: null });
await database.migrate();
const run = (s: string) => database.db.execute(s);
const hash = await hashPassword('x');
await run(`insert into users (username, password_hash, role, timezone) values ('a', '${hash}', 'admin', 'Europe/Istanbul')`);
await run(`insert into users (username, password_hash, role, timezone) select 'e' || i, '${hash}', 'editor', 'Europe/Istanbul' from generate_series(1, 40) i`);
await run(`insert into users (username, password_hash, role, timezone) select 'g' || i, '${hash}', 'guest', 'Europe/Istanbul' from generate_series(1, 1000) i`);
await run(`insert into locations (name) select 'Oda ' || i from generate_series(1, 30) as i`);
const service = new EventService(database.db);
const tables = ['users', 'locations', 'groups', 'user_groups', 'message_groups', 'forms', 'form_groups', 'lookups', 'events', 'event_guests', 'event_occurrences', 'occurrence_guests', 'form_submissions', 'message_logs'];
const toggle = async (on: boolean) => { for (const t of tables) await run(`alter table ${t} ${on ? 'enable' : 'disable'} trigger ritim_data_version`); };
const results: Record<string, number[]> = { on: [], off: [] };
let n = 0;
for (let round = 0; round < 10; round++) {
  for (const mode of ['on', 'off'] as const) {
    await toggle(mode === 'on');
    let next = 0;
    await Promise.all(Array.from({ length: 8 }, async () => {
      while (next++ < 40) {
        const i = n++;
        const s = performance.now();
        await service.create({ title: `E ${i}`, description: null, conferenceLink: null, locationId: 1 + (i % 30), organiserId: 2 + (i % 40), guestIds: [42 + (i*3)%1000, 43 + (i*3)%1000, 44 + (i*3)%1000], repeat: { doesNotRepeat: false, start: '2026-08-03T10:00', frequency: 'week', interval: 1, weekdays: ['WE', 'MO'], end: { type: 'after', count: 65 } }, endTime: '11:00' }, 1);
        results[mode]!.push(performance.now() - s);
      }
    }));
  }
}
const p50 = (a: number[]) => [...a].sort((x, y) => x - y)[Math.floor(a.length / 2)]!.toFixed(1);
console.log(database.kind, 'trigger on p50', p50(results.on!), 'off p50', p50(results.off!), 'n', results.on!.length);
await database.close();
