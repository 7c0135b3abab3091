/** The page's language, not the browser's, so the server and the browser render the same text. */
export function formatPrice(value: number, currency: string, locale: string): string {
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency }).format(value);
  } catch {
    return value.toFixed(2);
  }
}

type TFn = (key: string, opts?: Record<string, unknown>) => string;

export type ImportOutcome = { created: number; updated: number };

/**
 * SPEC §8 'n products added' counts the products the import added; the ones it updated (the same file again)
 * are said apart, so a re-import does not claim to have added anything.
 */
export function importedMessage(r: ImportOutcome, t: TFn): string {
  return r.updated > 0
    ? t('listings.addedUpdated', { count: r.created, updated: r.updated })
    : t('listings.added', { count: r.created });
}
