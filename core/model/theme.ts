import { z } from 'zod';

/** A theme maps CSS selectors to style properties (SPEC §3 Theme). */
export const ThemeSchema = z.record(z.string(), z.record(z.string(), z.string()));
export type Theme = z.infer<typeof ThemeSchema>;

/** The default theme: h2 32px, h6 12px, p 8px, Open Sans and the brand colours as CSS variables. */
export const DEFAULT_THEME: Theme = {
  ':root': {
    '--brand-primary': '#1f3a5f',
    '--brand-secondary': '#c8a96a',
    '--brand-text': '#222222',
    '--brand-muted': '#6b7280',
    '--brand-background': '#ffffff',
  },
  body: { 'font-family': "'Open Sans', sans-serif", color: 'var(--brand-text)' },
  h1: { 'font-size': '40px', 'font-weight': '700', color: 'var(--brand-primary)' },
  h2: { 'font-size': '32px', 'font-weight': '600', color: 'var(--brand-primary)' },
  h3: { 'font-size': '20px', 'font-weight': '600' },
  h6: { 'font-size': '12px', 'font-weight': '600' },
  p: { 'font-size': '8px' },
  '.price': { color: 'var(--brand-primary)', 'font-weight': '700' },
};
