import { describe, expect, it } from 'vitest';
import {
  escapeHtml,
  htmlToText,
  inlinePictureAllowed,
  sanitizeCss,
  sanitizeHtml,
  sanitizeInlineHtml,
  sanitizeSvg,
  sanitizeTheme,
  scopeCss,
} from './index.ts';
import { DEFAULT_THEME } from '../model/index.ts';

describe('sanitizeHtml', () => {
  it('removes scripts, event handlers and javascript: links', () => {
    const out = sanitizeHtml(
      '<p onclick="steal()">Hi<script>alert(1)</script></p><a href="javascript:alert(1)">x</a><iframe src="https://evil"></iframe>',
    );
    expect(out).not.toMatch(/script|onclick|javascript:|iframe/i);
    expect(out).toContain('<p>Hi</p>');
  });

  it('keeps formatting, tables, images and safe links', () => {
    const out = sanitizeHtml(
      '<h2 style="color: red">T</h2><table><tr><td colspan="2">x</td></tr></table><img src="https://cdn.example/a.jpg" alt="a"><a href="https://shop.example">s</a>',
    );
    expect(out).toContain('<h2 style="color:red">T</h2>');
    expect(out).toContain('<td colspan="2">x</td>');
    expect(out).toContain('<img src="https://cdn.example/a.jpg" alt="a" />');
    expect(out).toContain('href="https://shop.example" target="_blank" rel="noopener noreferrer"');
  });

  it('drops style values that load or execute things', () => {
    const out = sanitizeHtml('<p style="background: url(https://x/y.png); color: blue">a</p>');
    expect(out).not.toContain('url(');
    expect(out).toContain('color:blue');
  });

  it('escapes text and strips tags to text', () => {
    expect(escapeHtml('<b>"Tom & Jerry"</b>')).toBe('&lt;b&gt;&quot;Tom &amp; Jerry&quot;&lt;/b&gt;');
    expect(htmlToText('<p>Hello <b>world</b></p>')).toBe('Hello world');
  });
});

describe('sanitizeInlineHtml', () => {
  it('keeps bold, italic, links and lines, and nothing that runs or styles', () => {
    expect(sanitizeInlineHtml('<b>Spring</b> <em>sale</em><br><div>PAGE_NUMBER</div>')).toBe(
      '<b>Spring</b> <em>sale</em><br /><div>PAGE_NUMBER</div>',
    );
    expect(
      sanitizeInlineHtml(
        '<span style="color:red">Hi</span><img src=x onerror="alert(1)"><script>alert(2)</script><h1>T</h1>',
      ),
    ).toBe('HiT');
    expect(sanitizeInlineHtml('<a href="javascript:alert(1)" onclick="x()">x</a>')).not.toMatch(
      /javascript|onclick/,
    );
    expect(sanitizeInlineHtml('<a href="https://shop.test/">shop</a>')).toBe(
      '<a href="https://shop.test/" target="_blank" rel="noopener noreferrer">shop</a>',
    );
    expect(sanitizeInlineHtml(null)).toBe('');
  });
});

