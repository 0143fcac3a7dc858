import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';
import { adminApiClient, expect, test, uniqueNames } from './fixtures.js';
import { MailCatcher } from './mail-catcher.js';

/**
 * A forgotten password (docs/product.md §2, docs/domain.md#password-reset) on a 390 px phone: Sign
 * In's 'Forgot password?', the link arriving by mail (a real SMTP catcher), the reset page, then
 * Sign In with the new password; a used or unknown link says so before any form. In English and in
 * Turkish, each from the browser's language; a link opens in its account's language, and the
 * pages offer a switch. axe on each page.
 */
const unique = uniqueNames();
const catcher = new MailCatcher();
const LINK = /https?:\/\/[^\s]+(\/reset-password\/[A-Za-z0-9_-]{43})/;

const people = {
  en: { username: unique('reset-anna'), email: `reset-anna-${unique.tag}@example.test`, language: 'en' },
  tr: { username: unique('reset-selin'), email: `reset-selin-${unique.tag}@example.test`, language: 'tr' },
} as const;

test.use({ viewport: { width: 390, height: 844 } });

test.beforeAll(async ({ playwright }) => {
  await catcher.start();
  const api = await adminApiClient(playwright);
  for (const person of Object.values(people)) {
    await api.post('/api/users', {
      ...person,
      name: person.language === 'en' ? 'Anna' : 'Selin',
      role: 'guest',
      timezone: 'Europe/Istanbul',
      password: 'old-password-1',
    });
  }
  await api.dispose();
});

test.afterAll(async () => {
  await catcher.stop();
});

/** The serious and critical axe violations (WCAG 2.1 A and AA) on the page as it is now. */
async function violations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/** The page fits the phone: nothing wider than the window. */
async function fitsWidth(page: Page) {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
}

const cases = [
  {
    language: 'en',
    login: people.en.username,
    texts: {
      forgot: 'Forgot password?',
      forgotTitle: 'Forgot your password?',
      login: 'Username or email',
      send: 'Send the link',
      sent: 'If an account matches, we sent it a link to choose a new password.',
      mail: 'Choose a new password here within 30 minutes:',
      resetTitle: 'Choose a new password',
      newPassword: 'New password',
      confirm: 'Confirm new password',
      differ: 'The passwords do not match',
      save: 'Save the new password',
      changed: 'Your password was changed. Sign in with the new one.',
      username: 'Username',
      password: 'Password',
      signIn: 'Sign in',
      spent: 'This password reset link has expired or was already used. Ask for a new one.',
      askNew: 'Ask for a new link',
      welcome: 'Welcome, ',
    },
  },
  {
    language: 'tr',
    // Turkish by email address, on a device that was last used in Turkish.
    login: people.tr.email,
    texts: {
      forgot: 'Parolanızı mı unuttunuz?',
      forgotTitle: 'Parolanızı mı unuttunuz?',
      login: 'Kullanıcı adı ya da e-posta',
      send: 'Bağlantıyı gönder',
      sent: 'Eşleşen bir hesap varsa, yeni bir parola belirlemesi için ona bir bağlantı gönderdik.',
      mail: 'Yeni parolanızı 30 dakika içinde buradan belirleyin:',
      resetTitle: 'Yeni bir parola belirleyin',
      newPassword: 'Yeni parola',
      confirm: 'Yeni parolayı doğrulayın',
      differ: 'Parolalar eşleşmiyor',
      save: 'Yeni parolayı kaydet',
      changed: 'Parolanız değiştirildi. Yeni parolanızla oturum açın.',
      username: 'Kullanıcı adı',
      password: 'Parola',
      signIn: 'Oturum aç',
      spent:
        'Bu parola sıfırlama bağlantısının süresi dolmuş ya da bağlantı zaten kullanılmış. Yeni bir bağlantı isteyin.',
      askNew: 'Yeni bir bağlantı isteyin',
      welcome: 'Hoş geldiniz, ',
    },
  },
] as const;

