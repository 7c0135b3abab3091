import { DEFAULT_THEME, type Theme } from '../model/index.ts';

/**
 * The theme editor's named controls (SPEC §2.2 theme editor, §3 Theme): each reads and writes one property of one
 * selector of the catalog's theme, so the theme stays the SPEC's map of selectors to style properties and every
 * consumer (editor, viewer, PDF) draws it through core/render with nothing else to know.
 */
export type ThemeControl = { id: string; selector: string; property: string };

/** Brand colours as CSS variables (base styles read them), then the colours of single elements. */
export const COLOR_CONTROLS = [
  { id: 'primary', selector: ':root', property: '--brand-primary' },
  { id: 'secondary', selector: ':root', property: '--brand-secondary' },
  { id: 'text', selector: ':root', property: '--brand-text' },
  { id: 'muted', selector: ':root', property: '--brand-muted' },
  { id: 'background', selector: ':root', property: '--brand-background' },
  { id: 'price', selector: '.price', property: 'color' },
] as const satisfies readonly ThemeControl[];
export type ColorControlId = (typeof COLOR_CONTROLS)[number]['id'];

/** The type scale: h1–h6, paragraphs, captions (product titles) and prices. Sizes in px. */
export const TYPE_SCALE = [
  { id: 'h1', selector: 'h1' },
  { id: 'h2', selector: 'h2' },
  { id: 'h3', selector: 'h3' },
  { id: 'h4', selector: 'h4' },
  { id: 'h5', selector: 'h5' },
  { id: 'h6', selector: 'h6' },
  { id: 'p', selector: 'p' },
  { id: 'caption', selector: '.cb-caption h6' },
  { id: 'price', selector: '.price' },
] as const;
export type TypeScaleId = (typeof TYPE_SCALE)[number]['id'];

/** Where the two fonts of a theme apply: headings, and everything else. */
export const FONT_TARGETS = {
  headings: 'h1, h2, h3, h4, h5, h6',
  body: 'body',
} as const;
export type FontTarget = keyof typeof FONT_TARGETS;

/** Page border, drawn inside the page edge (an outline: it moves nothing laid out on the page). */
export const PAGE_BORDER_SELECTOR = 'body';

/** The value a theme gives `property` of `selector`, or null. */
export function themeValue(theme: Theme, selector: string, property: string): string | null {
  return theme[selector]?.[property] ?? null;
}

/**
 * The theme with `property` of `selector` set to `value`, or removed when `value` is null or empty (a selector
 * left without properties goes too). The same theme object when nothing changes, so a command is a no-op.
 */
export function withThemeValue(
  theme: Theme,
  selector: string,
  property: string,
  value: string | null,
): Theme {
  const current = theme[selector]?.[property] ?? null;
  const next = value === null || value.trim() === '' ? null : value.trim();
  if (current === next) return theme;
  const props = { ...(theme[selector] ?? {}) };
  if (next === null) delete props[property];
  else props[property] = next;
  const out = { ...theme };
  if (Object.keys(props).length) out[selector] = props;
  else delete out[selector];
  return out;
}

/** Several changes at once (a font for all headings, a border's three parts): one theme, one undo step. */
export function withThemeValues(
  theme: Theme,
  changes: { selector: string; property: string; value: string | null }[],
): Theme {
  return changes.reduce((t, c) => withThemeValue(t, c.selector, c.property, c.value), theme);
}

/** A colour the theme gives a control, its CSS variables followed (var(--brand-primary) → its value). */
export function resolvedColor(theme: Theme, control: ThemeControl): string | null {
  let value = themeValue(theme, control.selector, control.property);
  for (let i = 0; i < 4 && value; i++) {
    const ref = /^var\(\s*(--[\w-]+)\s*(?:,\s*([^)]+))?\)$/.exec(value);
    if (!ref) break;
    value = themeValue(theme, ':root', ref[1]!) ?? ref[2]?.trim() ?? null;
  }
  return value;
}

