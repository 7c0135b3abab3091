import { POPULAR_FONTS } from '../constants.ts';
import type { Catalog, Font } from '../model/index.ts';

/**
 * The web fonts the product serves from its own files (@fontsource packages, server/files/fonts.server.ts): the
 * popular fonts of SPEC §9 first, then more families. No font is ever asked of a font CDN, in the editor, the
 * viewer or the PDF; the fonts panel offers these, searchable, and merchants' own files (custom fonts).
 */
export type WebFont = { family: string; kind: 'sans' | 'serif' | 'display'; italic: boolean };

export const POPULAR_WEB_FONTS: WebFont[] = [
  { family: 'Barlow', kind: 'sans', italic: true },
  { family: 'Bebas Neue', kind: 'display', italic: false },
  { family: 'Lato', kind: 'sans', italic: true },
  { family: 'Montserrat', kind: 'sans', italic: true },
  { family: 'Old Standard TT', kind: 'serif', italic: true },
  { family: 'Open Sans', kind: 'sans', italic: true },
  { family: 'Raleway', kind: 'sans', italic: true },
  { family: 'Roboto', kind: 'sans', italic: true },
];

export const MORE_WEB_FONTS: WebFont[] = [
  { family: 'Cormorant Garamond', kind: 'serif', italic: true },
  { family: 'Inter', kind: 'sans', italic: true },
  { family: 'Josefin Sans', kind: 'sans', italic: true },
  { family: 'Libre Baskerville', kind: 'serif', italic: true },
  { family: 'Lora', kind: 'serif', italic: true },
  { family: 'Merriweather', kind: 'serif', italic: true },
  { family: 'Nunito', kind: 'sans', italic: true },
  { family: 'Oswald', kind: 'display', italic: false },
  { family: 'Playfair Display', kind: 'serif', italic: true },
  { family: 'Poppins', kind: 'sans', italic: true },
  { family: 'PT Serif', kind: 'serif', italic: true },
  { family: 'Work Sans', kind: 'sans', italic: true },
];

/** Every bundled family, the popular ones (SPEC §9's order) first. */
export const WEB_FONTS: WebFont[] = [...POPULAR_WEB_FONTS, ...MORE_WEB_FONTS];

/** Weights every bundled family ships (SPEC §9: the picker's default is 400). */
export const WEB_FONT_WEIGHTS = [400, 700] as const;

// The list above and SPEC §9's constant must never drift apart.
if (POPULAR_WEB_FONTS.map((f) => f.family).join('|') !== POPULAR_FONTS.join('|'))
  throw new Error('POPULAR_WEB_FONTS must list SPEC §9 popular fonts in order');

const norm = (s: string) => s.trim().toLowerCase().replace(/\s+/g, ' ');

/** The bundled font of a family name (any case, any spacing), or null. */
export function bundledFont(family: string): WebFont | null {
  const n = norm(family);
  return WEB_FONTS.find((f) => norm(f.family) === n) ?? null;
}

/** Bundled fonts whose family contains the query (accents and case ignored), popular ones first. */
export function searchWebFonts(query: string): WebFont[] {
  const fold = (s: string) => s.normalize('NFD').replace(/\p{M}/gu, '').toLowerCase();
  const q = fold(query.trim());
  return q ? WEB_FONTS.filter((f) => fold(f.family).includes(q)) : WEB_FONTS;
}

/**
 * The families a Google Fonts link names (`css?family=Lato:400,700|Open+Sans`, `css2?family=Lato:wght@400&family=
 * Roboto`), read without fetching it. Anything else names none.
 */
export function fontLinkFamilies(link: string): string[] {
  let url: URL;
  try {
    url = new URL(link);
  } catch {
    return [];
  }
  if (!/(^|\.)fonts\.googleapis\.com$/i.test(url.hostname)) return [];
  return url.searchParams
    .getAll('family')
    .flatMap((v) => v.split('|'))
    .map((v) => v.split(':')[0]!.replace(/\+/g, ' ').trim())
    .filter(Boolean);
}

export type FontLinkReading = {
  /** Families the links name that we serve ourselves: they render everywhere, nothing is fetched. */
  bundled: string[];
  /**
   * Families we cannot serve (not bundled, or a link that is not a Google Fonts stylesheet): no render fetches
   * them, so the editor, the viewer and the PDF all show the fallback, and the editor says so.
   */
  unavailable: string[];
  /** Links that name no family we could read. */
  unreadable: string[];
};

/**
 * How a catalog's `font_links` behave (SPEC §3): offline and identical in the three renders. A family the link
 * names that we bundle is drawn from our own files; any other is not fetched (the PDF's Chromium has no network,
 * and the editor and viewer follow it so all three agree) and falls back to the theme's next family.
 */
export function readFontLinks(links: string[]): FontLinkReading {
  const out: FontLinkReading = { bundled: [], unavailable: [], unreadable: [] };
  for (const link of links) {
    const families = fontLinkFamilies(link);
    if (!families.length) out.unreadable.push(link);
    for (const family of families) {
      const font = bundledFont(family);
      const list = font ? out.bundled : out.unavailable;
      const name = font?.family ?? family;
      if (!list.includes(name)) list.push(name);
    }
  }
  return out;
}

/** The merchant's uploaded fonts a catalog uses (fonts with a file), one entry per family, weight and style. */
export function customFonts(catalog: Pick<Catalog, 'fonts'>): Font[] {
  return catalog.fonts.filter((f) => !!f.url);
}

/** A family name from an uploaded file's name ('Acme-Display_Bold.woff2' → 'Acme Display'). */
export function familyFromFileName(name: string): string {
  const stem = name.replace(/\.[a-z0-9]+$/i, '');
  const words = stem
    .replace(/[-_]+/g, ' ')
    .replace(/([a-z])([A-Z])/g, '$1 $2')
    .split(/\s+/)
    .filter((w) => w && !/^(regular|bold|italic|light|medium|semibold|black|thin|webfont|\d+)$/i.test(w));
  return words.join(' ').slice(0, 80) || 'Custom font';
}
