/**
 * Money on the screens (docs/domain.md#billing): amounts are whole minor units (pence, kuruş,
 * cents) and every currency billed has two decimals. Shown the way the UI's language writes
 * money (`£1,250.00`, `₺1.250,00`), typed as a decimal and sent as minor units, never a float.
 */
const LOCALES: Record<string, string> = { en: 'en-GB', tr: 'tr-TR' };

const formats = new Map<string, Intl.NumberFormat>();

/** `amount` minor units of `currency` as `language` writes money. */
export function formatMoney(amount: number, currency: string, language: string): string {
  const locale = LOCALES[language] ?? language;
  const key = `${locale} ${currency}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, { style: 'currency', currency });
    formats.set(key, format);
  }
  return format.format(amount / 100);
}

/** Balances per currency as one line (`£12.00 · ₺250,00`); `none` when there is none. */
export function formatBalances(
  balance: readonly { currency: string; amount: number }[],
  language: string,
  none: string,
): string {
  return balance.length === 0
    ? none
    : balance.map((money) => formatMoney(money.amount, money.currency, language)).join(' · ');
}

/**
 * A typed decimal amount (`12.5`, `12,50`, `1250`) as minor units, or null when it is not one: at
 * most two decimals, no sign, no thousands separators. Read from the digits, never through a float.
 */
export function parseMoneyInput(text: string): number | null {
  const match = /^(\d{1,9})(?:[.,](\d{1,2}))?$/.exec(text.trim());
  if (!match) return null;
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
}

/** Minor units as the decimal a money input shows (`1250` -> `12.50`). */
export const moneyInputValue = (amount: number) =>
  `${Math.trunc(amount / 100)}.${String(amount % 100).padStart(2, '0')}`;

/** A month (YYYY-MM) as `language` names it: `November 2026`, `Kasım 2026`; the text itself when it is not one. */
export function formatMonth(month: string, language: string): string {
  const date = new Date(`${month}-01T00:00:00Z`);
  if (!/^\d{4}-\d{2}$/.test(month) || Number.isNaN(date.getTime())) return month;
  return new Intl.DateTimeFormat(LOCALES[language] ?? language, {
    month: 'long',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(date);
}
