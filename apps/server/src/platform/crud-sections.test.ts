import {
  billingMessages,
  eventMessages,
  FORM_TITLE_MAX,
  GROUP_NAME_MAX_LENGTH,
  groupMessages,
  LOOKUP_TEXT_MAX,
  messageGroupMessages,
  messages,
  type Role,
  USERNAME_MAX_LENGTH,
} from '@ritim/shared';
import { sql } from 'drizzle-orm';
import type { PgTable } from 'drizzle-orm/pg-core';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingAccounts, events, forms, groups, locations } from './db/schema.js';
import { createLocation, type Headers } from '../test/seed.js';
import { type TestApp, useTestApp } from '../test/use-test-app.js';

/**
 * The generic behaviour of every section built on crudRoutes (crud-routes.ts) and defineList
 * (list.ts), checked once over a table of the sections: the list's page, total, search, sorts,
 * archived filter and bad queries; create, read, edit and delete with their refusals (blank text,
 * malformed JSON, unknown and malformed ids, nothing to update); and who may call which route.
 * A section's own test file keeps only what is particular to it. A new section is one line in
 * SECTIONS.
 */
interface CrudSection {
  /** `/api/<section>`. */
  url: string;
  /** The list's key in its answer (`{<key>: [...], totalCount}`). */
  key: string;
  /** `<item> not found`. */
  item: string;
  /** The text field the checks write, search and sort by. */
  field: string;
  /** A valid create body whose `field` is `text`. */
  body: (text: string, refs: Refs) => Record<string, unknown>;
  /** The 400 text for `field` blank, missing, null or not a string (on create and edit). */
  blank: string;
  /** The longest `field` and the 400 text one character more gets. */
  max: { length: number; message: string };
  /** The sort key that orders by `field`, ascending; the others. */
  sorts: { text: string; date?: string; id?: string; default: 'text' | 'id' };
  /** Its table, when the date sort is checked (rows are spread a minute apart, in creation order). */
  table?: PgTable;
  /** Edits `{status: 'archived' | 'active'}`; the list hides archived rows unless `archived=true`. */
  archives?: boolean;
  /** The item shows who created it (`user: {username}`). */
  creator?: boolean;
  /** False when the item does not show when it was created (`createdAt`). */
  stamped?: false;
  /** An edit with nothing in it: 400 'Nothing to update', or 200 and the item as it was. */
  emptyEdit?: 'refused' | 'kept';
  /** Who besides admins may call a route (the others are refused: 403). */
  alsoAllowed?: Partial<Record<'list' | 'read', Role[]>>;
  /** Rows the bodies need, made before the section's checks. */
  refs?: (ctx: TestApp, admin: Headers) => Promise<Refs>;
}
type Refs = Record<string, number>;

