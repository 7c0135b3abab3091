/** A whole-unit price in the merchant's language (SPEC §9 prices are whole units). */
export function formatMoney(amount: number, currency: string, lang: string): string {
  return new Intl.NumberFormat(lang === 'fr' ? 'fr-FR' : 'en-US', {
    style: 'currency',
    currency: currency.toUpperCase(),
    maximumFractionDigits: Number.isInteger(amount) ? 0 : 2,
  }).format(amount);
}