for (const { language, login, texts } of cases) {
  test.describe(`in a browser set to ${language}`, () => {
    // Before sign-in the pages follow the browser's language (no choice kept on the device yet).
    test.use({ locale: language === 'tr' ? 'tr-TR' : 'en-GB' });

    test(`forgot password, the mailed link, a new password and signing in with it (${language})`, async ({
      page,
      browser,
    }) => {
      // Two pages, a mail and axe on five screens: longer than one screen's test.
      test.setTimeout(90_000);
      const person = people[language];
      await page.goto('/login');
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      await page.getByRole('link', { name: texts.forgot }).click();
      await expect(page).toHaveURL(/\/forgot-password$/);
      await expect(page.getByRole('heading', { name: texts.forgotTitle })).toBeVisible();
      await fitsWidth(page);
      expect(await violations(page)).toEqual([]);

      await page.getByLabel(texts.login).fill(login);
      await page.getByRole('button', { name: texts.send }).click();
      await expect(page.getByRole('status')).toHaveText(texts.sent);
      expect(await violations(page)).toEqual([]);

      await expect.poll(() => catcher.to(person.email).length, { timeout: 20_000 }).toBe(1);
      // The catcher's text is the mail as its reader sees it (quoted-printable undone, UTF-8 read).
      const mail = catcher.to(person.email)[0]!.text;
      expect(mail).toContain(texts.mail);
      const path = LINK.exec(mail)![1]!;

      await page.goto(path);
      await expect(page.getByRole('heading', { name: texts.resetTitle })).toBeVisible();
      await fitsWidth(page);
      expect(await violations(page)).toEqual([]);
      await page.getByLabel(texts.newPassword, { exact: true }).fill('new-password-2');
      await page.getByLabel(texts.confirm).fill('new-password-3');
      await page.getByRole('button', { name: texts.save }).click();
      await expect(page.getByText(texts.differ)).toBeVisible();
      await page.getByLabel(texts.confirm).fill('new-password-2');
      await page.getByRole('button', { name: texts.save }).click();

      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole('status')).toHaveText(texts.changed);
      expect(await violations(page)).toEqual([]);
      await page.getByLabel(texts.username).fill(person.username);
      await page.getByLabel(texts.password, { exact: true }).fill('new-password-2');
      await page.getByRole('button', { name: texts.signIn }).click();
      await expect(page).toHaveURL(/\/$/);
      await expect(page.getByRole('heading', { name: `${texts.welcome}${person.username}` })).toBeVisible();

      // The link worked once: opened again it says so at once, offers a new one, and asks for no password.
      const other = await browser.newContext({
        viewport: { width: 390, height: 844 },
        locale: language === 'tr' ? 'tr-TR' : 'en-GB',
      });
      const again = await other.newPage();
      await again.goto(path);
      await expect(again.getByRole('alert')).toContainText(texts.spent);
      await expect(again.getByRole('link', { name: texts.askNew })).toBeVisible();
      await expect(again.getByLabel(texts.newPassword, { exact: true })).toHaveCount(0);
      expect(await violations(again)).toEqual([]);
      await other.close();
    });
  });
}

test.describe('the reset link in another browser language', () => {
  test.use({ locale: 'en-GB' });

  test('an unknown link says so at once, with no form; a Turkish account’s link opens in Turkish, and the switch changes it', async ({
    page,
    playwright,
  }) => {
    await page.goto('/reset-password/' + 'A'.repeat(43));
    await expect(page.getByRole('alert')).toContainText('This password reset link is not valid');
    await expect(page.getByRole('link', { name: 'Ask for a new link' })).toBeVisible();
    await expect(page.getByLabel('New password', { exact: true })).toHaveCount(0);

    const username = unique('reset-deniz');
    const email = `reset-deniz-${unique.tag}@example.test`;
    const api = await adminApiClient(playwright);
    await api.post('/api/users', {
      username,
      email,
      language: 'tr',
      role: 'guest',
      timezone: 'Europe/Istanbul',
      password: 'old-password-1',
    });
    await api.dispose();
    const asked = await page.request.post('/api/auth/password-reset', { data: { login: username } });
    expect(asked.status()).toBe(202);
    await expect.poll(() => catcher.to(email).length, { timeout: 20_000 }).toBe(1);
    const path = LINK.exec(catcher.to(email)[0]!.text)![1]!;

    // An English browser, but the mail was Turkish: so is its page.
    await page.goto(path);
    await expect(page.getByRole('heading', { name: 'Yeni bir parola belirleyin' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'tr');
    // The switch offers the other language.
    await expect(page.getByRole('button', { name: 'Türkçe' })).toHaveCount(0);
    await page.getByRole('button', { name: 'English' }).click();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page.getByRole('button', { name: 'Türkçe' })).toBeVisible();
    // The choice is kept on this device: the link opens in English from now on.
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Choose a new password' })).toBeVisible();
    await fitsWidth(page);
    expect(await violations(page)).toEqual([]);
  });
});
