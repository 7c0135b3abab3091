import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { POPULAR_FONTS } from '../../core/constants.ts';
import { FALLBACK_FONT_FAMILIES, type FontFaceOption } from '../../core/render/index.ts';

/** npm packages (@fontsource) of the popular fonts of SPEC §9: installed with the product, never downloaded. */
export const FONT_PACKAGES: Record<(typeof POPULAR_FONTS)[number], string> = {
  Barlow: '@fontsource/barlow',
  'Bebas Neue': '@fontsource/bebas-neue',
  Lato: '@fontsource/lato',
  Montserrat: '@fontsource/montserrat',
  'Old Standard TT': '@fontsource/old-standard-tt',
  'Open Sans': '@fontsource/open-sans',
  Raleway: '@fontsource/raleway',
  Roboto: '@fontsource/roboto',
};

/** More web fonts the fonts panel offers after the popular ones (core/branding MORE_WEB_FONTS), also bundled. */
export const MORE_FONT_PACKAGES: Record<string, string> = {
  'Cormorant Garamond': '@fontsource/cormorant-garamond',
  Inter: '@fontsource/inter',
  'Josefin Sans': '@fontsource/josefin-sans',
  'Libre Baskerville': '@fontsource/libre-baskerville',
  Lora: '@fontsource/lora',
  Merriweather: '@fontsource/merriweather',
  Nunito: '@fontsource/nunito',
  Oswald: '@fontsource/oswald',
  'Playfair Display': '@fontsource/playfair-display',
  Poppins: '@fontsource/poppins',
  'PT Serif': '@fontsource/pt-serif',
  'Work Sans': '@fontsource/work-sans',
};

const VARIANTS = [
  { weight: 400, style: 'normal' },
  { weight: 700, style: 'normal' },
  { weight: 400, style: 'italic' },
  { weight: 700, style: 'italic' },
] as const;

export type BundledFontFile = { family: string; weight: number; style: 'normal' | 'italic'; file: string };

let files: BundledFontFile[] | null = null;

/**
 * The font files that ship with the product: regular, bold and their italics where the family has them, Latin
 * subset (Latin-1, which covers English and French).
 */
export function bundledFontFiles(): BundledFontFile[] {
  if (files) return files;
  const require = createRequire(import.meta.url);
  const out: BundledFontFile[] = [];
  for (const [family, pkg] of Object.entries({ ...FONT_PACKAGES, ...MORE_FONT_PACKAGES })) {
    const dir = path.join(path.dirname(require.resolve(pkg)), 'files');
    const base = pkg.split('/')[1];
    for (const v of VARIANTS) {
      const file = path.join(dir, `${base}-latin-${v.weight}-${v.style}.woff2`);
      if (existsSync(file)) out.push({ family, weight: v.weight, style: v.style, file });
    }
  }
  files = out;
  return out;
}

/**
 * The bundled fonts as the renderer's @font-face sources: file:// URLs for the worker's Chromium (the document
 * is a local file too), data: URLs for a self-contained HTML file, or addresses under `base` on our own origin
 * (the viewer serves them there: `bundledFontFile`). File and viewer faces also hold the fallback fonts (emoji and
 * symbols, see fallbackFontFiles; the viewer serves the symbols, a reader's browser has its own emoji), which a
 * self-contained file leaves to the reader's machine.
 */
export function bundledFontFaces(
  opts: { as?: 'file' | 'data' } | { as: 'url'; base: string } = {},
): FontFaceOption[] {
  const faces: FontFaceOption[] = bundledFontFiles().map((f) => ({
    family: f.family,
    weight: f.weight,
    style: f.style,
    url:
      opts.as === 'data'
        ? `data:font/woff2;base64,${readFileSync(f.file).toString('base64')}`
        : opts.as === 'url'
          ? `${opts.base}${path.basename(f.file)}`
          : pathToFileURL(f.file).href,
  }));
  if (opts.as === 'data') return faces;
  const fallbacks = fallbackFontFiles().filter((f) => opts.as !== 'url' || f.file !== EMOJI_FONT_FILE);
  return [
    ...faces,
    ...fallbacks.map((f) => ({
      family: f.family,
      url: opts.as === 'url' ? `${opts.base}${path.basename(f.file)}` : pathToFileURL(f.file).href,
      unicodeRange: f.unicodeRange,
    })),
  ];
}

/**
 * Debian's fonts-noto-color-emoji (`npm start` and `.ci/run` install it as they install Chromium): Noto Color
 * Emoji with colour bitmaps (CBDT), which Chromium prints into a PDF as pictures. The Noto Color Emoji of npm's
 * @fontsource is COLRv1 only, whose glyphs a PDF cannot hold: they would print blank.
 */
export const EMOJI_FONT_FILE = '/usr/share/fonts/truetype/noto/NotoColorEmoji.ttf';
const SYMBOLS_PACKAGE = '@fontsource/noto-sans-symbols-2';

export type FallbackFontFile = { family: string; file: string; unicodeRange?: string };

let fallbacks: FallbackFontFile[] | null = null;

/**
 * The fallback fonts of every font stack (core/render FALLBACK_FONT_FAMILIES), as files: Noto Color Emoji, and
 * Noto Sans Symbols 2 from npm in its subsets, each with the characters it covers (read from the package's own
 * CSS), so Chromium loads only the subsets a document uses. Without the emoji font (not installed) emoji print
 * blank: `missingFallbackFonts` says so, and the export logs it.
 */
export function fallbackFontFiles(): FallbackFontFile[] {
  if (fallbacks) return fallbacks;
  const [emoji, symbols] = FALLBACK_FONT_FAMILIES;
  const out: FallbackFontFile[] = [];
  if (existsSync(EMOJI_FONT_FILE)) out.push({ family: emoji, file: EMOJI_FONT_FILE });
  const require = createRequire(import.meta.url);
  const dir = path.dirname(require.resolve(`${SYMBOLS_PACKAGE}/index.css`));
  const css = readFileSync(path.join(dir, 'index.css'), 'utf8');
  for (const rule of css.matchAll(/@font-face\s*\{([^}]*)\}/g)) {
    const src = /url\(\.\/(files\/[^)]+\.woff2)\)/.exec(rule[1]!)?.[1];
    const range = /unicode-range:\s*([^;]+);/.exec(rule[1]!)?.[1]?.trim();
    if (src && existsSync(path.join(dir, src)))
      out.push({ family: symbols, file: path.join(dir, src), unicodeRange: range });
  }
  fallbacks = out;
  return out;
}

/** The fallback families with no file on this machine (the emoji font when its Debian package is missing). */
export function missingFallbackFonts(): string[] {
  const present = new Set(fallbackFontFiles().map((f) => f.family));
  return FALLBACK_FONT_FAMILIES.filter((f) => !present.has(f));
}

/**
 * The path of a bundled font file by its file name (as `bundledFontFaces({ as: 'url' })` names it: the families
 * and the symbols fallback, never the system's emoji font), or null.
 */
export function bundledFontFile(name: string): string | null {
  const files = [...bundledFontFiles(), ...fallbackFontFiles().filter((f) => f.file !== EMOJI_FONT_FILE)];
  return files.find((f) => path.basename(f.file) === name)?.file ?? null;
}
