import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createTestDatabase } from '../test/harness.js';

describe.skipIf(!process.env.TEST_DATABASE_URL)('openDatabase on PostgreSQL', () => {
  it('opens every connection with JIT off, so no query needs a transaction to turn it off', async () => {
    const database = await createTestDatabase();
    try {
      // Four at once (each holding its connection for a moment), so several pooled connections answer.
      const answers = await Promise.all(
        Array.from({ length: 4 }, () =>
          database.db.execute<{ jit: string; pid: number }>(
            sql`select current_setting('jit') as jit, pg_backend_pid() as pid, pg_sleep(0.05)`,
          ),
        ),
      );
      const rows = answers.map((answer) => (answer as { rows: { jit: string; pid: number }[] }).rows[0]!);
      expect(new Set(rows.map((row) => row.pid)).size).toBeGreaterThan(1);
      expect(rows.map((row) => row.jit)).toEqual(['off', 'off', 'off', 'off']);
    } finally {
      await database.close();
    }
  });
});
