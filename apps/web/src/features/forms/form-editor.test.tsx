import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderApp, resetApp, stubApi } from '../../test/app';
import { bodyOf, json } from '../../test/http';
import { adminClaims } from '../../test/tokens';

const notes = { type: 'textarea', name: 'notes', label: 'Notes' };
const form = {
  id: 7,
  title: 'Intake',
  description: 'First visit',
  version: 3,
  status: 'active',
  schema: { fields: [notes] },
  groups: [{ id: 9, name: 'Old team' }],
  groupIds: [9],
  user: { username: 'admin' },
  createdAt: '2025-01-02T10:00:00.000Z',
};
const groupList = {
  groups: [
    { id: 4, name: 'Beta team' },
    { id: 3, name: 'Alpha team' },
  ],
  totalCount: 2,
};

/** Types text into the schema box (fireEvent: user-event reads braces as key names). */
const setSchema = (text: string) => fireEvent.change(screen.getByLabelText('Schema'), { target: { value: text } });

describe('Form editor', () => {
  beforeEach(resetApp);
  afterEach(() => {
    vi.unstubAllGlobals();
  });

  it('shows where a JSON syntax error is, under the schema, and sends nothing', async () => {
    const api = stubApi(adminClaims, (url) => (url.startsWith('/api/groups') ? json(200, groupList) : undefined));
    renderApp('/forms/create');
    await userEvent.type(await screen.findByLabelText(/Title/), 'Broken');
    setSchema('{\n  "fields": [\n    {"type": "textarea",}\n  ]\n}');
    await userEvent.click(screen.getByRole('button', { name: 'Create Form' }));

    expect(
      await screen.findByText('Schema is not valid JSON: unexpected "," before "}" (line 3, column 24)'),
    ).toBeTruthy();
    expect(screen.getByLabelText('Schema').getAttribute('aria-invalid')).toBe('true');
    expect(api.calls().some((call) => call.url.startsWith('/api/forms'))).toBe(false);
  });

  it('names the bad field of a format error, and refuses a blank title', async () => {
    stubApi(adminClaims, (url) => (url.startsWith('/api/groups') ? json(200, groupList) : undefined));
    renderApp('/forms/create');
    await screen.findByLabelText(/Title/);
    setSchema(JSON.stringify({ fields: [notes, notes] }));
    await userEvent.click(screen.getByRole('button', { name: 'Create Form' }));

    expect(await screen.findByText('Form title must be a non-empty string')).toBeTruthy();
    expect(screen.getByText('Duplicate field name "notes" (line 1, column 89)')).toBeTruthy();
  });

  it('creates a form with the parsed schema, null for an empty description, and the ticked groups', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url.startsWith('/api/groups')) return json(200, groupList);
      if (url === '/api/forms' && init?.method === 'POST') return json(201, { ...form, id: 8 });
      if (url.startsWith('/api/forms')) return json(200, { forms: [], totalCount: 0 });
      return undefined;
    });
    const router = renderApp('/forms/create');
    await userEvent.type(await screen.findByLabelText(/Title/), '  Intake  ');
    setSchema(`{"fields": [${JSON.stringify(notes)}]}`);
    // Groups are listed by name, whatever order the API gives.
    const groups = await screen.findAllByRole('checkbox');
    expect(groups.map((box) => box.parentElement?.textContent)).toEqual(['Alpha team', 'Beta team']);
    await userEvent.click(screen.getByLabelText('Beta team'));
    await userEvent.click(screen.getByRole('button', { name: 'Create Form' }));

    expect(await screen.findByText('Form created successfully')).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms'));
    const post = api.calls().find((call) => call.init?.method === 'POST' && call.url === '/api/forms');
    expect(bodyOf(post?.init)).toEqual({
      title: 'Intake',
      description: null,
      schema: { fields: [notes] },
      groupIds: [4],
    });
    expect(api.calls().some((call) => call.url === '/api/groups?limit=1000')).toBe(true);
  });

  it('edits: pretty-printed schema, the version, the groups kept, and the update sent', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url.startsWith('/api/groups')) return json(200, groupList);
      if (url === '/api/forms/7' && init?.method === 'PATCH') return json(200, { ...form, version: 4 });
      if (url === '/api/forms/7') return json(200, form);
      if (url.startsWith('/api/forms')) return json(200, { forms: [], totalCount: 0 });
      return undefined;
    });
    renderApp('/forms/7/edit');
    const schema = await screen.findByLabelText<HTMLTextAreaElement>('Schema');
    expect(screen.getByRole('heading', { level: 1, name: 'Edit Form' })).toBeTruthy();
    expect(schema.value).toBe(JSON.stringify(form.schema, null, 2));
    expect(screen.getByTestId('form-version').textContent).toContain('Version 3');
    // The form's own group stays offered (and ticked) though the active list lacks it.
    expect(await screen.findByLabelText<HTMLInputElement>('Alpha team')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Old team').checked).toBe(true);

    setSchema(JSON.stringify({ fields: [{ ...notes, label: 'Remarks' }] }));
    await userEvent.click(screen.getByRole('button', { name: 'Update Form' }));
    expect(await screen.findByText('Form updated successfully')).toBeTruthy();
    const patch = api.calls().find((call) => call.init?.method === 'PATCH');
    expect(bodyOf(patch?.init)).toEqual({
      title: 'Intake',
      description: 'First visit',
      schema: { fields: [{ ...notes, label: 'Remarks' }] },
      groupIds: [9],
    });
  });

  it('shows a clear message instead of the groups when they cannot be fetched, and still saves', async () => {
    const api = stubApi(adminClaims, (url, init) => {
      if (url === '/api/forms' && init?.method === 'POST')
        return json(201, { ...form, id: 8, groups: [], groupIds: [] });
      if (url.startsWith('/api/forms')) return json(200, { forms: [], totalCount: 0 });
      return undefined;
    });
    const router = renderApp('/forms/create');
    expect(await screen.findByText('Failed to fetch groups: Route not found')).toBeTruthy();
    await userEvent.type(screen.getByLabelText(/Title/), 'No groups');
    await userEvent.click(screen.getByRole('button', { name: 'Create Form' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/forms'));
    const post = api.calls().find((call) => call.init?.method === 'POST' && call.url === '/api/forms');
    expect(bodyOf(post?.init)).toEqual({ title: 'No groups', description: null, schema: null, groupIds: [] });
  });

  it("fills the schema with the example on 'Use this example'", async () => {
    stubApi(adminClaims, (url) => (url.startsWith('/api/groups') ? json(200, groupList) : undefined));
    renderApp('/forms/create');
    const schema = await screen.findByLabelText<HTMLTextAreaElement>('Schema');
    await userEvent.click(screen.getByText('Show the schema format'));
    await userEvent.click(screen.getByRole('button', { name: 'Use this example' }));
    const parsed = JSON.parse(schema.value) as { fields: { type: string }[] };
    expect(new Set(parsed.fields.map((field) => field.type))).toEqual(
      new Set(['input', 'textarea', 'radiogroup', 'checkbox', 'listbox']),
    );
  });

  it("says 'Failed to fetch form' when the form cannot be loaded", async () => {
    stubApi(adminClaims, (url) => (url === '/api/forms/99' ? json(404, { message: 'Form not found' }) : undefined));
    renderApp('/forms/99/edit');
    expect((await screen.findAllByText('Failed to fetch form: Form not found')).length).toBeGreaterThan(0);
    expect(screen.queryByRole('button', { name: 'Update Form' })).toBeNull();
  });
});
