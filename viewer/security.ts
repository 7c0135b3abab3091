/**
 * The viewer's Content-Security-Policy (DESIGN §10): scripts only from our own files (no inline script at all:
 * the boot data is a JSON element, never executed), styles inline (core/render draws with style attributes),
 * pictures and fonts from wherever the merchant's store keeps them, no plugins, no frames inside, forms only to
 * ourselves. GA4's script and collection hosts are added only when the owner set a tracking id.
 */
const GA_SCRIPT = 'https://www.googletagmanager.com';
const GA_CONNECT = ['https://*.google-analytics.com', 'https://*.analytics.google.com', GA_SCRIPT];

export function viewerPolicy(opts: { frameAncestors: string; ga4?: boolean }): string {
  return [
    "default-src 'self'",
    `script-src 'self'${opts.ga4 ? ` ${GA_SCRIPT}` : ''}`,
    "style-src 'self' 'unsafe-inline'",
    'img-src * data: blob:',
    'font-src * data:',
    `connect-src 'self'${opts.ga4 ? ` ${GA_CONNECT.join(' ')}` : ''}`,
    "media-src 'none'",
    "object-src 'none'",
    "frame-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    `frame-ancestors ${opts.frameAncestors}`,
  ].join('; ');
}

/** SPEC §6: any site may frame an embed of a plan that allows embedding; otherwise only our own pages. */
export const frameAncestorsFor = (embeddable: boolean) => (embeddable ? '*' : "'self'");

/** Headers every viewer answer carries. */
export function baseHeaders(https: boolean): Record<string, string> {
  return {
    'X-Content-Type-Options': 'nosniff',
    'Referrer-Policy': 'strict-origin-when-cross-origin',
    ...(https ? { 'Strict-Transport-Security': 'max-age=31536000' } : {}),
  };
}

/**
 * Cache-Control of a public catalog's page and fragments for visitors: any cache may keep them, but asks again
 * (a cheap 304 while the ETag matches) before each use, so a save shows at once and a catalog that has just been
 * protected is never served from a cache. Everything else the viewer answers is `private, no-store`.
 */
export const PUBLIC_REVALIDATE = 'public, no-cache';
