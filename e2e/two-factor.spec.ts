import { AxeBuilder } from '@axe-core/playwright';
import type { APIRequestContext, Page } from '@playwright/test';
import { Secret, TOTP } from 'otpauth';
import { E2E_BASE_URL } from './env.js';
import { acceptDialogs, adminApiClient, expect, field, signInAs, test, uniqueNames } from './fixtures.js';

/**
 * Two-factor sign-in (docs/domain.md#two-factor): set up on My Profile (the QR code, the key read
 * from the page, a code computed here as an authenticator app does), the recovery codes once, then
 * Sign In's second step with a code and with a recovery code (once); turning it off with one's
 * password, and an admin turning it off for another user on the user's page. axe on each screen,
 * a 390 px phone and Turkish.
 */
const unique = uniqueNames();
const PASSWORD = 'two-factor-pass-1';

const people = {
  anna: { username: unique('tf-anna'), language: 'en' },
  selin: { username: unique('tf-selin'), language: 'tr' },
  cem: { username: unique('tf-cem'), language: 'en' },
} as const;
const ids: Record<keyof typeof people, number> = { anna: 0, selin: 0, cem: 0 };

test.beforeAll(async ({ playwright }) => {
  const api = await adminApiClient(playwright);
  for (const [key, person] of Object.entries(people) as [keyof typeof people, (typeof people)['anna']][]) {
    ids[key] = (
      await api.post('/api/users', { ...person, role: 'guest', timezone: 'Europe/Istanbul', password: PASSWORD })
    ).id;
  }
  await api.dispose();
});

/**
 * An authenticator app for `secret`: each call the code of the current 30-second step, or of the
 * step after the last one used (the server takes a step once, and one step either side of now).
 */
function authenticator(secret: string) {
  const totp = new TOTP({ algorithm: 'SHA1', digits: 6, period: 30, secret: Secret.fromBase32(secret) });
  let last = -1;
  return {
    next: () => {
      last = Math.max(Math.floor(Date.now() / 30_000), last + 1);
      return totp.generate({ timestamp: last * 30_000 });
    },
    /** A code of ten minutes from now: well formed and not valid. */
    wrong: () => totp.generate({ timestamp: Date.now() + 10 * 60_000 }),
  };
}

/**
 * The serious and critical axe violations (WCAG 2.1 A and AA) on the page as it is now, the
 * pointer moved off the controls (a button that appeared under it would be read in its hover colour).
 */
async function violations(page: Page): Promise<string[]> {
  await page.mouse.move(0, 0);
  // Colours as they settle, not half-way through a hover colour's fade (transition-colors).
  await page.addStyleTag({
    content: '*, *::before, *::after { transition: none !important; animation: none !important; }',
  });
  const result = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return result.violations
    .filter((violation) => violation.impact === 'serious' || violation.impact === 'critical')
    .flatMap((violation) => violation.nodes.map((node) => `${violation.id}: ${node.target.join(' ')}`));
}

/**
 * Closes the toasts on the page once the one saying `expected` is there (axe reads a toast still
 * fading in as low contrast; the first toast of a page comes after the toast area has loaded).
 */
async function closeToasts(page: Page, expected: string) {
  const toasts = page.locator('[data-sonner-toast]');
  await expect(toasts.filter({ hasText: expected })).toBeVisible();
  for (const close of await toasts.locator('[data-close-button]').all()) await close.click();
  await expect(toasts).toHaveCount(0);
}

/** The page fits a 390 px phone: nothing wider than the window. */
async function fitsPhone(page: Page) {
  expect(await page.evaluate('document.documentElement.scrollWidth')).toBeLessThanOrEqual(390);
}

