/**
 * The words a merchant reads when a store cannot be read or a product cannot be listed (checkConnection's
 * reason, a sync's error, a skipped product's error; SPEC §8).
 *
 * The adapters were written in two groups with words of their own, and the tests of both pin them, so both sets
 * are kept here side by side: `store`, the default, for the adapters whose merchants type a store's credentials
 * (BigCommerce, Magento, Ecwid, Squarespace: "… answered 401: …", a product's failures in the CSV import's
 * words), and `api` for the OAuth adapters (Etsy, eBay, Lightspeed: "… refused our access token", "title: the
 * product has no title"). Settling on one set is a product decision; this file then keeps one column.
 */
export type Wording = 'store' | 'api';

export type Words = {
  /** 401/403, with the platform's reason when it gave one. */
  refused: (who: string, status: number, reason: string | null) => string;
  /** 402, 404, 410, 423: the store or the thing asked for is not there (suspended, closed, gone). */
  unavailable: (who: string, status: number, reason: string | null) => string;
  /** 429 after the last wait we accept. */
  throttled: (who: string) => string;
  /** A 200 that is a web page (a login page, a password-protected store, a proxy's error page). */
  htmlPage: (who: string) => string;
  /** A body that is not the JSON it should be (cut short, malformed). */
  malformed: (who: string) => string;
  /** The platform's own reason in an error answer's body (its text), or null. */
  reason: (body: string) => string | null;
  /** A product without a title. */
  noTitle: string;
  /** A negative price (`field` is its path: "price", "variations.0.sale_price"). */
  negativePrice: (field: string, value: number) => string;
};

const answered = (who: string, status: number, reason: string | null) =>
  `${who} answered ${status}${reason ? `: ${reason}` : ''}`;

const parsed = (body: string): Record<string, unknown> | null => {
  try {
    const value: unknown = JSON.parse(body);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
};

const firstText = (body: Record<string, unknown> | null, keys: readonly string[]): string | null => {
  for (const key of keys) {
    const v = body?.[key];
    if (typeof v === 'string' && v.trim()) return v;
  }
  return null;
};

export const WORDS: Record<Wording, Words> = {
  store: {
    refused: answered,
    unavailable: answered,
    throttled: (who) => `${who} kept limiting our requests (429)`,
    htmlPage: (who) =>
      `${who} answered a web page instead of data: is the store protected by a password or a login page?`,
    malformed: (who) => `${who} answered data that is cut short or malformed`,
    // { message }, { errorMessage } (Ecwid), { title } (BigCommerce, RFC 7807), { error }.
    reason: (body) => firstText(parsed(body), ['message', 'errorMessage', 'title', 'error']),
    noTitle: 'The product title is empty',
    negativePrice: (field, value) => `${field}: The price "${value}" is negative`,
  },
  api: {
    refused: (who, _status, reason) => `${who} refused our access token${reason ? `: ${reason}` : ''}`,
    unavailable: (who, status) => `${who} answered ${status}`,
    throttled: (who) => `${who} kept throttling our requests`,
    htmlPage: (who) => `${who} answered an HTML page instead of JSON`,
    malformed: (who) => `${who} answered a truncated or malformed response`,
    // OAuth's { error_description, error }, then { message }, { hint }; else the start of the body as it is.
    reason: (body) => {
      const text = body.trim();
      if (!text || /^<(!doctype|html)/i.test(text)) return null;
      const json = parsed(text);
      const named = ['error_description', 'error', 'message', 'hint']
        .map((key) => json?.[key])
        .find((v): v is string => typeof v === 'string' && v !== '');
      return (named ?? text).slice(0, 300);
    },
    noTitle: 'title: the product has no title',
    negativePrice: (field, value) => `${field}: ${value} is negative`,
  },
};
