import { describe, expect, it } from 'vitest';
import { formatBalances, formatMoney, formatMonth, moneyInputValue, parseMoneyInput } from './money';

describe('money', () => {
  it('writes money as each language does', () => {
    expect(formatMoney(125000, 'GBP', 'en')).toBe('£1,250.00');
    expect(formatMoney(125000, 'TRY', 'tr')).toBe('₺1.250,00');
    expect(formatMoney(-550, 'EUR', 'en')).toBe('-€5.50');
    expect(formatBalances([], 'en', 'None')).toBe('None');
    expect(formatMonth('2026-11', 'en')).toBe('November 2026');
    expect(formatMonth('2026-01', 'tr')).toBe('Ocak 2026');
    expect(formatMonth('soon', 'en')).toBe('soon');
    expect(
      formatBalances(
        [
          { currency: 'USD', amount: 1 },
          { currency: 'GBP', amount: 200 },
        ],
        'en',
        '-',
      ),
    ).toBe('US$0.01 · £2.00');
  });

  it('reads a typed decimal as minor units, refusing what is not one', () => {
    expect(parseMoneyInput('12.5')).toBe(1250);
    expect(parseMoneyInput(' 12,05 ')).toBe(1205);
    expect(parseMoneyInput('1250')).toBe(125000);
    expect(parseMoneyInput('0.10')).toBe(10);
    // 0.29 * 100 is 28.999999999999996 as a float; read from the digits it is 29.
    expect(parseMoneyInput('0.29')).toBe(29);
    for (const bad of ['', '1.234', '-5', '1,250.00', 'abc', '1e3']) expect(parseMoneyInput(bad)).toBeNull();
    expect(moneyInputValue(1205)).toBe('12.05');
  });
});