describe('scopeCss', () => {
  it('prefixes every selector with the catalog scope and maps :root and body to it', () => {
    const out = scopeCss(':root { --brand: #f00 } body h2, .price { color: var(--brand) }', '.catalog-1');
    expect(out).toContain('.catalog-1 { --brand: #f00 }');
    expect(out).toContain('.catalog-1 h2, .catalog-1 .price');
  });

  it('scopes rules inside media queries but not keyframe steps', () => {
    const out = scopeCss(
      '@media print { p { color: red } } @keyframes k { from { opacity: 0 } to { opacity: 1 } }',
      '.c',
    );
    expect(out).toContain('.c p');
    expect(out).toContain('from { opacity: 0 }');
  });

  it('drops @import, external non-https and javascript urls, and expressions', () => {
    const out = scopeCss(
      '@import url(https://evil/x.css); p { background: url(javascript:alert(1)); width: expression(alert(1)); color: red } h1 { background-image: url(http://tracker/x.gif) } h2 { background: url(data:image/png;base64,AAAA) }',
      '.c',
    );
    expect(out).not.toMatch(/@import|javascript|expression|tracker/);
    expect(out).toContain('color: red');
    expect(out).toContain('data:image/png;base64,AAAA');
  });

  it('cannot close the style element it is placed in', () => {
    expect(scopeCss('p { content: "</style><script>alert(1)</script>" }', '.c')).not.toContain('</style');
  });

  it('names no other host: url() only to our own files and inline pictures or fonts (issue 24 §3)', () => {
    const out = scopeCss(
      'p { background: url(https://cdn.example/bg.png) } h1 { background: url(//evil/x.png) } ' +
        "h2 { background: url('/files/images/u/a.jpg') } h3 { background: image-set('https://x/y.png' 1x) } " +
        '@font-face { font-family: Brand; src: url(/files/fonts/u/b.woff2) format("woff2") }',
      '.c',
    );
    expect(out).not.toMatch(/cdn\.example|evil|https:/);
    expect(out).toContain("url('/files/images/u/a.jpg')");
    expect(out).toContain('url(/files/fonts/u/b.woff2)');
  });

  it('keeps every box on its page and the page its size: no fixed positions, no @page', () => {
    const out = scopeCss(
      '@page { size: 10mm 10mm } .cb-caption { position: fixed; inset: 0 } p { position: relative }',
      '.c',
    );
    expect(out).not.toMatch(/@page|fixed/);
    expect(out).toContain('position: relative');
  });

  it("joins the page's own classes instead of looking inside the page", () => {
    const out = scopeCss(
      '.cb-page--front-cover h1 { color: red } .cb-page { background: blue } .cb-band { color: red }',
      '.c',
    );
    expect(out).toContain('.c.cb-page--front-cover h1');
    expect(out).toContain('.c.cb-page {');
    expect(out).toContain('.c .cb-band');
  });

  it('says what it dropped and where, and where CSS does not parse', () => {
    const { css, problems } = sanitizeCss(
      '@import url(/x.css);\np {\n  color: red;\n  background: url(https://t/x.gif);\n}',
    );
    expect(css).toContain('color: red');
    expect(problems).toEqual([
      { kind: 'import', line: 1, column: 1, text: '@import url(/x.css)' },
      { kind: 'url', line: 4, column: 3, text: 'background: url(https://t/x.gif)' },
    ]);
    expect(sanitizeCss('p {\n color: red').problems[0]).toMatchObject({ kind: 'syntax', line: 1 });
  });

  it('returns nothing for CSS it cannot parse', () => {
    expect(scopeCss('p { color: red', '.c')).toBe('');
  });
});

describe('rich text as the editor writes it (SPEC §9)', () => {
  it('keeps fonts, sizes, line heights, alignment, colours, lists, links and headings', () => {
    const html =
      '<h2 style="text-align: center">Spring</h2><p style="text-align: right; line-height: 2.5"><span style="font-family: Lato; font-size: 48px; color: #b42318">Sale</span></p><ul><li><p>One</p></li></ul><ol><li><p>Two</p></li></ol><p><a href="https://example.com">shop</a> PAGE_NUMBER</p>';
    const out = sanitizeHtml(html);
    expect(out).toContain('<h2 style="text-align:center">Spring</h2>');
    expect(out).toContain('line-height:2.5');
    expect(out).toContain('font-family:Lato;font-size:48px;color:#b42318');
    expect(out).toContain('<ul><li><p>One</p></li></ul><ol><li><p>Two</p></li></ol>');
    expect(out).toContain('href="https://example.com" target="_blank" rel="noopener noreferrer"');
    expect(out).toContain('PAGE_NUMBER');
  });

  it('keeps an inline JPEG or PNG up to 2,097,152 bytes and drops any other inline picture', () => {
    const b64 = (bytes: number) => Buffer.alloc(bytes, 1).toString('base64');
    expect(inlinePictureAllowed(`data:image/png;base64,${b64(2_097_152)}`)).toBe(true);
    expect(inlinePictureAllowed(`data:image/jpeg;base64,${b64(2_097_153)}`)).toBe(false);
    expect(inlinePictureAllowed(`data:image/svg+xml;base64,${b64(10)}`)).toBe(false);
    expect(sanitizeHtml(`<p><img src="data:image/jpg;base64,${b64(12)}" alt="a"></p>`)).toContain(
      '<img src="data:image/jpg',
    );
    expect(sanitizeHtml(`<p>x<img src="data:image/png;base64,${b64(2_097_153)}" alt="big"></p>`)).toBe(
      '<p>x</p>',
    );
    expect(sanitizeHtml(`<p>x<img src="data:text/html;base64,${b64(5)}"></p>`)).toBe('<p>x</p>');
    expect(sanitizeHtml('<p><img src="https://cdn.example.com/a.png"></p>')).toContain(
      'https://cdn.example.com/a.png',
    );
  });
});

