/**
 * Whether a request comes from another site (DESIGN §10 CSRF). Browsers send Sec-Fetch-Site with every
 * request and Origin with every cross-origin non-GET one, so same-origin calls and forms need no token.
 */
export function isCrossSite(header: (name: string) => string | null | undefined, appUrl: string): boolean {
  const site = header('sec-fetch-site');
  if (site === 'cross-site' || site === 'same-site') return true;
  const origin = header('origin');
  if (!origin || origin === 'null') return origin === 'null';
  try {
    const o = new URL(origin);
    return o.host !== header('host') && o.origin !== new URL(appUrl).origin;
  } catch {
    return true;
  }
}

/**
 * Whether a request shows that it comes from the app's own pages: `Sec-Fetch-Site: same-origin`, or, from a
 * browser without Sec-Fetch-Site, an Origin that is the app's. Required of the GETs that change state (SPEC §7),
 * which a link can trigger: a request with neither header (an old browser following a link) proves nothing,
 * and `Sec-Fetch-Site: none` (a typed address, a bookmark, a link opened from a mail program) is refused too,
 * since staff use the buttons of /admin/users and the preview page, which send same-origin.
 */
export function isSameOrigin(header: (name: string) => string | null | undefined, appUrl: string): boolean {
  const site = header('sec-fetch-site');
  if (site) return site === 'same-origin';
  const origin = header('origin');
  if (!origin || origin === 'null') return false;
  try {
    const o = new URL(origin);
    return o.host === header('host') || o.origin === new URL(appUrl).origin;
  } catch {
    return false;
  }
}
