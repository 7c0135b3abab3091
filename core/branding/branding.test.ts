import { describe, expect, it } from 'vitest';
import { DEFAULT_THEME } from '../model/index.ts';
import {
  colorOf,
  contrastRatio,
  contrastWarnings,
  CSS_EXAMPLES,
  familyFromFileName,
  fontLinkFamilies,
  fontOf,
  normalizeHex,
  pageBorderOf,
  parseColor,
  readFontLinks,
  searchWebFonts,
  WEB_FONTS,
  withFont,
  withPageBorder,
  withThemeValue,
} from './index.ts';
import { POPULAR_FONTS } from '../constants.ts';
import { scopeCss } from '../sanitize/index.ts';

describe('theme controls', () => {
  it('sets and removes one property of one selector, the same theme when nothing changes', () => {
    const t1 = withThemeValue(DEFAULT_THEME, ':root', '--brand-primary', '#aa0000');
    expect(t1[':root']!['--brand-primary']).toBe('#aa0000');
    expect(DEFAULT_THEME[':root']!['--brand-primary']).toBe('#1f3a5f');
    expect(withThemeValue(t1, ':root', '--brand-primary', '#aa0000')).toBe(t1);
    const t2 = withThemeValue(t1, 'h4', 'font-size', '14px');
    expect(withThemeValue(t2, 'h4', 'font-size', '')['h4']).toBeUndefined();
  });

  it('reads colours through the brand variables', () => {
    expect(colorOf(DEFAULT_THEME, 'price')).toBe('#1f3a5f');
    const t = withThemeValue(DEFAULT_THEME, ':root', '--brand-primary', '#123456');
    expect(colorOf(t, 'price')).toBe('#123456');
    expect(colorOf(withThemeValue(t, '.price', 'color', '#ff0000'), 'price')).toBe('#ff0000');
  });

  it('sets one font for every heading level and one for the body', () => {
    const t = withFont(
      { ...DEFAULT_THEME, h2: { ...DEFAULT_THEME.h2, 'font-family': 'Lato' } },
      'headings',
      "'Lora', serif",
    );
    expect(fontOf(t, 'headings')).toBe('Lora');
    expect(t.h2!['font-family']).toBeUndefined();
    expect(t.h2!['font-size']).toBe('32px');
    expect(fontOf(DEFAULT_THEME, 'body')).toBe('Open Sans');
  });

  it('draws a page border inside the page edge and reads it back', () => {
    const t = withPageBorder(DEFAULT_THEME, { width: 3, style: 'solid', color: '#c8a96a' });
    expect(pageBorderOf(t)).toEqual({ width: 3, style: 'solid', color: '#c8a96a' });
    expect(t.body!['outline-offset']).toBe('-3px');
    expect(pageBorderOf(withPageBorder(t, null))).toBeNull();
  });
});

describe('colours and contrast (WCAG AA)', () => {
  it('accepts hex in every case and short form', () => {
    expect(normalizeHex('#3A5')).toBe('#33aa55');
    expect(normalizeHex('1f3a5f')).toBe('#1f3a5f');
    expect(normalizeHex('#12345')).toBeNull();
    expect(parseColor('rgb(255, 0, 0)')).toEqual({ r: 255, g: 0, b: 0 });
  });

  it('computes the WCAG ratio', () => {
    expect(contrastRatio(parseColor('#000')!, parseColor('#fff')!)).toBeCloseTo(21, 5);
    expect(contrastRatio(parseColor('#777')!, parseColor('#fff')!)).toBeCloseTo(4.48, 2);
  });

  it('warns when a text colour falls below 4.5:1 on the page background', () => {
    expect(contrastWarnings(DEFAULT_THEME)).toEqual([]);
    const pale = withThemeValue(DEFAULT_THEME, ':root', '--brand-text', '#bbbbbb');
    expect(contrastWarnings(pale)).toEqual([{ fg: 'text', bg: 'background', ratio: 1.9 }]);
  });
});

