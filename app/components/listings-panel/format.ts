/** The page's language, not the browser's, so the server and the browser render the same text. */
export function formatPrice(value: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
  } catch {
    return value.toFixed(2);
  }
}
