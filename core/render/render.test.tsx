import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { TRIAL_WATERMARK_TEXT } from '../constants.ts';
import { createProductElement } from '../layouts/index.ts';
import { CatalogPageView, CatalogDocumentView, createRenderContext, renderCatalogHtml } from './index.ts';
import { CatalogBuilder, everyKindCatalog, IMG, product } from './test-fixtures.ts';

const count = (s: string, sub: string | RegExp) =>
  typeof sub === 'string' ? s.split(sub).length - 1 : (s.match(sub) ?? []).length;

function pageHtml(catalog: ReturnType<CatalogBuilder['build']>, pageIndex: number, options = {}) {
  return renderToStaticMarkup(<CatalogPageView catalog={catalog} pageIndex={pageIndex} options={options} />);
}

describe('renderCatalogHtml', () => {
  it('draws the trial watermark on every page when the option is set, and nowhere otherwise', () => {
    const catalog = everyKindCatalog();
    const trial = renderCatalogHtml(catalog, { watermark: true });
    const pages = count(trial, '<section class="cb-page');
    expect(pages).toBeGreaterThanOrEqual(catalog.pages.length);
    expect(count(trial, TRIAL_WATERMARK_TEXT)).toBe(pages);
    // Decoration: hidden from assistive technology, its words drawn by CSS and never a text node of the page.
    expect(
      count(trial, '<div class="cb-watermark" aria-hidden="true"><span data-text="' + TRIAL_WATERMARK_TEXT),
    ).toBe(pages);
    expect(trial).not.toContain(`>${TRIAL_WATERMARK_TEXT}<`);
    expect(renderCatalogHtml(catalog)).not.toContain(TRIAL_WATERMARK_TEXT);
  });

  it('is deterministic: the same catalog renders to the same bytes', () => {
    const a = renderCatalogHtml(everyKindCatalog(), { watermark: true, mode: 'screen' });
    const b = renderCatalogHtml(everyKindCatalog(), { watermark: true, mode: 'screen' });
    expect(a).toBe(b);
  });

  it('sizes pages and @page for A4 by default, Letter and the landscape Letter booklet', () => {
    const catalog = everyKindCatalog();
    const a4 = renderCatalogHtml(catalog);
    expect(a4).toContain('@page { size: 210mm 297mm; margin: 0; }');
    expect(a4).toContain('style="width:210mm;height:297mm"');
    const letter = renderCatalogHtml(catalog, { format: 'Letter' });
    expect(letter).toContain('@page { size: 216mm 279mm; margin: 0; }');
    const booklet = renderCatalogHtml(catalog, { format: 'Letter_booklet' });
    expect(booklet).toContain('@page { size: 279mm 108mm; margin: 0; }');
    expect(booklet).toContain('style="width:279mm;height:108mm"');
    // The catalog's own setting applies when the option is absent.
    const own = renderCatalogHtml({ ...catalog, settings: { ...catalog.settings, page_format: 'Letter' } });
    expect(own).toContain('@page { size: 216mm 279mm;');
  });

  it('renders a subset of pages keeping page numbers counted from the front cover', () => {
    const catalog = everyKindCatalog();
    const html = renderCatalogHtml(catalog, { pages: [2, 0, 2, 99] });
    expect(count(html, '<section class="cb-page')).toBe(2);
    expect(html).toMatch(/data-page-index="0" data-page-number="1"/);
    expect(html).toMatch(/data-page-index="2" data-page-number="3"/);
    expect(html).toContain('<p>Page 3</p>');
  });

  it('maps every image and font through resolveAsset and never loads unsafe URLs', () => {
    const b = new CatalogBuilder();
    b.grid([product(0), product(1, { main_image: 'javascript:alert(1)', images: [] })], 4);
    const html = renderCatalogHtml(b.build(), {
      resolveAsset: (u) => u.replace('https://cdn.example.com/', 'file:///data/files/'),
      fontFaces: [
        { family: 'Lato', weight: 700, url: 'https://cdn.example.com/fonts/lato-700.woff2' },
        { family: 'Evil', url: 'javascript:alert(1)' },
      ],
    });
    expect(html).toContain('src="file:///data/files/img/p0.jpg"');
    expect(html).not.toContain('https://cdn.example.com/img/');
    expect(html).not.toContain('javascript:');
    expect(html).toContain(
      '@font-face { font-family: "Lato"; font-weight: 700; font-style: normal; font-display: block; src: url("file:///data/files/fonts/lato-700.woff2") format("woff2"); }',
    );
    expect(html).not.toContain('"Evil"');
    // The online viewer paints before its fonts arrive.
    const screen = renderCatalogHtml(b.build(), {
      fontDisplay: 'swap',
      fontFaces: [{ family: 'Lato', url: 'https://cdn.example.com/fonts/lato.woff2' }],
    });
    expect(screen).toContain(
      'font-family: "Lato"; font-weight: 400; font-style: normal; font-display: swap;',
    );
  });

  it('declares the catalog’s uploaded fonts only from URLs a page may load', () => {
    const catalog = everyKindCatalog({
      fonts: [
        { family: 'Brand Serif', weight: 400, url: 'https://files.example/brand.woff' },
        { family: 'Local', weight: 400, url: 'file:///etc/passwd' },
      ],
    });
    const html = renderCatalogHtml(catalog);
    expect(html).toContain('font-family: "Brand Serif"');
    expect(html).toContain('src: url("https://files.example/brand.woff") format("woff")');
    expect(html).not.toContain('"Local"');
  });

  it("stands an uploaded font's one weight in for every weight; a family of several keeps each its own", () => {
    const catalog = everyKindCatalog({
      fonts: [
        { family: 'Brand Serif', weight: 400, url: '/files/fonts/brand.woff2' },
        { family: 'Brand Sans', weight: 400, url: '/files/fonts/sans-400.woff2' },
        { family: 'Brand Sans', weight: 700, url: '/files/fonts/sans-700.woff2' },
      ],
    });
    const html = renderCatalogHtml(catalog);
    // No bold made up for titles in it: Chromium would print that as a Type 3 font, not the merchant's file.
    expect(html).toContain('font-family: "Brand Serif"; font-weight: 1 1000;');
    expect(html).toContain('font-family: "Brand Sans"; font-weight: 400;');
    expect(html).toContain('font-family: "Brand Sans"; font-weight: 700;');
  });

  it('sets the document language and the mode on the body', () => {
    const catalog = everyKindCatalog({ settings: { language: 'fr' } });
    const html = renderCatalogHtml(catalog, { mode: 'screen' });
    expect(html).toMatch(/^<!doctype html>\n<html lang="fr">/);
    expect(html).toContain('<body class="cb-body cb-mode-screen">');
    expect(html).toContain('<title>Spring Collection 2026</title>');
  });
});

