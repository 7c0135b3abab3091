import type { Catalog, Font } from '../../core/model/index.ts';
import { sanitizeCss, sanitizeTheme } from '../../core/sanitize/index.ts';
import type { Db } from '../../db/client.ts';
import { assertFeature, getEntitlements } from '../billing/index.ts';
import type { Feature } from '../../core/billing/index.ts';

/**
 * A catalog's brand as the server keeps it (issue 24): merchant CSS and the theme sanitized before they are stored
 * (no @import, no url() to another host, no script-like values, no fixed boxes, no @page; a theme value or
 * selector that would break out of its rule is dropped), uploaded fonts only from our own files,
 * and, on a save, changes to the theme, the custom fonts and the custom CSS only on plans that have them (SPEC §6:
 * custom_themes, custom_fonts, custom_design).
 */

/** A font's file must be one of ours (/files/...): a catalog never makes a reader's browser call another host. */
const ownFontUrl = (url: string | null) => url === null || /^\/files\/[\w./-]+$/.test(url);

export function sanitizeBrand(catalog: Catalog): Catalog {
  const custom_css = sanitizeCss(catalog.custom_css).css;
  const branding_css = sanitizeCss(catalog.branding_css).css;
  const { theme } = sanitizeTheme(catalog.theme);
  const fonts = catalog.fonts.filter((f) => ownFontUrl(f.url) && f.family.trim().length > 0);
  if (
    custom_css === catalog.custom_css &&
    branding_css === catalog.branding_css &&
    theme === catalog.theme &&
    fonts.length === catalog.fonts.length
  )
    return catalog;
  return { ...catalog, custom_css, branding_css, theme, fonts };
}

/** Keys sorted at every level: the stored document comes back from jsonb with its keys in jsonb's own order. */
const canonical = (v: unknown): unknown =>
  Array.isArray(v)
    ? v.map(canonical)
    : v && typeof v === 'object'
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
        )
      : v;
const sameJson = (a: unknown, b: unknown) =>
  JSON.stringify(canonical(a ?? null)) === JSON.stringify(canonical(b ?? null));
const uploaded = (fonts: Font[] | undefined) =>
  (fonts ?? [])
    .filter((f) => f.url)
    .map((f) => `${f.family}|${f.weight}|${f.style}|${f.url}`)
    .sort();

/** The plan features a change of the brand needs: only what changed counts, so a downgraded catalog still saves. */
export function brandFeaturesChanged(before: Partial<Catalog> | null, after: Catalog): Feature[] {
  if (!before) return [];
  const out: Feature[] = [];
  if (!sameJson(before.theme, after.theme) || !sameJson(before.font_links, after.font_links))
    out.push('custom_themes');
  const had = new Set(uploaded(before.fonts));
  if (uploaded(after.fonts).some((f) => !had.has(f))) out.push('custom_fonts');
  if ((before.custom_css ?? '') !== after.custom_css || (before.branding_css ?? '') !== after.branding_css)
    out.push('custom_design');
  return out;
}

/** 403 'Please upgrade to use this feature' when a save changes a part of the brand the plan does not have. */
export async function assertBrandChangeAllowed(opts: {
  db: Db;
  ownerId: string;
  before: Partial<Catalog> | null;
  after: Catalog;
}): Promise<void> {
  const features = brandFeaturesChanged(opts.before, opts.after);
  if (!features.length) return;
  const ent = await getEntitlements({ db: opts.db, userId: opts.ownerId });
  for (const feature of features) await assertFeature({ db: opts.db, ent, feature });
}
