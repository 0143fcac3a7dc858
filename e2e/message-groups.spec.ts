import type { Page } from '@playwright/test';
import { apiHeaders, expect, openRowMenu, row, rowId, test, uniqueNames } from './fixtures.js';

const unique = uniqueNames();

/** Opens the create form from the list and fills it, as a user would; the caller submits. */
async function fillNewMessageGroup(page: Page, name: string, chatId?: string) {
  await page.goto('/message-groups');
  await page.getByRole('link', { name: 'Create message groups' }).click();
  await expect(page).toHaveURL(/\/message-groups\/create$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Create Message Group' })).toBeVisible();
  await page.getByLabel('Name').fill(name);
  if (chatId !== undefined) await page.getByLabel('Chat id').fill(chatId);
  await page.getByRole('button', { name: 'Create Message Group' }).click();
}

async function createMessageGroup(page: Page, name: string, chatId?: string) {
  await fillNewMessageGroup(page, name, chatId);
  await expect(page.getByText('Message group created successfully')).toBeVisible();
  await expect(page).toHaveURL(/\/message-groups$/);
}

test.describe('Message Groups', () => {
  test('creates a message group with a chat id, explained by a hint, and lists it', async ({ adminPage: page }) => {
    const name = unique('Parents 5A');
    await page.goto('/message-groups/create');
    await expect(page.getByLabel('Chat id')).toHaveAccessibleDescription(
      /id of this group's chat at the messaging gateway/,
    );
    await createMessageGroup(page, `  ${name} `, ` chat-${unique.tag}@g.us `);
    const created = row(page, name);
    await expect(created).toHaveCount(1);
    await expect(created.getByRole('cell').nth(1)).toHaveText(name);
    for (const header of ['Id', 'Name', 'Users']) {
      await expect(page.getByRole('columnheader', { name: header, exact: true })).toBeVisible();
    }
    await expect(page.getByRole('button', { name: 'Sync Message Groups', exact: true })).toBeVisible();

    await openRowMenu(row(page, name));
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page.getByLabel('Chat id')).toHaveValue(`chat-${unique.tag}@g.us`);
  });

  test('refuses a chat id another group uses and keeps the form as typed', async ({ adminPage: page }) => {
    const chatId = `taken-${unique.tag}`;
    await createMessageGroup(page, unique('First chat holder'), chatId);
    const second = unique('Second chat holder');
    await fillNewMessageGroup(page, second, chatId);
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText(
      'Another message group already uses this chat id',
    );
    await expect(page).toHaveURL(/\/message-groups\/create$/);
    await expect(page.getByLabel('Name')).toHaveValue(second);
  });

  test('edits the name and clears the chat id, and shows the members', async ({ adminPage: page }) => {
    const before = unique('Class 6B');
    const after = unique('Class 6C');
    await createMessageGroup(page, before, `chat-6b-${unique.tag}`);
    const id = await rowId(row(page, before));
    const member = `member-${unique.tag}`;
    const user = await page.request.post('/api/users', {
      headers: await apiHeaders(page),
      data: {
        username: member,
        password: 'member-password-1',
        role: 'guest',
        timezone: 'Europe/Istanbul',
        messageGroupId: id,
      },
    });
    expect(user.status()).toBe(201);
    await page.reload();
    await expect(row(page, before).getByRole('cell').nth(2)).toHaveText(member);

    await openRowMenu(row(page, before));
    await page.getByRole('menuitem', { name: 'Edit' }).click();
    await expect(page).toHaveURL(new RegExp(`/message-groups/${id}/edit$`));
    await expect(page.getByRole('heading', { level: 1, name: 'Edit Message Group' })).toBeVisible();
    await expect(page.getByTestId('message-group-users')).toContainText(member);
    await page.getByLabel('Name').fill(after);
    await page.getByLabel('Chat id').fill('');
    await page.getByRole('button', { name: 'Update Message Group' }).click();
    await expect(page.getByText('Message group updated successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/message-groups$/);
    await expect(row(page, after)).toHaveCount(1);
    await expect(row(page, before)).toHaveCount(0);

    await page.goto(`/message-groups/${id}/edit`);
    await expect(page.getByLabel('Chat id')).toHaveValue('');
  });

  test('wraps many members between usernames on a narrow screen instead of widening the page', async ({
    adminPage: page,
  }) => {
    const name = unique('Big chat');
    await createMessageGroup(page, name);
    const id = await rowId(row(page, name));
    const headers = await apiHeaders(page);
    const usernames = ['ali', 'ayse', 'can', 'deniz', 'elif', 'fatma', 'gokhan'].map((u) => `${u}-${unique.tag}`);
    for (const username of usernames) {
      const user = await page.request.post('/api/users', {
        headers,
        data: {
          username,
          password: 'member-password-1',
          role: 'guest',
          timezone: 'Europe/Istanbul',
          messageGroupId: id,
        },
      });
      expect(user.status()).toBe(201);
    }
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`/message-groups?q=${encodeURIComponent(name)}`);
    await expect(row(page, name).getByRole('cell').nth(2)).toHaveText(usernames.join(', '));
    // A string: the e2e project is compiled without the DOM library.
    const [scrollWidth, clientWidth] = await page.evaluate<[number, number]>(
      '[document.documentElement.scrollWidth, document.documentElement.clientWidth]',
    );
    expect(scrollWidth).toBeLessThanOrEqual(clientWidth);
  });

  test('refuses to delete a message group a lookup belongs to', async ({ adminPage: page }) => {
    const name = unique('Looked up chat');
    await createMessageGroup(page, name);
    const id = await rowId(row(page, name));
    const lookup = await page.request.post('/api/lookups', {
      headers: await apiHeaders(page),
      data: {
        key: `chat-${unique.tag}`,
        value: 'v',
        label: 'Label',
        lookupableType: 'message-groups',
        lookupableId: id,
      },
    });
    expect(lookup.status()).toBe(201);
    page.once('dialog', (dialog) => void dialog.accept());
    await openRowMenu(row(page, name));
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    await expect(page.locator('[data-sonner-toast][data-type="error"]')).toContainText(
      'Message group is used by lookups or logged messages and cannot be deleted',
    );
    await expect(row(page, name)).toHaveCount(1);
  });
});