describe('merchant HTML and CSS', () => {
  it('removes scripts and event handlers from text cells, headers, footers and captions', () => {
    const b = new CatalogBuilder();
    const page = b.grid([product(0)], 4);
    page.header.properties.html = '<p onclick="steal()">Head<script>alert(1)</script></p>';
    page.footerElements = ['<img src=x onerror="alert(2)">', '', ''];
    const catalog = b.build({
      priceTemplate: '<h6>[TITLE]</h6><script>alert(3)</script><p>[PRICE_FULL]</p>',
    });
    const html = renderCatalogHtml(catalog);
    expect(html).not.toMatch(/<script|onclick|onerror|alert\(/);
    expect(html).toContain('<p>Head</p>');
    expect(html).toContain('<h6>Linen Shirt</h6>');
  });

  it('replaces PAGE_NUMBER in headers, footers and text cells with the page number', () => {
    const b = new CatalogBuilder();
    b.cover();
    const page = b.grid([product(0)], 4);
    page.header.properties.html = '<p>Catalog, page PAGE_NUMBER</p>';
    const html = pageHtml(b.build(), 1);
    expect(html).toContain('<p>Catalog, page 2</p>');
    expect(html).toContain('<p>Page 2</p>');
    expect(html).not.toContain('PAGE_NUMBER');
  });

  it('fills {{CATALOG_TITLE}} on covers with the escaped catalog title', () => {
    const b = new CatalogBuilder();
    b.cover();
    b.page('back cover');
    const catalog = b.build({ title: 'Tom & Jerry <Spring>' });
    const front = pageHtml(catalog, 0);
    expect(front).toContain('Tom &amp; Jerry &lt;Spring&gt;</h1>');
    expect(pageHtml(catalog, 1)).toContain('Tom &amp; Jerry &lt;Spring&gt;</h2>');
    expect(front + pageHtml(catalog, 1)).not.toContain('{{CATALOG_TITLE}}');
  });

  it('scopes the theme, branding and custom CSS to the catalog and drops what could load or run', () => {
    const catalog = everyKindCatalog({
      branding_css: ':root { --brand-primary: #aa0000; }',
      custom_css:
        '@import url(https://evil.example/x.css); .price { color: var(--brand-primary) } body h2 { letter-spacing: 1px; background: url(javascript:alert(1)) }',
    });
    const html = renderCatalogHtml(catalog);
    expect(html).toContain('.cb-c-cat-1 { --brand-primary: #aa0000; }');
    expect(html).toContain('.cb-c-cat-1 .price { color: var(--brand-primary) }');
    expect(html).toContain('.cb-c-cat-1 h2 { letter-spacing: 1px');
    expect(html).toContain('.cb-c-cat-1 h6 { font-size: 12px;');
    expect(html).not.toMatch(/@import|evil\.example|javascript:/);
    // Custom CSS comes after the theme, so it wins at equal specificity.
    expect(html.indexOf('.cb-c-cat-1 .price { color: var(--brand-primary) }')).toBeGreaterThan(
      html.indexOf('.cb-c-cat-1 h6 {'),
    );
    // Every page carries the scope class.
    expect(count(html, /<section class="cb-page [^"]*\bcb-c-cat-1\b/g)).toBe(
      count(html, '<section class="cb-page'),
    );
  });

  it('leaves the theme out for catalogs older than version 3', () => {
    const html = renderCatalogHtml(everyKindCatalog({ version: 2 }));
    expect(html).not.toContain('.cb-c-cat-1 h6 {');
  });

  it('cannot close its style element from merchant CSS', () => {
    const html = renderCatalogHtml(
      everyKindCatalog({ custom_css: '.a { content: "</style><script>x()</script>" }' }),
    );
    expect(count(html, '</style>')).toBe(1);
    expect(html).not.toContain('<script>');
  });
});

