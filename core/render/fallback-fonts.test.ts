import { describe, expect, it } from 'vitest';
import { withFallbackFonts } from './css.ts';

const FALLBACKS = "'Noto Color Emoji', 'Noto Sans Symbols 2'";

describe('withFallbackFonts: emoji and symbols found in our fonts, before any system font', () => {
  it('goes before the first generic family, or at the end', () => {
    expect(withFallbackFonts(".a { font-family: 'Lato', Arial, sans-serif; }")).toBe(
      `.a { font-family: 'Lato', Arial, ${FALLBACKS}, sans-serif; }`,
    );
    expect(withFallbackFonts('.a{color:red;font-family:Montserrat}')).toBe(
      `.a{color:red;font-family:Montserrat, ${FALLBACKS}}`,
    );
    expect(withFallbackFonts('.a { font-family: "Bebas Neue" !important; }')).toBe(
      `.a { font-family: "Bebas Neue", ${FALLBACKS} !important; }`,
    );
  });

  it('leaves @font-face descriptors, keywords, var() and lists that have them already', () => {
    const css = [
      "@font-face { font-family: 'Brand'; src: url(x.woff2); }",
      '.b { font-family: inherit; }',
      '.c { font-family: var(--brand-font); }',
      `.d { font-family: Lato, ${FALLBACKS}, serif; }`,
    ].join('\n');
    expect(withFallbackFonts(css)).toBe(css);
  });
});
