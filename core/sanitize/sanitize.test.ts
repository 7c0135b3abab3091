import { describe, expect, it } from 'vitest';
import { escapeHtml, htmlToText, sanitizeHtml, sanitizeInlineHtml, scopeCss } from './index.ts';

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

  it('returns nothing for CSS it cannot parse', () => {
    expect(scopeCss('p { color: red', '.c')).toBe('');
  });
});
