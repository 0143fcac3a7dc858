import { sql } from 'drizzle-orm';
import { DateTime } from 'luxon';
import { beforeAll, describe, expect, it } from 'vitest';
import { locations } from './schema.js';
import { extendHorizons } from '../../modules/events/horizon.js';
import {
  createEvent,
  createLocation,
  createUsers,
  type Headers,
  headersOf,
  listOccurrences,
  waitFor,
} from '../../test/seed.js';
import { useTestApp } from '../../test/use-test-app.js';
import { statisticsOf, TableStatistics } from './statistics.js';

/**
 * ANALYZE after bulk writes (statistics.ts): creating series past the threshold refreshes the
 * planner's statistics in the background while the app keeps answering, and the horizon job
 * analyzes what it grew before it returns.
 */

const ZONE = 'Europe/Istanbul';
const ctx = useTestApp();
let admin: Headers;
let ids: Record<'admin' | 'emre' | 'ayse', number>;
let locationId: number;

/** What pg_class says of a table's rows (what the last ANALYZE counted; -1 or 0 before any). */
const plannedRows = async (table: string) => {
  const result = await ctx.database.db.execute(
    sql`select reltuples as rows from pg_class where relname = ${table} and relnamespace = 'public'::regnamespace`,
  );
  return Number((result as { rows: { rows: number }[] }).rows[0]!.rows);
};

const daily = (start: string, end: { type: 'after'; count: number } | { type: 'never' }) => ({
  doesNotRepeat: false as const,
  start,
  frequency: 'day' as const,
  interval: 1,
  weekdays: [],
  end,
});

beforeAll(async () => {
  ids = await createUsers(ctx.database, [
    { username: 'admin', role: 'admin', timezone: ZONE },
    { username: 'emre', role: 'editor', name: 'Emre', timezone: ZONE },
    { username: 'ayse', role: 'guest', name: 'Ayşe', timezone: ZONE },
  ]);
  admin = await headersOf(ctx.app, 'admin');
  locationId = await createLocation(ctx, admin, 'Salon');
});

describe('ANALYZE after bulk writes', () => {
  it('analyzes event_occurrences once series creation passes the threshold, while the lists keep answering', async () => {
    const statistics = statisticsOf(ctx.database.db);
    const before = statistics.analyzed;
    const first = DateTime.now().setZone(ZONE).plus({ days: 1 }).toISODate()!;
    // 7 series of 180 sessions: 1,260 rows, past the 1,000-row threshold; created 2 at a time,
    // with a list read between, so the ANALYZE may run among the writes.
    for (let i = 0; i < 7; i += 2) {
      await Promise.all(
        [i, i + 1]
          .filter((n) => n < 7)
          .map((n) =>
            createEvent(ctx, admin, {
              title: `Ders ${n}`,
              locationId,
              organiserId: ids.emre,
              guestIds: [ids.ayse],
              repeat: daily(`${first}T${String(8 + n).padStart(2, '0')}:00`, { type: 'after', count: 180 }),
              endTime: `${String(9 + n).padStart(2, '0')}:00`,
            }),
          ),
      );
      expect((await listOccurrences(ctx, admin, `date=${first}&timezone=${ZONE}&limit=50`)).totalCount).toBe(
        Math.min(i + 2, 7),
      );
    }
    await waitFor(() => statistics.analyzed > before, { what: 'the background ANALYZE' });
    await waitFor(async () => (await plannedRows('event_occurrences')) >= 1_000, {
      what: 'pg_class to count the new occurrences',
    });
    expect((await listOccurrences(ctx, admin, 'limit=50')).totalCount).toBe(7 * 180);
  });

  it('lets the horizon job analyze what it grew before it returns', async () => {
    const statistics = statisticsOf(ctx.database.db);
    const start = DateTime.now().setZone(ZONE).plus({ days: 1 }).toISODate()!;
    // Eight never-ending daily series: a year each, 2,920 rows.
    for (let n = 0; n < 8; n++) {
      await createEvent(ctx, admin, {
        title: `Her gün ${n}`,
        locationId,
        organiserId: ids.emre,
        guestIds: [],
        repeat: daily(`${start}T${String(8 + n).padStart(2, '0')}:30`, { type: 'never' }),
        endTime: `${String(9 + n).padStart(2, '0')}:00`,
      });
    }
    await waitFor(() => !statistics['timer'] && !statistics['running'], {
      what: 'the background ANALYZE of the creations',
    });
    const before = statistics.analyzed;
    // Six months on, every series is due for six more months: some 1,460 rows.
    const created = await extendHorizons(ctx.database.db, DateTime.now().plus({ months: 6 }).toJSDate());
    expect(created).toBeGreaterThan(1_400);
    expect(statistics.analyzed).toBe(before + 1);
    expect(await plannedRows('event_occurrences')).toBeGreaterThan(5_500);
  });

  it('leaves a table alone below the threshold, and analyzes any noted table on request', async () => {
    const statistics = new TableStatistics(ctx.database.db);
    statistics.noteWrites(locations, 10);
    expect(statistics['timer']).toBeUndefined();
    await statistics.analyze();
    expect(statistics.analyzed).toBe(0);
    await statistics.analyze(true);
    expect(statistics.analyzed).toBe(1);
    expect(await plannedRows('locations')).toBe(1);
  });
});