/** The colour each control shows: the theme's, else the default theme's (what base styles fall back to). */
export function colorOf(theme: Theme, id: ColorControlId): string {
  const control = COLOR_CONTROLS.find((c) => c.id === id)!;
  return resolvedColor(theme, control) ?? resolvedColor(DEFAULT_THEME, control) ?? '#000000';
}

/** A font size in px as the type scale control shows it (the theme's, else blank: base styles decide). */
export function fontSizeOf(theme: Theme, id: TypeScaleId): number | null {
  const selector = TYPE_SCALE.find((s) => s.id === id)!.selector;
  const v = themeValue(theme, selector, 'font-size');
  const m = v ? /^(\d+(?:\.\d+)?)px$/.exec(v) : null;
  return m ? Number(m[1]) : null;
}

/** The first family a font-family value names, unquoted ("'Open Sans', sans-serif" → "Open Sans"). */
export function firstFamily(value: string | null): string | null {
  if (!value) return null;
  const first = value
    .split(',')[0]!
    .trim()
    .replace(/^['"]|['"]$/g, '');
  return first || null;
}

const GENERIC: Record<string, string> = { serif: 'serif', display: 'sans-serif', sans: 'sans-serif' };

/** A font-family value for a family, with a generic fallback ('Lora' → "'Lora', serif"). */
export function fontFamilyValue(family: string, kind: 'serif' | 'sans' | 'display' = 'sans'): string {
  const quoted = `'${family.replace(/['\\]/g, '')}'`;
  return `${quoted}, ${GENERIC[kind]}`;
}

/** The theme with one font for headings or the body. Headings name every level, so h1–h6 all change. */
export function withFont(theme: Theme, target: FontTarget, value: string | null): Theme {
  if (target === 'body') return withThemeValue(theme, 'body', 'font-family', value);
  // Levels the theme styles one by one keep their sizes; their family follows the headings' choice.
  let out = withThemeValue(theme, FONT_TARGETS.headings, 'font-family', value);
  for (const level of ['h1', 'h2', 'h3', 'h4', 'h5', 'h6'])
    if (themeValue(out, level, 'font-family') !== null) out = withThemeValue(out, level, 'font-family', null);
  return out;
}

/** The family a theme sets for headings or the body (the default theme's body font when it sets none). */
export function fontOf(theme: Theme, target: FontTarget): string | null {
  if (target === 'headings')
    return (
      firstFamily(themeValue(theme, FONT_TARGETS.headings, 'font-family')) ??
      firstFamily(themeValue(theme, 'h1', 'font-family')) ??
      firstFamily(themeValue(theme, 'h2', 'font-family'))
    );
  return firstFamily(themeValue(theme, 'body', 'font-family'));
}

export type PageBorder = { width: number; style: string; color: string };

/** The page border a theme draws (an inset outline of the page), or null. */
export function pageBorderOf(theme: Theme): PageBorder | null {
  const v = themeValue(theme, PAGE_BORDER_SELECTOR, 'outline');
  const m = v ? /^(\d+(?:\.\d+)?)px\s+(solid|dashed|dotted|double)\s+(.+)$/.exec(v) : null;
  return m ? { width: Number(m[1]), style: m[2]!, color: m[3]!.trim() } : null;
}

/** The theme with a page border (null: none), drawn inside the page edge so nothing on the page moves. */
export function withPageBorder(theme: Theme, border: PageBorder | null): Theme {
  const on = border && border.width > 0;
  return withThemeValues(theme, [
    {
      selector: PAGE_BORDER_SELECTOR,
      property: 'outline',
      value: on ? `${border.width}px ${border.style} ${border.color}` : null,
    },
    { selector: PAGE_BORDER_SELECTOR, property: 'outline-offset', value: on ? `-${border.width}px` : null },
  ]);
}