const texts = {
  en: {
    username: 'Username',
    password: 'Password',
    signIn: 'Sign in',
    title: 'Two-factor sign-in',
    setUp: 'Set up two-factor sign-in',
    qr: 'QR code to scan with your authenticator app',
    codeFromApp: 'Code from the app',
    turnOn: 'Turn on',
    recoveryTitle: 'Your recovery codes',
    turnedOn: 'Two-factor sign-in is on',
    saved: 'I have saved them',
    on: 'Turned on',
    off: 'Turned off',
    code: 'Code',
    verify: 'Verify',
    invalid: 'The code is not valid',
    welcome: 'Welcome, ',
  },
  tr: {
    username: 'Kullanıcı adı',
    password: 'Parola',
    signIn: 'Oturum aç',
    title: 'İki adımlı oturum açma',
    setUp: 'İki adımlı oturum açmayı kur',
    qr: 'Kimlik doğrulama uygulamanızla taranacak QR kodu',
    codeFromApp: 'Uygulamadaki kod',
    turnOn: 'Aç',
    recoveryTitle: 'Kurtarma kodlarınız',
    turnedOn: 'İki adımlı oturum açma açık',
    saved: 'Kodları kaydettim',
    on: 'Açık',
    off: 'Kapalı',
    code: 'Kod',
    verify: 'Doğrula',
    invalid: 'Kod geçerli değil',
    welcome: 'Hoş geldiniz, ',
  },
} as const;
type Texts = (typeof texts)[keyof typeof texts];

/** The My Profile panel of two-factor sign-in. */
const panel = (page: Page) => page.getByTestId('two-factor');

/** Signs in on Sign In with the password; the second step's heading shows. */
async function passwordStep(page: Page, username: string, words: Texts) {
  await page.goto('/login');
  await page.getByLabel(words.username).fill(username);
  await page.getByLabel(words.password, { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: words.signIn }).click();
  await expect(page.getByRole('heading', { name: words.title })).toBeVisible();
  // The step's form (its own chunk) puts the focus in the code field.
  await expect(page.getByLabel(words.code, { exact: true })).toBeFocused();
}

/**
 * Sets up two-factor sign-in on the open My Profile: the QR code and the key, a wrong code, then
 * the right one; answers the app and the recovery codes the page showed.
 */
async function setUpOnProfile(page: Page, words: Texts) {
  await expect(panel(page).getByRole('heading', { name: words.title })).toBeVisible();
  await expect(panel(page).getByText(words.off, { exact: true })).toBeVisible();
  await panel(page).getByRole('button', { name: words.setUp }).click();
  await expect(panel(page).getByRole('img', { name: words.qr })).toBeVisible();
  const code = panel(page).getByLabel(words.codeFromApp);
  await expect(code).toBeFocused();
  const secret = (await page.getByTestId('two-factor-secret').innerText()).replace(/\s/g, '');
  expect(secret).toMatch(/^[A-Z2-7]{32}$/);
  const app = authenticator(secret);

  await code.fill(app.wrong());
  await page.keyboard.press('Enter');
  await expect(panel(page).getByText(words.invalid)).toBeVisible();
  await expect(code).toHaveAttribute('aria-invalid', 'true');

  await code.fill(app.next());
  await panel(page).getByRole('button', { name: words.turnOn }).click();
  await expect(panel(page).getByRole('heading', { name: words.recoveryTitle })).toBeFocused();
  const recoveryCodes = (await page.getByTestId('recovery-codes').getByRole('listitem').allInnerTexts()).map((c) =>
    c.trim(),
  );
  expect(recoveryCodes).toHaveLength(10);
  for (const recoveryCode of recoveryCodes) expect(recoveryCode).toMatch(/^[A-Z2-7]{5}-[A-Z2-7]{5}$/);
  await closeToasts(page, words.turnedOn);
  return { app, recoveryCodes };
}

