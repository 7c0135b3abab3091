/**
 * The words a merchant reads when a store cannot be read or a product cannot be listed (checkConnection's
 * reason, a sync's error, a skipped product's error; SPEC §8), the same for every platform.
 */

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

export const WORDS: Words = {
  refused: answered,
  unavailable: answered,
  throttled: (who) => `${who} kept limiting our requests (429)`,
  htmlPage: (who) =>
    `${who} answered a web page instead of data: is the store protected by a password or a login page?`,
  malformed: (who) => `${who} answered data that is cut short or malformed`,
  // OAuth's { error_description }, then { message }, { errorMessage } (Ecwid), { title } (BigCommerce, RFC 7807),
  // { error }, { hint }.
  reason: (body) =>
    firstText(parsed(body), [
      'error_description',
      'message',
      'errorMessage',
      'title',
      'error',
      'hint',
    ])?.slice(0, 300) ?? null,
  // The CSV import's words (core/i18n csv.json), so a skipped product reads the same from a file or a store.
  noTitle: 'The product title is empty',
  negativePrice: (field, value) => `${field}: The price "${value}" is negative`,
};
