import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const serverSrc = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/**
 * The occurrence domain (docs/architecture.md#the-occurrence-domain): the core and the features
 * beside it, which own the tables of an occurrence and its marks between them.
 */
const domainDirs = [
  'event-occurrences',
  'attendance',
  'cancellation',
  'closures',
  'makeup',
  'rsvp',
  'occurrence-covers',
  'occurrence-export',
].map((name) => path.join(serverSrc, 'modules', name));

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'test' ? [] : sourceFiles(full);
    return entry.name.endsWith('.ts') && !entry.name.endsWith('.test.ts') ? [full] : [];
  });
}

/** The names a file imports from the database schema module. */
function schemaImports(text: string): string[] {
  const imports = text.matchAll(/import\s*(?:type\s*)?\{([^}]*)\}\s*from\s*'[^']*db\/schema\.js'/g);
  return [...imports].flatMap((match) =>
    match[1]!
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  );
}

/** The attendance table in SQL text (the word alone is common in texts and comments). */
const ATTENDANCE_SQL = /\b(from|join|into|update|table)\s+"?attendance\b/i;

describe('the occurrence domain owns its tables', () => {
  const outside = sourceFiles(serverSrc).filter(
    (file) =>
      !domainDirs.some((dir) => file.startsWith(dir + path.sep)) &&
      file !== path.join(serverSrc, 'platform', 'db', 'schema.ts'),
  );

  it('finds the server sources it checks', () => {
    expect(outside.length).toBeGreaterThan(30);
    expect(outside.some((file) => file.endsWith(path.join('modules', 'message-composition', 'service.ts')))).toBe(true);
  });

  it('has no SQL on event_occurrences, occurrence_guests or approved_days outside the occurrence domain', () => {
    const owned = ['eventOccurrences', 'occurrenceGuests', 'approvedDays'];
    const offenders = outside.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const names = schemaImports(text).filter((name) => owned.includes(name));
      const raw = /\b(event_occurrences|occurrence_guests|has_guest_override|approved_days)\b/.exec(text)?.[0];
      return [...names, ...(raw ? [raw] : [])].map((what) => `${path.relative(serverSrc, file)}: ${what}`);
    });
    expect(offenders).toEqual([]);
  });

  it('has no SQL on attendance outside the occurrence domain', () => {
    const offenders = outside.flatMap((file) => {
      const text = readFileSync(file, 'utf8');
      const names = schemaImports(text).filter((name) => name === 'attendance');
      const raw = ATTENDANCE_SQL.exec(text)?.[0];
      return [...names, ...(raw ? [raw] : [])].map((what) => `${path.relative(serverSrc, file)}: ${what}`);
    });
    expect(offenders).toEqual([]);
  });

  it('recognises SQL naming the attendance table, not the word in a text', () => {
    expect(ATTENDANCE_SQL.test('left join attendance a on a.occurrence_id = o.id')).toBe(true);
    expect(ATTENDANCE_SQL.test('insert into "attendance" (occurrence_id)')).toBe(true);
    expect(ATTENDANCE_SQL.test('the guest’s attendance for the month')).toBe(false);
  });

  it('recognises a schema import of the table, so the check above can fail', () => {
    expect(schemaImports(`import { events, eventOccurrences } from '../../platform/db/schema.js';`)).toContain(
      'eventOccurrences',
    );
  });
});
