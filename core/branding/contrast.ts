import type { Theme } from '../model/index.ts';
import { colorOf, type ColorControlId } from './theme-controls.ts';

export type Rgb = { r: number; g: number; b: number };

const NAMED: Record<string, string> = {
  black: '#000000',
  white: '#ffffff',
  red: '#ff0000',
  green: '#008000',
  blue: '#0000ff',
  gray: '#808080',
  grey: '#808080',
  navy: '#000080',
  transparent: '',
};

/** A colour the pickers accept: #rgb, #rrggbb (any case), rgb(r, g, b) or a few names; null otherwise. */
export function parseColor(value: string | null | undefined): Rgb | null {
  if (!value) return null;
  let v = value.trim().toLowerCase();
  if (v in NAMED) v = NAMED[v]!;
  let m = /^#([0-9a-f])([0-9a-f])([0-9a-f])$/.exec(v);
  if (m)
    return { r: parseInt(m[1]! + m[1]!, 16), g: parseInt(m[2]! + m[2]!, 16), b: parseInt(m[3]! + m[3]!, 16) };
  m = /^#([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/.exec(v);
  if (m) return { r: parseInt(m[1]!, 16), g: parseInt(m[2]!, 16), b: parseInt(m[3]!, 16) };
  m = /^rgba?\(\s*(\d{1,3})\s*,\s*(\d{1,3})\s*,\s*(\d{1,3})\s*(?:,\s*[\d.]+\s*)?\)$/.exec(v);
  if (m && [m[1], m[2], m[3]].every((n) => Number(n) <= 255))
    return { r: Number(m[1]), g: Number(m[2]), b: Number(m[3]) };
  return null;
}

/** The colour as #rrggbb, for the picker's hex field and the native colour input. */
export function toHex(rgb: Rgb): string {
  return `#${[rgb.r, rgb.g, rgb.b].map((n) => n.toString(16).padStart(2, '0')).join('')}`;
}

/** A hex colour typed by the merchant, normalised (#3A5 → #33aa55), or null when it is not one. */
export function normalizeHex(value: string): string | null {
  const v = value.trim();
  const rgb = /^#?[0-9a-f]{3}([0-9a-f]{3})?$/i.test(v) ? parseColor(v.startsWith('#') ? v : `#${v}`) : null;
  return rgb ? toHex(rgb) : null;
}

const channel = (c: number) => {
  const s = c / 255;
  return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};

/** WCAG 2 relative luminance. */
export function luminance(rgb: Rgb): number {
  return 0.2126 * channel(rgb.r) + 0.7152 * channel(rgb.g) + 0.0722 * channel(rgb.b);
}

/** WCAG 2 contrast ratio of two colours (1 to 21). */
export function contrastRatio(a: Rgb, b: Rgb): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** WCAG AA: 4.5:1 for body text (catalog text is small print). */
export const AA_TEXT_RATIO = 4.5;

export type ContrastWarning = { fg: ColorControlId; bg: ColorControlId; ratio: number };

/** Text colours that are read on the page background. */
const READ_ON_BACKGROUND: ColorControlId[] = ['text', 'primary', 'muted', 'price'];

/** The theme's text colours that fall below WCAG AA on its page background, with their ratio (one decimal). */
export function contrastWarnings(theme: Theme): ContrastWarning[] {
  const bg = parseColor(colorOf(theme, 'background'));
  if (!bg) return [];
  const out: ContrastWarning[] = [];
  for (const fg of READ_ON_BACKGROUND) {
    const color = parseColor(colorOf(theme, fg));
    if (!color) continue;
    const ratio = contrastRatio(color, bg);
    if (ratio < AA_TEXT_RATIO) out.push({ fg, bg: 'background', ratio: Math.floor(ratio * 10) / 10 });
  }
  return out;
}
