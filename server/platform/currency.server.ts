import { ApiError } from './http/errors.server.ts';

/*
 * Currency conversion of displayed prices (SPEC §7 GET /api/v1/currency/convert, issue 25 §1): the day's
 * reference rates from the source the operator configures (CURRENCY_RATES_URL), read at most once a day per
 * process. Two published shapes are read: the European Central Bank's daily reference rates
 * (eurofxref-daily.xml, rates per euro) and the JSON `{ base, date, rates }` that Frankfurter, Open Exchange
 * Rates and their likes answer. Cross rates go through the source's base.
 */

export type Rates = { base: string; date: string | null; rates: Map<string, number> };

export const CURRENCY_MESSAGES = {
  notConfigured: 'Currency conversion is not set up on this server.',
  unavailable: 'The exchange rates could not be read. Please try again later.',
  unknown: (code: string) => `No exchange rate for ${code}.`,
} as const;

const CODE = /^[A-Z]{3}$/;

/** The rates in a source's answer, or null when it is neither shape. */
export function parseRates(text: string): Rates | null {
  const trimmed = text.trim();
  if (trimmed.startsWith('{')) {
    let body: unknown;
    try {
      body = JSON.parse(trimmed);
    } catch {
      return null;
    }
    const { base, date, rates } = (body ?? {}) as { base?: unknown; date?: unknown; rates?: unknown };
    if (typeof base !== 'string' || !CODE.test(base.toUpperCase()) || !rates || typeof rates !== 'object')
      return null;
    const map = new Map<string, number>();
    for (const [code, rate] of Object.entries(rates as Record<string, unknown>))
      if (CODE.test(code.toUpperCase()) && typeof rate === 'number' && rate > 0 && Number.isFinite(rate))
        map.set(code.toUpperCase(), rate);
    map.set(base.toUpperCase(), 1);
    return { base: base.toUpperCase(), date: typeof date === 'string' ? date : null, rates: map };
  }
  if (trimmed.startsWith('<')) {
    // ECB: <Cube time='2024-05-17'><Cube currency='USD' rate='1.0866'/>…, every rate per euro.
    const map = new Map<string, number>([['EUR', 1]]);
    for (const m of trimmed.matchAll(
      /<Cube\s+currency=['"]([A-Za-z]{3})['"]\s+rate=['"]([0-9.]+)['"]\s*\/>/g,
    )) {
      const rate = Number(m[2]);
      if (rate > 0 && Number.isFinite(rate)) map.set(m[1]!.toUpperCase(), rate);
    }
    if (map.size < 2) return null;
    const date = /<Cube\s+time=['"]([0-9-]+)['"]/.exec(trimmed)?.[1] ?? null;
    return { base: 'EUR', date, rates: map };
  }
  return null;
}

/** `amount` of `from` in `to` at the given rates, to 6 decimals; throws when either currency is unknown. */
export function convertWith(rates: Rates, from: string, to: string, amount: number): number {
  const a = rates.rates.get(from);
  const b = rates.rates.get(to);
  if (a === undefined) throw new ApiError('invalid', CURRENCY_MESSAGES.unknown(from));
  if (b === undefined) throw new ApiError('invalid', CURRENCY_MESSAGES.unknown(to));
  return Math.round((amount / a) * b * 1e6) / 1e6;
}

export type CurrencyConverter = {
  convert: (
    from: string,
    to: string,
    amount: number,
  ) => Promise<{ convertedAmount: number; date: string | null }>;
};

/**
 * A converter over one rates source: the rates are fetched on first use and again on the first use of each
 * new UTC day; a failed fetch is not kept, so the next call tries again.
 */
export function createCurrencyConverter(opts: {
  url: string | undefined;
  fetch?: typeof fetch;
  now?: () => Date;
}): CurrencyConverter {
  const doFetch = opts.fetch ?? fetch;
  const now = opts.now ?? (() => new Date());
  let cached: { day: string; rates: Rates } | null = null;
  let inFlight: Promise<Rates> | null = null;

  const load = async (): Promise<Rates> => {
    if (!opts.url) throw new ApiError('unavailable', CURRENCY_MESSAGES.notConfigured);
    const day = now().toISOString().slice(0, 10);
    if (cached?.day === day) return cached.rates;
    inFlight ??= (async () => {
      try {
        const res = await doFetch(opts.url!, {
          headers: { Accept: 'application/json, application/xml;q=0.9, */*;q=0.5' },
          signal: AbortSignal.timeout(10_000),
        });
        const rates = res.ok ? parseRates(await res.text()) : null;
        if (!rates) throw new ApiError('unavailable', CURRENCY_MESSAGES.unavailable);
        cached = { day, rates };
        return rates;
      } catch (err) {
        throw err instanceof ApiError ? err : new ApiError('unavailable', CURRENCY_MESSAGES.unavailable);
      } finally {
        inFlight = null;
      }
    })();
    return inFlight;
  };

  return {
    async convert(from, to, amount) {
      const rates = await load();
      return {
        convertedAmount: convertWith(rates, from.toUpperCase(), to.toUpperCase(), amount),
        date: rates.date,
      };
    },
  };
}

const converters = new Map<string, CurrencyConverter>();

/** The process's converter for a rates source (one cache per source). */
export function currencyConverter(url: string | undefined): CurrencyConverter {
  const key = url ?? '';
  let c = converters.get(key);
  if (!c) {
    c = createCurrencyConverter({ url });
    converters.set(key, c);
  }
  return c;
}