const SECTIONS: Record<string, CrudSection> = {
  locations: {
    url: '/api/locations',
    key: 'locations',
    item: 'Location',
    field: 'name',
    body: (name) => ({ name }),
    blank: messages.locationNameRequired,
    max: { length: 200, message: 'Location name must be at most 200 characters' },
    sorts: { text: 'name', date: 'date', default: 'text' },
    table: locations,
    archives: true,
    creator: true,
  },
  groups: {
    url: '/api/groups',
    key: 'groups',
    item: 'Group',
    field: 'name',
    body: (name) => ({ name }),
    blank: messages.groupNameRequired,
    max: { length: GROUP_NAME_MAX_LENGTH, message: groupMessages.nameTooLong },
    sorts: { text: 'name', date: 'date', default: 'text' },
    table: groups,
    archives: true,
    creator: true,
  },
  'message-groups': {
    url: '/api/message-groups',
    key: 'messageGroups',
    item: 'Message group',
    field: 'name',
    body: (name) => ({ name }),
    blank: messageGroupMessages.nameRequired,
    max: { length: 200, message: 'Message group name must be at most 200 characters' },
    sorts: { text: 'name', id: 'id', default: 'text' },
  },
  forms: {
    url: '/api/forms',
    key: 'forms',
    item: 'Form',
    field: 'title',
    body: (title) => ({ title }),
    blank: 'Form title must be a non-empty string',
    max: { length: FORM_TITLE_MAX, message: `Form title must be at most ${FORM_TITLE_MAX} characters` },
    sorts: { text: 'name', date: 'date', default: 'text' },
    table: forms,
    archives: true,
    creator: true,
    alsoAllowed: { read: ['editor'] },
  },
  lookups: {
    url: '/api/lookups',
    key: 'lookups',
    item: 'Lookup',
    field: 'value',
    body: (value) => ({ key: 'generic-check', value, label: 'Checked' }),
    blank: messages.valueRequired,
    max: { length: LOOKUP_TEXT_MAX, message: `Value must be at most ${LOOKUP_TEXT_MAX} characters` },
    sorts: { text: 'value', id: 'id', default: 'id' },
    stamped: false,
  },
  events: {
    url: '/api/events',
    key: 'events',
    item: 'Event',
    field: 'title',
    body: (title, refs) => ({
      title,
      locationId: refs.location,
      organiserId: refs.organiser,
      guestIds: [],
      rrule: 'DTSTART;TZID=Europe/Istanbul:20300107T100000\nRRULE:FREQ=DAILY;COUNT=1',
    }),
    blank: eventMessages.titleRequired,
    max: { length: 200, message: 'Event title must be at most 200 characters' },
    sorts: { text: 'name', date: 'date', default: 'text' },
    table: events,
    creator: true,
    emptyEdit: 'kept',
    refs: async (ctx, admin) => ({ location: await createLocation(ctx, admin, 'Hall'), organiser: ctx.ids.editor }),
  },
  users: {
    url: '/api/users',
    key: 'users',
    item: 'User',
    field: 'username',
    body: (username) => ({ username, password: 'correct horse battery', role: 'guest', timezone: 'Europe/Istanbul' }),
    blank: messages.usernameNonEmpty,
    max: { length: USERNAME_MAX_LENGTH, message: `Username must be at most ${USERNAME_MAX_LENGTH} characters` },
    sorts: { text: 'username', id: 'id', default: 'id' },
    stamped: false,
  },
  'billing-accounts': {
    url: '/api/billing/accounts',
    key: 'billingAccounts',
    item: 'Billing account',
    field: 'name',
    body: (name) => ({ name }),
    blank: billingMessages.accountNameRequired,
    max: { length: 200, message: billingMessages.accountNameTooLong },
    sorts: { text: 'name', date: 'date', default: 'text' },
    table: billingAccounts,
    emptyEdit: 'refused',
  },
};

/** The rows each section's list is checked over: Turkish letters, a `%`, and 55 more for paging. */
const TEXTS = [
  'İSTANBUL Merkez',
  'Şişli Ofis',
  'Ilgaz Salonu',
  'London Bridge',
  '100% Room',
  'çamlıca',
  ...Array.from({ length: 55 }, (_, i) => `Row ${String(i + 1).padStart(2, '0')}`),
];
/** The texts in the order of a sort by text: those starting with an ASCII letter or digit. */
const ASCII_ORDER = ['100% Room', 'Ilgaz Salonu', 'London Bridge', ...TEXTS.slice(6)];
const SEARCHES: [string, string[]][] = [
  ['istanbul', ['İSTANBUL Merkez']],
  ['SISLI', ['Şişli Ofis']],
  ['ılgaz', ['Ilgaz Salonu']],
  ['ÇAMLICA', ['çamlıca']],
  ['100%', ['100% Room']],
  ['row 0', TEXTS.slice(6, 15)],
];
const BAD_QUERIES = ['limit=0', 'limit=1001', 'limit=abc', 'limit=1e3x', 'offset=-1', `q=${'x'.repeat(201)}`];
const BAD_IDS = ['abc', '1.5', '-3', '0', '99999999999'];

type Row = Record<string, unknown> & { id: number };

