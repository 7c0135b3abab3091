import { existsSync, readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { POPULAR_FONTS } from '../../core/constants.ts';
import type { FontFaceOption } from '../../core/render/index.ts';

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
 * (the viewer serves them there: `bundledFontFile`).
 */
export function bundledFontFaces(
  opts: { as?: 'file' | 'data' } | { as: 'url'; base: string } = {},
): FontFaceOption[] {
  return bundledFontFiles().map((f) => ({
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
}

/** The path of a bundled font file by its file name (as `bundledFontFaces({ as: 'url' })` names it), or null. */
export function bundledFontFile(name: string): string | null {
  return bundledFontFiles().find((f) => path.basename(f.file) === name)?.file ?? null;
}
