import type { Theme } from '../model/index.ts';
import { themeValue, withThemeValues } from './theme-controls.ts';

/** The selector the catalog background picture is set on: the page, like the page border. */
export const BACKGROUND_SELECTOR = 'body';
export const BACKGROUND_FITS = { cover: 'cover', contain: 'contain', repeat: 'auto' } as const;
export type BackgroundFit = keyof typeof BACKGROUND_FITS;

/**
 * The background picture of a theme (issue 24 §1 catalog background): an image of the merchant's library, our
 * own /files/ path only (a catalog never makes a reader's browser call another host), and how it fits, or null.
 */
export function backgroundOf(theme: Theme): { url: string; fit: BackgroundFit } | null {
  const image = themeValue(theme, BACKGROUND_SELECTOR, 'background-image');
  const url = image ? /^url\("?(\/files\/[^")]+)"?\)$/.exec(image)?.[1] : null;
  if (!url) return null;
  const repeat = themeValue(theme, BACKGROUND_SELECTOR, 'background-repeat');
  const size = themeValue(theme, BACKGROUND_SELECTOR, 'background-size');
  return { url, fit: repeat === 'repeat' ? 'repeat' : size === 'contain' ? 'contain' : 'cover' };
}

/** Only pictures of our own storage; anything else leaves the theme as it is. */
const OWN_FILE = /^\/files\/[\w./%@-]+$/;

/** The theme with this background picture (null: none), drawn behind everything on every page. */
export function withBackground(theme: Theme, bg: { url: string; fit: BackgroundFit } | null): Theme {
  if (bg && !OWN_FILE.test(bg.url)) return theme;
  const at = (property: string, value: string | null) => ({ selector: BACKGROUND_SELECTOR, property, value });
  return withThemeValues(theme, [
    at('background-image', bg ? `url("${bg.url}")` : null),
    at('background-size', bg ? BACKGROUND_FITS[bg.fit] : null),
    at('background-repeat', bg ? (bg.fit === 'repeat' ? 'repeat' : 'no-repeat') : null),
    at('background-position', bg ? 'center' : null),
  ]);
}