describe.each(Object.entries(SECTIONS))('the %s section', (_, section) => {
  const ctx = useTestApp({ people: true });
  const { admin, editor, guest } = ctx.headers;
  const archived = section.archives ? 'archived=true&' : '';
  let refs: Refs = {};
  /** The rows there before the checks' own (seeded ones, the refs' own). */
  let before: number;
  /** The ids of TEXTS' rows, by text. */
  const ids: Record<string, number> = {};

  const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, headers = admin) =>
    ctx.app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as object }) });
  const list = async (query: string) => {
    const response = await call('GET', `${section.url}?${query}`);
    return {
      status: response.statusCode,
      body: response.json<Record<string, Row[]> & { totalCount: number; message?: string }>(),
    };
  };
  const rowsOf = async (query: string) => {
    const { status, body } = await list(query);
    expect(status, JSON.stringify(body)).toBe(200);
    return { rows: body[section.key]!, totalCount: body.totalCount };
  };
  /** The texts of TEXTS' rows in a list's order (other rows left out). */
  const ownTexts = (rows: Row[]) => {
    const own = new Set(Object.values(ids));
    return rows.filter((row) => own.has(row.id)).map((row) => row[section.field] as string);
  };
  const create = async (text: string) => {
    const response = await call('POST', section.url, section.body(text, refs));
    expect(response.statusCode, response.body).toBe(201);
    return response.json<Row>();
  };
  const countAll = async () => (await rowsOf(`${archived}limit=1000`)).totalCount;

  beforeAll(async () => {
    refs = (await section.refs?.(ctx, admin)) ?? {};
    before = await countAll();
    for (const text of TEXTS) ids[text] = (await create(text)).id;
    if (section.table) {
      // A minute apart in creation order, after every row already there: the date sort's order.
      const own = sql.join(
        Object.values(ids).map((id) => sql`${id}`),
        sql`, `,
      );
      await ctx.database.db.execute(
        sql`update ${section.table} set created_at = now() + interval '1 minute' * id where id in (${own})`,
      );
    }
  });

  describe('list', () => {
    it(`answers {${section.key}, totalCount}, 50 per page by default, up to 1000 with limit`, async () => {
      const page = await rowsOf('');
      const total = before + TEXTS.length;
      expect(page.totalCount).toBe(total);
      expect(page.rows).toHaveLength(50);
      expect((await rowsOf('limit=1000')).rows).toHaveLength(total);
    });

    it('pages with limit and offset, keeping the total; past the end an empty page with the total', async () => {
      const total = before + TEXTS.length;
      const second = await rowsOf('limit=50&offset=50');
      expect(second.rows).toHaveLength(total - 50);
      expect(second.totalCount).toBe(total);
      const first = await rowsOf('limit=50');
      expect(new Set([...first.rows, ...second.rows].map((row) => row.id)).size).toBe(total);
      expect((await list('offset=5000')).body).toEqual({ [section.key]: [], totalCount: total });
    });

    it.each(SEARCHES)('searches %s folding case and Turkish letters, a %% typed being literal', async (q, expected) => {
      const { rows, totalCount } = await rowsOf(`q=${encodeURIComponent(q)}&limit=1000`);
      expect(rows.map((row) => row[section.field]).sort()).toEqual([...expected].sort());
      expect(totalCount).toBe(expected.length);
    });

    it('sorts by its text ascending, and by the default sort without one', async () => {
      const byText = ownTexts((await rowsOf(`sort=${section.sorts.text}&limit=1000`)).rows);
      expect(byText.filter((text) => ASCII_ORDER.includes(text))).toEqual(ASCII_ORDER);
      const byDefault = ownTexts((await rowsOf('limit=1000')).rows);
      expect(byDefault).toEqual(
        section.sorts.default === 'text'
          ? byText
          : ownTexts((await rowsOf(`sort=${section.sorts.id}&limit=1000`)).rows),
      );
    });

    it('sorts by date, newest first, or by id, oldest first', async () => {
      if (section.sorts.date) {
        expect(ownTexts((await rowsOf(`sort=${section.sorts.date}&limit=1000`)).rows)).toEqual([...TEXTS].reverse());
      }
      if (section.sorts.id) {
        expect(ownTexts((await rowsOf(`sort=${section.sorts.id}&limit=1000`)).rows)).toEqual(TEXTS);
      }
      expect(section.sorts.date ?? section.sorts.id).toBeDefined();
    });

    it('answers an unknown sort with 400 "Unknown sort \'color\'"', async () => {
      expect(await list('sort=color')).toMatchObject({ status: 400, body: { message: "Unknown sort 'color'" } });
    });

    it.each(BAD_QUERIES)('answers %s with 400 and a message', async (query) => {
      const { status, body } = await list(query);
      expect(status).toBe(400);
      expect(typeof body.message).toBe('string');
    });

    it.runIf(section.archives)(
      'hides an archived row unless archived=true asks for it (status sorts it last), and shows it again once restored',
      async () => {
        const id = ids['London Bridge']!;
        const total = before + TEXTS.length;
        expect((await call('PATCH', `${section.url}/${id}`, { status: 'archived' })).json()).toMatchObject({
          status: 'archived',
        });
        expect((await call('GET', `${section.url}/${id}`)).json()).toMatchObject({ status: 'archived' });
        expect((await rowsOf('q=london')).totalCount).toBe(0);
        expect((await rowsOf('archived=false')).totalCount).toBe(total - 1);
        const withArchived = await rowsOf('archived=true&sort=status&limit=1000');
        expect(withArchived.totalCount).toBe(total);
        expect(ownTexts(withArchived.rows).at(-1)).toBe('London Bridge');
        expect((await rowsOf('q=london&archived=true')).rows).toMatchObject([{ id, status: 'archived' }]);
        expect((await call('PATCH', `${section.url}/${id}`, { status: 'active' })).json()).toMatchObject({
          status: 'active',
        });
        expect((await rowsOf('q=london')).rows).toMatchObject([{ id, status: 'active' }]);
        expect((await call('PATCH', `${section.url}/${id}`, { status: 'deleted' })).statusCode).toBe(400);
      },
    );
  });

  describe('create, read, edit, delete', () => {
    it('creates with a trimmed text (and its creator), and reads it back as it answered', async () => {
      const created = await create('   Kadıköy Studio  ');
      expect(created[section.field]).toBe('Kadıköy Studio');
      expect(Number.isInteger(created.id)).toBe(true);
      if (section.stamped !== false) {
        expect(new Date(created.createdAt as string).toString()).not.toBe('Invalid Date');
      }
      if (section.creator) expect(created.user).toEqual({ username: 'admin' });
      if (section.archives) expect(created.status).toBe('active');
      const read = await call('GET', `${section.url}/${created.id}`);
      expect(read.statusCode).toBe(200);
      expect(read.json()).toEqual(created);
    });

    it.each([
      ['blank', '   '],
      ['empty', ''],
      ['missing', undefined],
      ['not a string', 42],
      ['null', null],
    ])('refuses a %s text with its 400, and creates nothing', async (_, text) => {
      const count = await countAll();
      const response = await call('POST', section.url, { ...section.body('x', refs), [section.field]: text });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: section.blank });
      expect(await countAll()).toBe(count);
    });

    it('refuses a text one character too long, and one holding U+0000, with 400', async () => {
      const long = await call('POST', section.url, section.body('x'.repeat(section.max.length + 1), refs));
      expect(long.statusCode).toBe(400);
      expect(long.json()).toMatchObject({ message: section.max.message });
      expect((await call('POST', section.url, section.body('a\u0000b', refs))).statusCode).toBe(400);
    });

    it('answers malformed JSON with 400 and creates nothing', async () => {
      const count = await countAll();
      const response = await call('POST', section.url, `{"${section.field}": `, {
        ...admin,
        'content-type': 'application/json',
      });
      expect(response.statusCode).toBe(400);
      expect(await countAll()).toBe(count);
    });

    it(`answers an unknown id with 404 '${section.item} not found' on read, edit and delete`, async () => {
      for (const [method, payload] of [['GET'], ['PATCH', { [section.field]: 'x' }], ['DELETE']] as const) {
        const response = await call(method, `${section.url}/999999`, payload);
        expect({ method, status: response.statusCode }).toEqual({ method, status: 404 });
        expect(response.json()).toMatchObject({ message: `${section.item} not found` });
      }
    });

    it.each(BAD_IDS)('answers the id %s with 400, not 500', async (id) => {
      const response = await call('GET', `${section.url}/${id}`);
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: 'Id must be a positive whole number' });
    });

    it('edits the text, trimmed; refuses a blank one (keeping the old) and a body that changes nothing', async () => {
      const { id } = await create('Old text');
      const renamed = await call('PATCH', `${section.url}/${id}`, { [section.field]: '  New text ' });
      expect(renamed.statusCode, renamed.body).toBe(200);
      expect(renamed.json()).toMatchObject({ id, [section.field]: 'New text' });
      if (section.archives) expect(renamed.json()).toMatchObject({ status: 'active' });
      const blank = await call('PATCH', `${section.url}/${id}`, { [section.field]: ' ' });
      expect(blank.statusCode).toBe(400);
      expect(blank.json()).toMatchObject({ message: section.blank });
      const nothing = await call('PATCH', `${section.url}/${id}`, {});
      if (section.emptyEdit === 'kept') {
        expect(nothing.statusCode).toBe(200);
        expect(nothing.json()).toMatchObject({ id, [section.field]: 'New text' });
      } else {
        expect(nothing.statusCode).toBe(400);
        expect(nothing.json()).toMatchObject({ message: 'Nothing to update' });
      }
      expect((await call('GET', `${section.url}/${id}`)).json()).toMatchObject({ [section.field]: 'New text' });
    });

    it('deletes, accepting a JSON content type with no body (204, empty), then answers 404', async () => {
      const { id } = await create('Short-lived');
      const response = await call('DELETE', `${section.url}/${id}`, undefined, {
        ...admin,
        'content-type': 'application/json',
      });
      expect(response.statusCode, response.body).toBe(204);
      expect(response.body).toBe('');
      expect((await call('GET', `${section.url}/${id}`)).statusCode).toBe(404);
      const again = await call('DELETE', `${section.url}/${id}`);
      expect(again.statusCode).toBe(404);
      expect(again.json()).toMatchObject({ message: `${section.item} not found` });
    });
  });

  describe('who may call it', () => {
    let id: number;
    beforeAll(async () => {
      id = (await create('Access checked')).id;
    });
    const routes = () =>
      [
        { route: 'list', method: 'GET', url: section.url, ok: 200 },
        { route: 'read', method: 'GET', url: `${section.url}/${id}`, ok: 200 },
        { route: 'create', method: 'POST', url: section.url, payload: section.body('By role', refs), ok: 201 },
        {
          route: 'update',
          method: 'PATCH',
          url: `${section.url}/${id}`,
          payload: { [section.field]: 'Access' },
          ok: 200,
        },
        { route: 'delete', method: 'DELETE', url: `${section.url}/${id}`, ok: 204 },
      ] as const;

    it('answers anonymous callers 401 and other roles than its own 403, and changes nothing', async () => {
      const count = await countAll();
      for (const { route, method, url, ...rest } of routes()) {
        const payload = 'payload' in rest ? rest.payload : undefined;
        const anonymous = await ctx.app.inject({ method, url, ...(payload ? { payload } : {}) });
        expect({ route, status: anonymous.statusCode }).toEqual({ route, status: 401 });
        for (const [role, headers] of [
          ['editor', editor],
          ['guest', guest],
        ] as const) {
          const allowed = (section.alsoAllowed?.[route as 'list' | 'read'] ?? []).includes(role);
          const response = await call(method, url, payload, headers);
          expect({ route, role, status: response.statusCode }).toEqual({
            route,
            role,
            status: allowed ? rest.ok : 403,
          });
        }
      }
      expect(await countAll()).toBe(count);
      expect((await call('GET', `${section.url}/${id}`)).json()).toMatchObject({ [section.field]: 'Access checked' });
    });

    it('lets admins call every route', async () => {
      for (const { route, method, url, ok, ...rest } of routes()) {
        const response = await call(method, url, 'payload' in rest ? rest.payload : undefined);
        expect({ route, status: response.statusCode }).toEqual({ route, status: ok });
      }
    });
  });
});