describe('product cells', () => {
  it('renders nothing for empty and void product cells', () => {
    const b = new CatalogBuilder();
    b.grid([product(0)], 4);
    const html = pageHtml(b.build(), 0);
    expect(count(html, 'class="cb-cell cb-cell--empty"')).toBe(3);
    expect(html).toMatch(/class="cb-cell cb-cell--empty"[^>]*><\/div>/);
  });

  it('draws a tidy placeholder, not a broken image, for a product without any image', () => {
    const b = new CatalogBuilder();
    b.grid([product(0, { main_image: null, images: [] })], 1);
    const html = pageHtml(b.build(), 0);
    expect(html).toContain('class="cb-img-placeholder"');
    expect(html).not.toContain('<img');
  });

  it('shows at most max_rows × max_columns extra images, without the main or hidden ones', () => {
    const images = [0, 1, 2, 3, 4, 5, 6].map((n) => ({ original: IMG(n), hide: n === 2 }));
    const b = new CatalogBuilder();
    b.grid([product(0, { main_image: IMG(0), images })], 1);
    const catalog = b.build({ default_images_style: { max_rows: 1, max_columns: 3 } });
    const html = pageHtml(catalog, 0);
    const extras = [...html.matchAll(/class="cb-product-extra"[^>]*>.*?src="([^"]+)"/g)].map((m) => m[1]);
    expect(extras).toEqual([IMG(1), IMG(3), IMG(4)]);
    expect(html).toContain('cb-product-media--extras-bottom');
    const right = pageHtml(
      b.build({ default_images_style: { anchor: 'right', max_rows: 2, max_columns: 1 } }),
      0,
    );
    expect(right).toContain('cb-product-media--extras-right');
    expect(count(right, 'class="cb-product-extra"')).toBe(2);
  });

  it('gives the pictures images_style.size % of the cell and the caption the rest below them', () => {
    const b = new CatalogBuilder();
    b.grid([product(0)], 4);
    const html = pageHtml(b.build({ default_images_style: { size: 70 } }), 0);
    expect(html).toContain('class="cb-product cb-product--vertical"');
    expect(html).toMatch(/class="cb-caption-box" style="min-height:max\(30%, \d+px\)"/);
  });

  it('reserves the same caption height across a grid row, so captions start on one line', () => {
    const b = new CatalogBuilder();
    const long =
      '<p>' + 'Hand-finished linen with mother of pearl buttons and French seams. '.repeat(4) + '</p>';
    b.grid([product(0, { description: long }), product(1), product(2), product(3)], 4);
    const html = pageHtml(b.build({ settings: { showDescription: true } }), 0);
    const mins = [...html.matchAll(/class="cb-caption-box" style="min-height:max\(20%, (\d+)px\)"/g)].map(
      (m) => Number(m[1]),
    );
    expect(mins).toHaveLength(4);
    expect(mins[0]).toBe(mins[1]);
    expect(mins[2]).toBe(mins[3]);
    expect(mins[0]).toBeGreaterThan(mins[2]);
  });

  it('places the caption beside the pictures on the anchor side, or over them when inside', () => {
    const b = new CatalogBuilder();
    b.grid([product(0)], 4);
    const horizontal = pageHtml(
      b.build({ priceTemplateStyle: { align: 'horizontal', anchor: 'left', size: 35 } }),
      0,
    );
    expect(horizontal).toContain('cb-product--horizontal cb-product--caption-first');
    expect(horizontal).toContain('style="flex-basis:35%"');
    const inside = pageHtml(
      b.build({ priceTemplateStyle: { position: 'inside', anchor: 'right', background_color: '#ffeecc' } }),
      0,
    );
    expect(inside).toMatch(
      /class="cb-caption-box cb-caption-box--inside cb-caption-box--right" style="[^"]*background:#ffeecc/,
    );
  });

  it('mirrors the caption on left-hand pages for cells that alternate', () => {
    const b = new CatalogBuilder();
    const p1 = b.grid([product(0)], 1);
    p1.layout.cells[0].alternate_left_right = true;
    const p2 = b.grid([product(1)], 1);
    p2.layout.cells[0].alternate_left_right = true;
    const catalog = b.build({ priceTemplateStyle: { align: 'horizontal', anchor: 'right' } });
    expect(pageHtml(catalog, 0)).not.toContain('cb-product--caption-first');
    expect(pageHtml(catalog, 1)).toContain('cb-product--caption-first');
  });

  it('keeps the barcode SVG the caption engine produces', () => {
    const b = new CatalogBuilder();
    b.grid([product(0, { barcode: '4006381333931' })], 1);
    const html = pageHtml(b.build({ priceTemplate: '<h6>[TITLE]</h6>[BARCODE(EAN13)]' }), 0);
    expect(html).toMatch(/<div class="cb-caption"[^>]*><h6>Linen Shirt<\/h6>.*<svg/);
  });

  it('adds the description only when the catalog shows descriptions', () => {
    const b = new CatalogBuilder();
    b.grid([product(0)], 1);
    expect(pageHtml(b.build(), 0)).not.toContain('cb-description');
    const shown = pageHtml(b.build({ settings: { showDescription: true, descriptionFontSize: 9 } }), 0);
    expect(shown).toMatch(
      /<div class="cb-description" style="font-size:9px">.*Made by hand in small batches\./,
    );
  });

  it('puts an HTML description in a block by default, never a paragraph inside a paragraph', () => {
    const b = new CatalogBuilder();
    b.grid([product(0, { description: '<p>Soft <b>organic</b> cotton.</p><p>Wash cold.</p>' })], 1);
    const html = pageHtml(b.build({ settings: { showDescription: true } }), 0);
    expect(html).toContain(
      '<div class="cb-description" style="font-size:8px"><div><p>Soft <b>organic</b> cotton.</p><p>Wash cold.</p></div></div>',
    );
    expect(html).not.toMatch(/<p>(?:(?!<\/p>).)*<p>/);
  });

  it('uses the element’s own caption template over the catalog’s, and never lets a failing template break the page', () => {
    const b = new CatalogBuilder();
    const page = b.grid([product(0)], 1);
    const el = page.elements[0] as ReturnType<typeof createProductElement>;
    page.elements[0] = { ...el, price_template: '<p class="own">[SKU]</p>' };
    expect(pageHtml(b.build(), 0)).toContain('<p class="own">SKU-100</p>');
    const logs: string[] = [];
    const html = pageHtml(b.build(), 0, {
      renderTemplate: () => {
        throw new Error('boom');
      },
      log: (m: string) => logs.push(m),
    });
    expect(html).toContain('class="cb-product');
    expect(logs.length).toBeGreaterThan(0);
  });

  it('links pictures to the online store only when products link there', () => {
    const b = new CatalogBuilder();
    b.grid([product(0, { url: 'https://shop.example/linen' })], 1);
    expect(pageHtml(b.build(), 0)).not.toContain('href=');
    const linked = pageHtml(b.build({ settings: { products_link: 'online_store' } }), 0);
    expect(linked).toContain('href="https://shop.example/linen" target="_blank" rel="noopener noreferrer"');
  });
});

