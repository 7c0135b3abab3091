import { describe, expect, it } from 'vitest';
import { ESSENTIAL_TEMPLATE_IDS } from '../constants.ts';
import { fontOf } from '../branding/index.ts';
import { CatalogSchema } from '../model/index.ts';
import { sanitizeTheme } from '../sanitize/index.ts';
import { ESSENTIAL_STARTERS, STARTER_TEMPLATES, starterCatalog } from './starter-templates.ts';

// Issue 24 §5: eight designed starter templates, each with its own theme, fonts and layouts.
describe('starter templates', () => {
  it('are eight, with the five Essential template ids of SPEC §9 among them', () => {
    expect(STARTER_TEMPLATES).toHaveLength(8);
    expect(new Set(STARTER_TEMPLATES.map((t) => t.slug)).size).toBe(8);
    expect(ESSENTIAL_STARTERS.map((t) => t.slug).sort()).toEqual([...ESSENTIAL_TEMPLATE_IDS].sort());
  });

  it('each builds a valid catalog of the sample products with its own theme, fonts and grid', () => {
    const built = STARTER_TEMPLATES.map((t) => ({ t, c: starterCatalog(t) }));
    const looks = new Set<string>();
    for (const { t, c } of built) {
      expect(CatalogSchema.safeParse(c).success, t.slug).toBe(true);
      expect(c.pages.length, t.slug).toBeGreaterThan(0);
      expect(c.version).toBeGreaterThanOrEqual(3);
      expect(fontOf(c.theme, 'headings')).toBe(t.fonts.headings);
      expect(fontOf(c.theme, 'body')).toBe(t.fonts.body);
      expect(c.theme[':root']!['--brand-primary']).toBe(t.colors.primary);
      // Stored as designed: nothing in it is what a save sanitizes away.
      expect(sanitizeTheme(c.theme).problems, t.slug).toEqual([]);
      looks.add(JSON.stringify(c.theme));
      if (t.perPage) {
        const products = c.pages.find((p) => p.layout.type === 'products');
        expect(
          products?.layout.cells.filter((cell) => cell.accepts.includes('application/product')).length,
        ).toBe(t.perPage);
      }
    }
    expect(looks.size).toBe(8);
    const kinds = built.map(({ c }) => c.pages.map((p) => p.layout.type).join(','));
    expect(kinds.find((k) => k.includes('wholesale-contract'))).toBeTruthy();
  });
});