describe('fonts we serve ourselves', () => {
  it('offers SPEC §9 popular fonts first, then more, searchable', () => {
    expect(WEB_FONTS.slice(0, 8).map((f) => f.family)).toEqual([...POPULAR_FONTS]);
    expect(WEB_FONTS.length).toBeGreaterThan(16);
    expect(searchWebFonts('play').map((f) => f.family)).toEqual(['Playfair Display']);
    expect(searchWebFonts('SANS').map((f) => f.family)).toContain('Open Sans');
  });

  it('reads Google Fonts links without fetching them: bundled families, the rest unavailable', () => {
    expect(fontLinkFamilies('https://fonts.googleapis.com/css?family=Lato:400,700|Open+Sans')).toEqual([
      'Lato',
      'Open Sans',
    ]);
    expect(
      fontLinkFamilies(
        'https://fonts.googleapis.com/css2?family=Roboto:wght@400&family=Pacifico&display=swap',
      ),
    ).toEqual(['Roboto', 'Pacifico']);
    expect(
      readFontLinks([
        'https://fonts.googleapis.com/css2?family=Lato&family=Pacifico',
        'https://example.com/x.css',
      ]),
    ).toEqual({ bundled: ['Lato'], unavailable: ['Pacifico'], unreadable: ['https://example.com/x.css'] });
  });

  it('names a custom font from its file name', () => {
    expect(familyFromFileName('Acme-Display_Bold.woff2')).toBe('Acme Display');
    expect(familyFromFileName('BrandSans.otf')).toBe('Brand Sans');
  });
});

describe('CSS examples (SPEC §2.2: 5)', () => {
  it('are five, and each survives sanitizing and scoping whole', () => {
    expect(CSS_EXAMPLES).toHaveLength(5);
    for (const ex of CSS_EXAMPLES) {
      const scoped = scopeCss(ex.css, '.cb-c-1');
      const rules = ex.css.match(/\{/g)!.length;
      expect(scoped.match(/\{/g)!.length).toBe(rules);
      expect(scoped).not.toMatch(/(^|\n)\.cb-page/);
    }
  });
});

describe('catalog background picture (issue 24 §1)', () => {
  it('sets, reads and removes a picture of our own files, and refuses other hosts', async () => {
    const { backgroundOf, withBackground } = await import('./background.ts');
    const theme = withBackground({}, { url: '/files/images/u1/paper.jpg', fit: 'repeat' });
    expect(theme.body).toEqual({
      'background-image': 'url("/files/images/u1/paper.jpg")',
      'background-size': 'auto',
      'background-repeat': 'repeat',
      'background-position': 'center',
    });
    expect(backgroundOf(theme)).toEqual({ url: '/files/images/u1/paper.jpg', fit: 'repeat' });
    expect(
      backgroundOf(withBackground(theme, { url: '/files/images/u1/paper.jpg', fit: 'contain' })),
    ).toEqual({
      url: '/files/images/u1/paper.jpg',
      fit: 'contain',
    });
    expect(withBackground(theme, null)).toEqual({});
    expect(withBackground({}, { url: 'https://evil.example/x.png', fit: 'cover' })).toEqual({});
    expect(backgroundOf({ body: { 'background-image': 'url(https://evil.example/x.png)' } })).toBeNull();
  });
});

describe('saved looks (issue 24 §1)', () => {
  it('take the theme, fonts, font links and price style of a catalog, and validate what comes back', async () => {
    const { lookOf, SavedLookSchema } = await import('./saved-look.ts');
    const { CatalogSchema } = await import('../model/index.ts');
    const catalog = CatalogSchema.parse({ _id: 'c1', title: 'x', theme: { h2: { color: '#112233' } } });
    const look = lookOf(catalog);
    expect(Object.keys(look).sort()).toEqual(['font_links', 'fonts', 'priceTemplateStyle', 'theme']);
    expect(SavedLookSchema.parse(look)).toEqual(look);
    expect(SavedLookSchema.safeParse({ ...look, custom_css: 'body{}' }).success).toBe(false);
  });
});