test.describe('two-factor sign-in', () => {
  test('set up on My Profile, then Sign In asks for a code; a recovery code works once; off with the password', async ({
    page,
    context,
  }) => {
    // Five sign-ins, a set-up and axe on five screens.
    test.setTimeout(120_000);
    const words = texts.en;
    const { username } = people.anna;
    await context.grantPermissions(['clipboard-read', 'clipboard-write']);
    await page.goto('/login');
    await page.getByLabel(words.username).fill(username);
    await page.getByLabel(words.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: words.signIn }).click();
    await expect(page.getByRole('heading', { name: `${words.welcome}${username}` })).toBeVisible();

    await page.goto(`/users/${ids.anna}/my-profile`);
    const { app, recoveryCodes } = await setUpOnProfile(page, words);
    expect(await violations(page)).toEqual([]);
    await panel(page).getByRole('button', { name: 'Copy the codes' }).click();
    await expect(page.getByText('Recovery codes copied')).toBeVisible();
    expect(await page.evaluate('navigator.clipboard.readText()')).toBe(recoveryCodes.join('\n'));
    await panel(page).getByRole('button', { name: words.saved }).click();
    await expect(panel(page).getByText(words.on, { exact: true })).toBeVisible();
    await expect(panel(page).getByTestId('recovery-codes')).toHaveCount(0);
    await closeToasts(page, 'Recovery codes copied');
    expect(await violations(page)).toEqual([]);

    // Signing out and in again: the password, then a code, typed from the keyboard.
    await page.getByTestId('user-menu-button').click();
    await page.getByRole('menuitem', { name: 'Sign out' }).click();
    await expect(page).toHaveURL(/\/login$/);
    await passwordStep(page, username, words);
    await expect(page.getByText('Enter the 6-digit code your authenticator app shows for Ritim.')).toBeVisible();
    await expect(page.getByLabel(words.code, { exact: true })).toBeFocused();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.type(app.wrong());
    await page.keyboard.press('Enter');
    await expect(page.getByTestId('login-error')).toHaveText(words.invalid);
    await expect(page.getByLabel(words.code, { exact: true })).toHaveValue('');
    await page.getByLabel(words.code, { exact: true }).focus();
    await page.keyboard.type(app.next());
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `${words.welcome}${username}` })).toBeVisible();

    // A recovery code instead of the app's, chosen from the keyboard: it works once.
    const [first, second] = recoveryCodes as [string, string];
    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await passwordStep(page, username, words);
    await page.keyboard.press('Tab');
    await page.keyboard.press('Tab');
    await expect(page.getByRole('button', { name: 'Use a recovery code' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page.getByLabel('Recovery code')).toBeFocused();
    expect(await violations(page)).toEqual([]);
    await page.keyboard.type(first);
    await page.keyboard.press('Enter');
    await expect(page.getByRole('heading', { name: `${words.welcome}${username}` })).toBeVisible();

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await passwordStep(page, username, words);
    await page.getByRole('button', { name: 'Use a recovery code' }).click();
    await page.getByLabel('Recovery code').fill(first);
    await page.getByRole('button', { name: words.verify }).click();
    await expect(page.getByTestId('login-error')).toHaveText(words.invalid);
    await page.getByLabel('Recovery code').fill(second.toLowerCase());
    await page.getByRole('button', { name: words.verify }).click();
    await expect(page.getByRole('heading', { name: `${words.welcome}${username}` })).toBeVisible();

    // Off again, with the password (a wrong one is refused).
    await page.goto(`/users/${ids.anna}/my-profile`);
    const password = panel(page).getByLabel(words.password, { exact: true });
    await password.fill('not my password');
    await panel(page).getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(panel(page).getByText('Password is not correct')).toBeVisible();
    await password.fill(PASSWORD);
    await panel(page).getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(page.getByText('Two-factor sign-in is off')).toBeVisible();
    await expect(panel(page).getByText(words.off, { exact: true })).toBeVisible();
    await expect(panel(page).getByRole('button', { name: words.setUp })).toBeVisible();
    const login = await page.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
    expect(await login.json()).toHaveProperty('accessToken');
  });

  test('in Turkish on a 390 px phone: set up on My Profile, then sign in with a code', async ({ browser }) => {
    test.setTimeout(90_000);
    const words = texts.tr;
    const { username } = people.selin;
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    await page.addInitScript(`localStorage.setItem('ritim.language', 'tr')`);
    await page.goto('/login');
    await page.getByLabel(words.username).fill(username);
    await page.getByLabel(words.password, { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: words.signIn }).click();
    await expect(page.getByRole('heading', { name: `${words.welcome}${username}` })).toBeVisible();

    await page.goto(`/users/${ids.selin}/my-profile`);
    const { app } = await setUpOnProfile(page, words);
    await fitsPhone(page);
    expect(await violations(page)).toEqual([]);
    await panel(page).getByRole('button', { name: words.saved }).click();
    await expect(panel(page).getByText(words.on, { exact: true })).toBeVisible();
    await fitsPhone(page);
    expect(await violations(page)).toEqual([]);

    await page.goto('/logout');
    await expect(page).toHaveURL(/\/login$/);
    await passwordStep(page, username, words);
    await expect(page.getByRole('button', { name: 'Kurtarma kodu kullan' })).toBeVisible();
    await fitsPhone(page);
    expect(await violations(page)).toEqual([]);
    await page.getByLabel(words.code, { exact: true }).fill(app.next());
    await page.getByRole('button', { name: words.verify }).click();
    await expect(page.getByRole('heading', { name: `${words.welcome}${username}` })).toBeVisible();
    await context.close();
  });

  test("an admin turns it off for another user on the user's page", async ({ page, playwright }) => {
    const { username } = people.cem;
    const own = await playwright.request.newContext({ baseURL: E2E_BASE_URL });
    await enableThroughApi(own, ids.cem, username);
    await own.dispose();

    await signInAs(page, 'admin');
    const dialogs = acceptDialogs(page);
    await page.goto(`/users/${ids.cem}/edit`);
    await expect(field(page, 'Username')).toHaveValue(username);
    await expect(panel(page).getByText('Turned on', { exact: true })).toBeVisible();
    await expect(panel(page).getByText(`${username} signs in with a password and a code`)).toBeVisible();
    expect(await violations(page)).toEqual([]);
    await panel(page).getByRole('button', { name: 'Turn off two-factor sign-in' }).click();
    await expect(page.getByText(`Two-factor sign-in turned off for ${username}`)).toBeVisible();
    expect(dialogs).toEqual([
      `Turn off two-factor sign-in for ${username}? They sign in with their password only until they set it up again.`,
    ]);
    await expect(panel(page).getByText('Turned off', { exact: true })).toBeVisible();
    await expect(panel(page).getByRole('button', { name: 'Turn off two-factor sign-in' })).toHaveCount(0);
    await expect(panel(page).getByText(`${username} signs in with a password only.`)).toBeVisible();
    await closeToasts(page, `Two-factor sign-in turned off for ${username}`);
    expect(await violations(page)).toEqual([]);

    const login = await page.request.post('/api/auth/login', { data: { username, password: PASSWORD } });
    expect(await login.json()).toHaveProperty('accessToken');
  });
});

/** Turns two-factor sign-in on for a user through the API, as their own My Profile does. */
async function enableThroughApi(api: APIRequestContext, id: number, username: string) {
  const login = await api.post('/api/auth/login', { data: { username, password: PASSWORD } });
  const headers = { authorization: `Bearer ${((await login.json()) as { accessToken: string }).accessToken}` };
  const setup = await api.post(`/api/users/${id}/two-factor/setup`, { headers });
  expect(setup.status(), await setup.text()).toBe(200);
  const { secret } = (await setup.json()) as { secret: string };
  const enable = await api.post(`/api/users/${id}/two-factor/enable`, {
    headers,
    data: { code: authenticator(secret).next() },
  });
  expect(enable.status(), await enable.text()).toBe(200);
  const second = await api.post('/api/auth/login', { data: { username, password: PASSWORD } });
  expect(await second.json()).toMatchObject({ twoFactorRequired: true });
}
