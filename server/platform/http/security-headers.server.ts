import { randomBytes } from 'node:crypto';

/** A fresh nonce for the inline scripts of one HTML document (React Router's hydration data, streaming). */
export function scriptNonce(): string {
  return randomBytes(16).toString('base64');
}

/**
 * The Content-Security-Policy of an HTML page. Scripts: our own files (the built /assets; uploads are never
 * served as scripts) and inline scripts carrying this document's nonce, which React Router and React write;
 * no 'unsafe-inline', so an injected <script> or event handler does not run. Styles, pictures and fonts are
 * left open: Polaris and the catalog renderer use inline styles, and merchants' pictures come from their
 * stores. `frameAncestors` says who may frame the page.
 */
export function documentPolicy(opts: {
  nonce: string;
  frameAncestors: string;
  /** Other origins scripts may come from (App Bridge on the embedded app). */
  scriptOrigins?: string[];
  /**
   * When given, the page may fetch from itself and these origins only (`connect-src`): the card page, which
   * talks to Stripe's API from the browser, names exactly that origin.
   */
  connectOrigins?: string[];
}): string {
  return [
    ["script-src 'self'", `'nonce-${opts.nonce}'`, ...(opts.scriptOrigins ?? [])].join(' '),
    ...(opts.connectOrigins ? [["connect-src 'self'", ...opts.connectOrigins].join(' ')] : []),
    "object-src 'none'",
    "base-uri 'self'",
    `frame-ancestors ${opts.frameAncestors}`,
  ].join('; ');
}

/** The frame-ancestors sources of a Content-Security-Policy value, or null when it has none. */
export function frameAncestorsOf(policy: string | null): string | null {
  const directive = (policy ?? '')
    .split(';')
    .map((d) => d.trim())
    .find((d) => /^frame-ancestors\s/i.test(d));
  return directive ? directive.replace(/^frame-ancestors\s+/i, '') : null;
}

/** A year: browsers go to https:// for the app's host without trying http:// first (APP_URL is https). */
export const HSTS = 'max-age=31536000';
