/**
 * Money as each language writes it (docs/domain.md#billing): minor units and their currency, shown
 * with Intl.NumberFormat in the language's locale ('₺1.250,00' in Turkish, '£1,250.00' in English).
 */
export function formatMoney(amount: number, currency: string, language: string): string {
  return new Intl.NumberFormat(language.startsWith('tr') ? 'tr-TR' : 'en-GB', {
    style: 'currency',
    currency,
    currencyDisplay: 'narrowSymbol',
  }).format(amount / 100);
}
