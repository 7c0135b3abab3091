import { describe, expect, it } from 'vitest';
import type { Page } from '../model/index.ts';
import { findSimilarHeaders, headerText, updateAllFooters, updateSimilarHeaders } from './index.ts';
import { deepFreeze, makeCatalog, productPage } from './fixtures.ts';

const withHeader = (id: string, header: string, footer = ''): Page => ({
  ...productPage(id, []),
  header: { properties: { html: header } },
  footer: { properties: { html: footer } },
});

describe('headerText', () => {
  it('reads HTML as text, ignoring markup, entities and spacing', () => {
    expect(headerText('<p><b>Spring</b>&nbsp;&amp; Summer</p>')).toBe('Spring & Summer');
    expect(headerText('<h2>Spring</h2><p>2025</p>')).toBe('Spring 2025');
    expect(headerText('Spr<span>ing</span> &#50;&#x30;25')).toBe('Spring 2025');
  });
});

describe('updateSimilarHeaders', () => {
  it('gives the new header to pages whose header had the same text', () => {
    const c = deepFreeze(
      makeCatalog([
        withHeader('a', '<p><strong>Spring</strong></p>'),
        withHeader('b', '<h3>Spring</h3>'),
        withHeader('c', '<p>Summer</p>'),
        withHeader('d', '<h1>New Spring</h1>'),
      ]),
    );
    const edited = makeCatalog(c.pages.map((p, i) => (i === 3 ? p : p)));
    expect(findSimilarHeaders(edited, { pageIndex: 3, previousHtml: 'Spring' })).toEqual([0, 1]);
    const r = updateSimilarHeaders(edited, { pageIndex: 3, previousHtml: '<p>Spring</p>' });
    expect(r.catalog.pages.map((p) => p.header.properties.html)).toEqual([
      '<h1>New Spring</h1>',
      '<h1>New Spring</h1>',
      '<p>Summer</p>',
      '<h1>New Spring</h1>',
    ]);
    expect(r.catalog.pages[2]).toBe(edited.pages[2]);
    expect(r.currentPage).toBe(3);
  });
});

describe('updateAllFooters', () => {
  it('copies the footer HTML and slots of one page to every page', () => {
    const source = { ...withHeader('b', '', '<p>PAGE_NUMBER</p>'), footerElements: ['l', 'c', 'r'] };
    const c = makeCatalog([withHeader('a', '', '<p>old</p>'), source, withHeader('c', '', '')]);
    const r = updateAllFooters(c, { pageIndex: 1 });
    expect(r.catalog.pages.map((p) => [p.footer.properties.html, p.footerElements])).toEqual(
      Array(3).fill(['<p>PAGE_NUMBER</p>', ['l', 'c', 'r']]),
    );
    expect(r.catalog.pages[1]).toBe(c.pages[1]);
    expect(updateAllFooters(r.catalog, { pageIndex: 0 }).catalog).toBe(r.catalog);
  });
});
