/**
 * Number and price formatting for captions: Intl.NumberFormat by the product's currency and the catalog's
 * language, so a French catalog prints "1 234,50 €" and an English one "€1,234.50". Formatters are cached:
 * a 1,000-product catalog formats thousands of prices.
 */

export type PriceForm = 'plain' | 'full' | 'int' | 'decimal';

const formatters = new Map<string, Intl.NumberFormat>();
const locales = new Map<string, string>();
const MAX_CACHED = 256;

function cached(key: string, make: () => Intl.NumberFormat): Intl.NumberFormat {
  let f = formatters.get(key);
  if (!f) {
    if (formatters.size >= MAX_CACHED) formatters.clear();
    f = make();
    formatters.set(key, f);
  }
  return f;
}

/** A locale Intl accepts for the catalog language ("fr", "fr-CA"); anything unusable falls back to English. */
export function resolveLocale(language: string | null | undefined): string {
  const lang = typeof language === 'string' && language.trim() ? language.trim() : 'en';
  let locale = locales.get(lang);
  if (!locale) {
    try {
      locale = Intl.getCanonicalLocales(lang.replace(/_/g, '-'))[0] ?? 'en';
      new Intl.NumberFormat(locale);
    } catch {
      locale = 'en';
    }
    if (locales.size >= MAX_CACHED) locales.clear();
    locales.set(lang, locale);
  }
  return locale;
}

/** Float noise from arithmetic (12.4999999999998) must not decide a rounding. */
export function cleanNumber(value: number): number {
  return Number(value.toPrecision(12));
}

function currencyFormatter(currency: string, locale: string): Intl.NumberFormat | null {
  const code = (currency || '').trim().toUpperCase();
  if (!/^[A-Z]{3}$/.test(code)) return null;
  try {
    return cached(
      `${locale}|cur|${code}`,
      () => new Intl.NumberFormat(locale, { style: 'currency', currency: code }),
    );
  } catch {
    return null;
  }
}

/** Decimals a currency is written with (2 for EUR and USD, 0 for JPY); 2 when the code is unknown. */
export function currencyDigits(currency: string, locale: string): number {
  return currencyFormatter(currency, locale)?.resolvedOptions().maximumFractionDigits ?? 2;
}

export function formatNumber(
  value: number,
  locale: string,
  minDigits: number,
  maxDigits = minDigits,
): string {
  const f = cached(
    `${locale}|num|${minDigits}|${maxDigits}`,
    () =>
      new Intl.NumberFormat(locale, { minimumFractionDigits: minDigits, maximumFractionDigits: maxDigits }),
  );
  return f.format(cleanNumber(value));
}

/**
 * A price in one of the caption forms:
 * - plain: the number with the currency's decimals and the language's separators ("1,234.50", "1 234,50");
 * - full: with the currency symbol ("$1,234.50", "1 234,50 €");
 * - int / decimal: the two sides of the decimal separator of the plain form ("1,234" and "50"), so a caption
 *   can style cents apart; decimal is empty for currencies without decimals.
 * Unknown currency codes print the plain number followed by the code.
 */
export function formatPrice(value: number, currency: string, locale: string, form: PriceForm): string {
  const digits = currencyDigits(currency, locale);
  if (form === 'full') {
    const f = currencyFormatter(currency, locale);
    if (f) return f.format(cleanNumber(value));
    const code = (currency || '').trim();
    return code ? `${formatNumber(value, locale, digits)} ${code}` : formatNumber(value, locale, digits);
  }
  if (form === 'plain') return formatNumber(value, locale, digits);
  const parts = cached(
    `${locale}|num|${digits}|${digits}`,
    () => new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits }),
  ).formatToParts(cleanNumber(value));
  if (form === 'decimal') {
    return parts
      .filter((p) => p.type === 'fraction')
      .map((p) => p.value)
      .join('');
  }
  return parts
    .filter(
      (p) => p.type === 'integer' || p.type === 'group' || p.type === 'minusSign' || p.type === 'plusSign',
    )
    .map((p) => p.value)
    .join('');
}

/** The currency's symbol in the catalog language ("$", "€", "$US" in French). */
export function currencySymbol(currency: string, locale: string): string {
  const f = currencyFormatter(currency, locale);
  if (!f) return (currency || '').trim();
  return (
    f
      .formatToParts(0)
      .filter((p) => p.type === 'currency')
      .map((p) => p.value)
      .join('') || currency
  );
}

/** Whole number formatted with the language's digit grouping, rounding halves away from zero. */
export function formatInteger(value: number, locale: string): string {
  return formatNumber(value, locale, 0, 0);
}

const dateFormatters = new Map<string, Intl.DateTimeFormat>();

/** A calendar date (metafield dates) in the catalog language, read as UTC so it never shifts a day. */
export function formatDate(iso: string, locale: string): string {
  const m = /^(\d{4})-(\d{2})-(\d{2})/.exec(iso);
  if (!m) return iso;
  const date = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  if (Number.isNaN(date.getTime())) return iso;
  let f = dateFormatters.get(locale);
  if (!f) {
    f = new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeZone: 'UTC' });
    if (dateFormatters.size >= MAX_CACHED) dateFormatters.clear();
    dateFormatters.set(locale, f);
  }
  return f.format(date);
}
