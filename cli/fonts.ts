import { readFileSync } from 'node:fs';
import type { Catalog } from '../core/model/index.ts';
import type { FontFaceOption } from '../core/render/index.ts';
// The same bundled @fontsource files the PDF worker prints with, so the HTML and the PDF set the same type.
import { bundledFontFiles } from '../server/files/index.ts';

/** The page renderer's own font (base CSS and the default theme): always embedded. */
const BASE_FAMILY = 'Open Sans';

/**
 * Bundled families a catalog names in a font-family (theme, branding and custom CSS, merchant HTML) or
 * among its fonts, plus the base family. Embedding only these keeps the file small: every bundled font
 * would add about a megabyte of data: URLs.
 */
export function bundledFamiliesUsed(catalog: Catalog): Set<string> {
  // Quotes inside the JSON text are escaped; make them plain so declarations read as in CSS.
  const text = JSON.stringify(catalog).replace(/\\"/g, "'");
  const declared = [...text.matchAll(/font-family"?\s*:\s*"?([^;}"]+)/gi)].map((m) => m[1]!.toLowerCase());
  const named = catalog.fonts.filter((f) => !f.url).map((f) => f.family.toLowerCase());
  const families = new Set<string>([BASE_FAMILY]);
  for (const { family } of bundledFontFiles()) {
    const name = family.toLowerCase();
    if (named.includes(name) || declared.some((d) => d.includes(name))) families.add(family);
  }
  return families;
}

/**
 * The bundled fonts a catalog uses, as data: URLs, so a rendered HTML file shows the same type anywhere,
 * offline. Latin subset (English, French and the other Latin-1 languages); other scripts fall back to
 * system fonts.
 */
export function embeddedFontFaces(catalog: Catalog): FontFaceOption[] {
  const families = bundledFamiliesUsed(catalog);
  return bundledFontFiles()
    .filter((f) => families.has(f.family))
    .map((f) => ({
      family: f.family,
      weight: f.weight,
      style: f.style,
      url: `data:font/woff2;base64,${readFileSync(f.file).toString('base64')}`,
    }));
}