describe('page structure', () => {
  it('shows header and footer bands on inner pages (90 % inner area) and none on covers', () => {
    const catalog = everyKindCatalog();
    const cover = pageHtml(catalog, 0);
    expect(cover).not.toContain('cb-header');
    expect(cover).toContain('class="cb-inner" style="top:0%;height:100%"');
    const grid = pageHtml(catalog, 2);
    expect(grid).toContain('class="cb-band cb-header" style="top:0%;height:5%"');
    expect(grid).toContain('class="cb-inner" style="top:5%;height:90%"');
    expect(grid).toContain('class="cb-band cb-footer" style="top:95%;height:5%"');
    const off = { ...catalog, pages: catalog.pages.map((p) => ({ ...p, showHeadersFooters: false })) };
    expect(pageHtml(off, 2)).toContain('class="cb-inner" style="top:0%;height:100%"');
  });

  it('places cells at their fractions of the inner area with the layout gutter inside', () => {
    const b = new CatalogBuilder();
    b.grid([product(0)], 4);
    const html = pageHtml(b.build(), 0);
    expect(html).toContain('style="left:1.25%;top:1.25%;width:48.75%;height:48.75%;z-index:1;padding:10px"');
  });

  it('shares one context and stylesheet across the pages of CatalogDocumentView', () => {
    const catalog = everyKindCatalog();
    const html = renderToStaticMarkup(<CatalogDocumentView catalog={catalog} options={{ pages: [0, 1] }} />);
    expect(count(html, '<style>')).toBe(1);
    expect(count(html, '<section')).toBe(2);
  });

  it('lets the editor wrap every cell', () => {
    const catalog = everyKindCatalog();
    const html = renderToStaticMarkup(
      <CatalogPageView
        catalog={catalog}
        pageIndex={2}
        renderCell={({ cellIndex, children }) => <div data-drop={cellIndex}>{children}</div>}
      />,
    );
    expect(count(html, 'data-drop=')).toBe(9);
  });

  it('writes right-to-left catalogs right to left', () => {
    const html = pageHtml(everyKindCatalog({ settings: { right_to_left: true } }), 2);
    expect(html).toMatch(/<section [^>]*dir="rtl"/);
  });

  it('exposes the page size in CSS px for editors that scale pages', () => {
    const ctx = createRenderContext(everyKindCatalog(), { format: 'Letter_booklet' });
    expect(Math.round(ctx.size.widthPx)).toBe(1054);
    expect(Math.round(ctx.size.heightPx)).toBe(408);
  });
});
