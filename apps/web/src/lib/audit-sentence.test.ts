import { AUDIT_ACTIONS, AUDIT_ENTITY_TYPES, REDACTED, type AuditLog } from '@ritim/shared';
import i18n from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadLanguage } from '../i18n';
import { auditChanges, auditSentence } from './audit-sentence';

const admin = { id: 1, username: 'admin' };
const row = (overrides: Partial<AuditLog>): AuditLog => ({
  id: 1,
  at: '2026-12-03T07:00:00.000Z',
  actor: admin,
  action: 'update',
  entityType: 'locations',
  entityId: 5,
  entityName: 'Room 2',
  changes: null,
  requestId: 'req-1',
  ...overrides,
});

const istanbul = { zone: 'Europe/Istanbul', language: 'en' };
let en: ReturnType<typeof i18n.getFixedT>;
let tr: ReturnType<typeof i18n.getFixedT>;
beforeAll(async () => {
  await loadLanguage('tr');
  await loadLanguage('en');
  en = i18n.getFixedT('en');
  tr = i18n.getFixedT('tr');
});
const say = (overrides: Partial<AuditLog>, options = istanbul) => auditSentence(row(overrides), en, options);

describe('auditSentence', () => {
  it('says who created, deleted and archived what', () => {
    expect(say({ action: 'create' })).toBe("admin created location 'Room 2'");
    expect(say({ action: 'delete', entityType: 'groups', entityName: 'Choir' })).toBe("admin deleted group 'Choir'");
    expect(say({ action: 'archive', entityType: 'forms', entityName: 'Notes' })).toBe("admin archived form 'Notes'");
  });

  it("moves a session from one time to another on the viewer's clock", () => {
    const moved = {
      entityType: 'event-occurrences' as const,
      entityName: 'Piano - Ayşe',
      changes: {
        startsAt: { from: '2026-12-03T07:00:00.000Z', to: '2026-12-03T08:00:00.000Z' },
        endsAt: { from: '2026-12-03T08:00:00.000Z', to: '2026-12-03T09:00:00.000Z' },
      },
    };
    // Within a day, the times; the name says which day.
    expect(say(moved)).toBe("admin moved 'Piano - Ayşe' on Thu 03/12 from 10:00 to 11:00");
    expect(say(moved, { zone: 'UTC', language: 'en' })).toBe(
      "admin moved 'Piano - Ayşe' on Thu 03/12 from 07:00 to 08:00",
    );
    // To another day: the days are said too.
    expect(say({ ...moved, changes: { startsAt: { from: '2026-12-03T07:00:00Z', to: '2026-12-04T08:00:00Z' } } })).toBe(
      "admin moved 'Piano - Ayşe' from 03/12/2026 10:00 to 04/12/2026 11:00",
    );
  });

  it('names the one field that changed with both values, and several fields by name', () => {
    expect(say({ entityType: 'events', entityName: 'X', changes: { title: { from: 'A', to: 'B' } } })).toBe(
      "admin changed the title of event 'X' from 'A' to 'B'",
    );
    expect(
      say({ changes: { name: { from: 'Room 1', to: 'Room 2' }, status: { from: 'active', to: 'archived' } } }),
    ).toBe("admin changed the name, status of location 'Room 2'");
    // A list is named, not spelled out; a session's guests and its start together are no move.
    expect(say({ entityType: 'events', entityName: 'X', changes: { guestIds: { from: [1], to: [1, 2] } } })).toBe(
      "admin changed the guests of event 'X'",
    );
    expect(
      say({
        entityType: 'events',
        entityName: 'X',
        changes: { location: { from: { id: 1, name: 'Room 1' }, to: { id: 2, name: 'Room 2' } } },
      }),
    ).toBe("admin changed the location of event 'X' from 'Room 1' to 'Room 2'");
    expect(say({ changes: { name: { from: null, to: 'Room 2' } } })).toBe(
      "admin changed the name of location 'Room 2' from nothing to 'Room 2'",
    );
    expect(say({ changes: null })).toBe("admin changed location 'Room 2'");
    expect(say({ changes: { someNewField: { from: 1, to: 2 } } })).toBe(
      "admin changed the someNewField of location 'Room 2' from 1 to 2",
    );
  });

  it('never shows a secret, only that it changed', () => {
    expect(
      say({ entityType: 'users', entityName: 'bob', changes: { password: { from: REDACTED, to: REDACTED } } }),
    ).toBe("admin changed the password of user 'bob'");
    expect(
      say({
        entityType: 'users',
        entityName: 'bob',
        changes: { calendarFeedToken: { from: REDACTED, to: REDACTED } },
      }),
    ).toBe("admin changed the calendar feed address of user 'bob'");
  });

  it("names a session by its day and time on the viewer's clock, in the viewer's language", () => {
    // As the server records them: the session's start, unchanged, beside what changed.
    const start = { from: '2026-12-08T07:00:00.000Z', to: '2026-12-08T07:00:00.000Z' };
    const cancelled = {
      action: 'cancel' as const,
      entityType: 'event-occurrences' as const,
      entityName: 'Piano',
      changes: { startsAt: start, status: { from: 'scheduled', to: 'cancelled' }, reason: { from: null, to: 'Ill' } },
    };
    const turkish = { zone: 'Europe/Istanbul', language: 'tr' };
    expect(say(cancelled)).toBe("admin cancelled 'Piano' on Tue 08/12 10:00: 'Ill'");
    expect(auditSentence(row(cancelled), tr, turkish)).toBe(
      "admin, Sal 08/12 10:00 tarihli 'Piano' oturumunu iptal etti: 'Ill'",
    );
    expect(say({ ...cancelled, action: 'restore' })).toBe("admin restored 'Piano' on Tue 08/12 10:00");
    const marked = { entityType: 'attendance' as const, entityName: 'Piano', changes: { startsAt: start } };
    expect(say(marked)).toBe("admin marked the attendance of 'Piano' on Tue 08/12 10:00");
    expect(auditSentence(row(marked), tr, turkish)).toBe(
      "admin, Sal 08/12 10:00 tarihli 'Piano' yoklamasını işaretledi",
    );
    const answered = {
      action: 'rsvp' as const,
      entityType: 'event-occurrences' as const,
      actor: null,
      entityName: 'Piano',
      changes: { startsAt: start, response: { from: null, to: 'no' } },
    };
    expect(say(answered)).toBe("A guest answered 'No' for 'Piano' on Tue 08/12 10:00");
    // A change of its guests is said as such: the start only says which session.
    expect(
      say({
        entityType: 'event-occurrences',
        entityName: 'Piano',
        changes: { startsAt: start, guestIds: { from: [1], to: [1, 2] } },
      }),
    ).toBe("admin changed the guests of 'Piano' on Tue 08/12 10:00");
    // A deleted session by the start it had; a make-up by the one it was booked for.
    expect(
      say({
        action: 'delete',
        entityType: 'event-occurrences',
        entityName: 'Piano',
        changes: { occurrenceDate: { from: start.from, to: null } },
      }),
    ).toBe("admin deleted 'Piano' on Tue 08/12 10:00");
    expect(
      say({
        action: 'makeup',
        entityType: 'event-occurrences',
        entityName: 'Piano',
        changes: { occurrenceDate: { from: null, to: '2026-12-09T08:00:00.000Z' } },
      }),
    ).toBe("admin booked a make-up of 'Piano' for Wed 09/12 11:00");
    // A row written before starts were recorded names the session alone.
    expect(say({ ...cancelled, changes: { status: { from: 'scheduled', to: 'cancelled' } } })).toBe(
      "admin cancelled 'Piano'",
    );
  });

  it("approves a session on its day, in the viewer's language", () => {
    const approved = {
      action: 'approve' as const,
      entityType: 'event-occurrences' as const,
      entityName: 'Piano - Ayşe',
      // As the server records it: the session's start, unchanged, says which one.
      changes: {
        status: { from: 'scheduled', to: 'approved' },
        startsAt: { from: '2026-12-03T07:00:00.000Z', to: '2026-12-03T07:00:00.000Z' },
      },
    };
    expect(say(approved)).toBe("admin approved 'Piano - Ayşe' on Thu 03/12 10:00");
    expect(auditSentence(row(approved), tr, { zone: 'Europe/Istanbul', language: 'tr' })).toBe(
      "admin, Per 03/12 10:00 tarihli 'Piano - Ayşe' oturumunu onayladı",
    );
    expect(say({ ...approved, changes: { status: { from: 'scheduled', to: 'approved' } } })).toBe(
      "admin approved 'Piano - Ayşe'",
    );
    // Its details list what changed only: the status, not the start that says which session.
    expect(auditChanges(row(approved), en, 'Europe/Istanbul').map((change) => change.field)).toEqual(['status']);
  });

  it('says sign-ins, failed ones and the system’s doings', () => {
    expect(say({ action: 'login', entityType: 'auth', actor: { id: 7, username: 'bob' }, entityId: 7 })).toBe(
      'bob signed in',
    );
    expect(say({ action: 'loginFailed', entityType: 'auth', actor: null, entityId: null, entityName: 'bob' })).toBe(
      "Someone tried to sign in as 'bob'",
    );
    expect(say({ action: 'send', entityType: 'message-logs', actor: null, entityName: 'Ali Demir' })).toBe(
      "The system sent a message to 'Ali Demir'",
    );
  });

  it('says each refused check of a secret as what it was, not as a wrong password at sign-in', () => {
    const ece = { id: 4, username: 'ece' };
    const code = {
      action: 'twoFactorCodeFailed' as const,
      entityType: 'auth' as const,
      actor: null,
      entityId: 4,
      entityName: 'ece',
    };
    const disable = {
      action: 'twoFactorDisableFailed' as const,
      entityType: 'auth' as const,
      actor: ece,
      entityId: 4,
      entityName: 'ece',
    };
    const change = {
      action: 'passwordChangeFailed' as const,
      entityType: 'auth' as const,
      actor: ece,
      entityId: 4,
      entityName: 'ece',
    };
    expect(say(code)).toBe("Someone gave the right password for 'ece' but a wrong two-factor code");
    expect(say(disable)).toBe('ece gave a wrong password turning off two-factor sign-in');
    expect(say(change)).toBe('ece gave a wrong current password changing their password');
    const turkish = { zone: 'Europe/Istanbul', language: 'tr' };
    expect(auditSentence(row(code), tr, turkish)).toBe(
      "Biri 'ece' için doğru parolayı ama yanlış bir iki adımlı doğrulama kodu girdi",
    );
    expect(auditSentence(row(disable), tr, turkish)).toBe(
      'ece, iki adımlı oturum açmayı kapatırken yanlış parola girdi',
    );
    expect(auditSentence(row(change), tr, turkish)).toBe('ece, parolasını değiştirirken yanlış mevcut parola girdi');
    for (const failed of [code, disable, change]) expect(say(failed)).not.toContain('tried to sign in');
  });

  it("says a guest's own answer", () => {
    const rsvp = {
      action: 'rsvp' as const,
      entityType: 'attendance' as const,
      actor: null,
      entityName: 'Piano - Ayşe',
    };
    expect(say({ ...rsvp, changes: { response: { from: null, to: 'yes' } } })).toBe(
      "A guest answered 'Yes' for 'Piano - Ayşe'",
    );
    expect(say({ ...rsvp, changes: { status: { from: null, to: 'lateCancelled' } } })).toBe(
      "A guest answered 'No' for 'Piano - Ayşe'",
    );
    expect(say({ ...rsvp, changes: null })).toBe("A guest answered for 'Piano - Ayşe'");
  });

  it('says the state changes of sessions and messages', () => {
    const session = { entityType: 'event-occurrences' as const, entityName: 'Piano - Ayşe' };
    expect(say({ ...session, action: 'unapprove' })).toBe("admin took back the approval of 'Piano - Ayşe'");
    expect(say({ ...session, action: 'cancel', changes: { reason: { from: null, to: 'Ill' } } })).toBe(
      "admin cancelled 'Piano - Ayşe': 'Ill'",
    );
    expect(say({ ...session, action: 'cancel' })).toBe("admin cancelled 'Piano - Ayşe'");
    expect(say({ ...session, action: 'restore' })).toBe("admin restored 'Piano - Ayşe'");
    expect(say({ ...session, action: 'makeup' })).toBe("admin booked a make-up of 'Piano - Ayşe'");
    expect(say({ ...session, action: 'send' })).toBe("admin sent the messages about 'Piano - Ayşe'");
    expect(say({ entityType: 'message-logs', entityName: 'Ali Demir', action: 'retry' })).toBe(
      "admin sent a message to 'Ali Demir' again",
    );
    const marks = {
      'guest 3': { from: null, to: { status: 'present', note: null } },
      'guest 4': { from: { status: 'present', note: null }, to: { status: 'late', note: 'Bus' } },
    };
    const attendance = row({ entityType: 'attendance', entityName: 'Piano - Ayşe', changes: marks });
    expect(auditSentence(attendance, en, istanbul)).toBe("admin marked the attendance of 'Piano - Ayşe'");
    expect(auditChanges(attendance, en, 'Europe/Istanbul').map(({ label, from, to }) => [label, from, to])).toEqual([
      ['guest 3', 'nothing', "'present'"],
      ['guest 4', "'present'", "'late' ('Bus')"],
    ]);
    expect(say({ entityType: 'events', entityName: 'Piano', action: 'split' })).toBe(
      "admin split event 'Piano' into two series",
    );
  });

  it('says password resets and two-factor sign-in, for oneself or another', () => {
    const account = { entityType: 'auth' as const, entityId: 7, entityName: 'bob' };
    expect(say({ ...account, action: 'passwordReset', actor: null })).toBe(
      "'bob' set a new password through a reset link",
    );
    const bob = { id: 7, username: 'bob' };
    expect(say({ ...account, action: 'twoFactorEnable', actor: bob })).toBe('bob turned on two-factor sign-in');
    expect(say({ ...account, action: 'twoFactorDisable', actor: bob })).toBe('bob turned off two-factor sign-in');
    expect(say({ ...account, action: 'twoFactorDisable' })).toBe("admin turned off two-factor sign-in for 'bob'");
  });

  it('names a record without a name by its number', () => {
    expect(say({ action: 'delete', entityName: null })).toBe('admin deleted location #5');
  });

  it('has a sentence for every action on every section, in both languages, with nothing left unfilled', () => {
    for (const action of AUDIT_ACTIONS) {
      for (const entityType of AUDIT_ENTITY_TYPES) {
        for (const t of [en, tr]) {
          const text = auditSentence(row({ action, entityType }), t, istanbul);
          expect({ action, entityType, text }).toEqual({
            action,
            entityType,
            text: expect.not.stringMatching(/\{\{|audit\.|undefined/) as unknown,
          });
        }
      }
    }
  });

  it('speaks Turkish with Turkish field names', () => {
    expect(
      auditSentence(row({ entityType: 'events', entityName: 'X', changes: { title: { from: 'A', to: 'B' } } }), tr, {
        zone: 'Europe/Istanbul',
        language: 'tr',
      }),
    ).toBe("admin, 'X' etkinliğinin başlık bilgisini 'A' iken 'B' yaptı");
    expect(auditSentence(row({ action: 'create', actor: null }), tr, istanbul)).toBe(
      "Sistem, 'Room 2' konumunu oluşturdu",
    );
  });
});

describe('auditChanges', () => {
  it('lists each field with its word and both values whole, dates on the viewer’s clock', () => {
    const long = 'x'.repeat(100);
    expect(
      auditChanges(
        row({
          changes: {
            description: { from: null, to: long },
            startsAt: { from: '2026-12-03T07:00:00Z', to: '2026-12-03T08:00:00Z' },
            hasGuestOverride: { from: false, to: true },
            location: { from: { id: 1, name: 'Room 1' }, to: { id: 2, name: 'Room 2' } },
            guests: {
              from: [],
              to: [
                { id: 3, name: 'Ali', surname: 'Demir' },
                { id: 4, username: 'can' },
              ],
            },
            schema: { from: null, to: { fields: [] } },
          },
        }),
        en,
        'Europe/Istanbul',
      ),
    ).toEqual([
      { field: 'description', label: 'description', from: 'nothing', to: `'${long}'` },
      { field: 'startsAt', label: 'start', from: '03/12/2026 10:00', to: '03/12/2026 11:00' },
      { field: 'location', label: 'location', from: "'Room 1'", to: "'Room 2'" },
      { field: 'guests', label: 'guests', from: 'nothing', to: "'Ali Demir', 'can'" },
      { field: 'schema', label: 'fields', from: 'nothing', to: '{"fields":[]}' },
      { field: 'hasGuestOverride', label: 'own guest list', from: 'no', to: 'yes' },
    ]);
  });

  it('shows a created event title first, and its guests by name only (not their ids as well)', () => {
    // As the database keeps the row (jsonb orders keys by length): the details put them in reading order.
    const created = (to: unknown) => ({ from: null, to });
    const fields = auditChanges(
      row({
        action: 'create',
        entityType: 'events',
        changes: {
          rrule: created('DTSTART;TZID=Europe/Istanbul:20261201T100000\nRRULE:FREQ=WEEKLY;COUNT=10'),
          title: created('Piano - Ayşe'),
          guests: created([{ id: 8, name: 'Mert', surname: 'Demir' }]),
          status: created('active'),
          guestIds: created([8]),
          location: created({ id: 3, name: 'Oda 3' }),
          timezone: created('Europe/Istanbul'),
          organiser: created({ id: 2, name: 'Ayşe', surname: 'Yılmaz' }),
          doesNotRepeat: created(false),
        },
      }),
      tr,
      'Europe/Istanbul',
    );
    expect(fields.map((field) => [field.label, field.to])).toEqual([
      ['başlık', "'Piano - Ayşe'"],
      ['durum', "'active'"],
      ['saat dilimi', "'Europe/Istanbul'"],
      ['konum', "'Oda 3'"],
      ['düzenleyen', "'Ayşe Yılmaz'"],
      ['misafirler', "'Mert Demir'"],
      ['tekrar kuralı', "'DTSTART;TZID=Europe/Istanbul:20261201T100000\nRRULE:FREQ=WEEKLY;COUNT=10'"],
      ['tekrarlanmaz', 'hayır'],
    ]);
  });
});