describe('sanitizeSvg (SPEC §3 image/svg+xml)', () => {
  const svg = (inner: string, attrs = '') =>
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 200 100"${attrs}>${inner}</svg>`;

  it('keeps shapes, text, markers and references within the drawing, with their case', () => {
    const drawing = svg(
      '<defs><marker id="head" markerWidth="10" markerHeight="10" refX="5" refY="5" orient="auto"><path d="M0,0 L10,5 L0,10z"></path></marker></defs><rect x="2" y="2" width="120" height="40" rx="8" fill="#b42318"></rect><ellipse cx="50" cy="50" rx="20" ry="10"></ellipse><line x1="0" y1="90" x2="100" y2="90" stroke="#000" marker-end="url(#head)"></line><text x="60" y="28" text-anchor="middle" font-size="24" fill="#fff">NEW</text>',
    );
    expect(sanitizeSvg(drawing)).toBe(drawing);
  });

  it('drops script, handlers, foreign content, style elements, pictures and outside references', () => {
    const out = sanitizeSvg(
      '<?xml version="1.0"?><!DOCTYPE svg [<!ENTITY e "x">]>' +
        svg(
          '<script>alert(1)</script><style>@import url(https://evil/x.css)</style><foreignObject><div>inside</div></foreignObject><image href="https://evil/x.png"></image><use href="https://evil/s.svg#a"></use><use xlink:href="#keep"></use><a href="javascript:alert(1)"><text>NEW</text></a><rect fill="url(https://evil/p.svg#g)" style="fill: url(https://evil/x)" onclick="steal()"></rect><animate attributeName="href" to="javascript:alert(1)"></animate>',
          ' onload="alert(1)"',
        ),
    );
    expect(out).not.toMatch(
      /script|alert|onload|onclick|evil|foreignObject|inside|<image|<a\b|<style|animate|ENTITY|<\?xml/i,
    );
    expect(out).toContain('<use xlink:href="#keep"></use>');
    expect(out).toContain('<text>NEW</text>');
  });

  it('gives nothing for what is not one SVG drawing', () => {
    expect(sanitizeSvg('<div>x</div>')).toBe('');
    expect(sanitizeSvg('<script>alert(1)</script>')).toBe('');
    expect(sanitizeSvg('')).toBe('');
    expect(sanitizeSvg('<svg><rect width="1" height="1"></rect></svg>')).toBe(
      '<svg xmlns="http://www.w3.org/2000/svg"><rect width="1" height="1"></rect></svg>',
    );
  });
});

// Issue 24 §3: a catalog's theme is stored as safe as its CSS.
describe('sanitizeTheme', () => {
  it('keeps the default theme as it is', () => {
    expect(sanitizeTheme(DEFAULT_THEME)).toEqual({ theme: DEFAULT_THEME, problems: [] });
  });

  it('drops remote url(), @import, expressions and what breaks out of its rule; keeps the rest', () => {
    const { theme, problems } = sanitizeTheme({
      ':root': { '--brand-primary': '#123456', '--bg': 'url(https://evil.example/x.png)' },
      '.cb-page': { 'background-image': 'url(/files/u/bg.jpg)', width: 'expression(alert(1))' },
      h1: { color: 'red; } @import url(https://evil.example/a.css); h2 { color: blue' },
      '@import url(https://evil.example/a.css); .x': { color: 'red' },
      'h2 } body { display: none': { color: 'red' },
      '.cb-caption > p': { 'font-size': '9px', position: 'fixed' },
      p: { 'color/**/': 'red' },
    });
    expect(theme).toEqual({
      ':root': { '--brand-primary': '#123456' },
      '.cb-page': { 'background-image': 'url(/files/u/bg.jpg)' },
      '.cb-caption > p': { 'font-size': '9px' },
    });
    expect(problems).toHaveLength(7);
    expect(JSON.stringify(theme)).not.toMatch(/evil|import|expression/);
  });
});
