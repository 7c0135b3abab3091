import { describe, expect, it } from 'vitest';
import type { Page } from '../model/index.ts';
import { findSimilarHeaders, headerText, updateAllFooters, updateSimilarHeaders } from './index.ts';
import { backCoverPage, coverPage, deepFreeze, makeCatalog, productPage } from './fixtures.ts';

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
  const previous = (html: string, slots = ['', '', '']) => ({
    header: { properties: { html } },
    headerElements: slots,
  });

  it('gives the new header to pages whose header had the same text', () => {
    const c = deepFreeze(
      makeCatalog([
        withHeader('a', '<p><strong>Spring</strong></p>'),
        withHeader('b', '<h3>Spring</h3>'),
        withHeader('c', '<p>Summer</p>'),
        withHeader('d', '<h1>New Spring</h1>'),
      ]),
    );
    expect(findSimilarHeaders(c, { pageIndex: 3, previous: previous('Spring') })).toEqual([0, 1]);
    const r = updateSimilarHeaders(c, { pageIndex: 3, previous: previous('<p>Spring</p>') });
    expect(r.catalog.pages.map((p) => p.header.properties.html)).toEqual([
      '<h1>New Spring</h1>',
      '<h1>New Spring</h1>',
      '<p>Summer</p>',
      '<h1>New Spring</h1>',
    ]);
    expect(r.catalog.pages[2]).toBe(c.pages[2]);
    expect(r.currentPage).toBe(3);
  });

  it('compares the three header slots, where pages put their headers, each in its place', () => {
    const slotted = (id: string, slots: string[]): Page => ({ ...withHeader(id, ''), headerElements: slots });
    const c = deepFreeze(
      makeCatalog([
        slotted('a', ['<p>Spring 2026</p>', '', '<p><b>Maison</b> Nord</p>']),
        slotted('b', ['Spring&nbsp;2026', '<p></p>', 'Maison Nord']),
        slotted('c', ['<p>Spring 2026</p>', '', '<p>Other shop</p>']),
        // The same words on the other side read differently.
        slotted('d', ['<p>Maison Nord</p>', '', '<p>Spring 2026</p>']),
        slotted('e', ['<p>Summer 2026</p>', '<p>New</p>', '<p>Maison Nord</p>']),
      ]),
    );
    const old = previous('', ['<p>Spring 2026</p>', '', '<p>Maison Nord</p>']);
    expect(findSimilarHeaders(c, { pageIndex: 4, previous: old })).toEqual([0, 1]);
    const r = updateSimilarHeaders(c, { pageIndex: 4, previous: old });
    expect(r.catalog.pages.map((p) => p.headerElements[0])).toEqual([
      '<p>Summer 2026</p>',
      '<p>Summer 2026</p>',
      '<p>Spring 2026</p>',
      '<p>Maison Nord</p>',
      '<p>Summer 2026</p>',
    ]);
    expect(r.catalog.pages[1]!.headerElements).toEqual([
      '<p>Summer 2026</p>',
      '<p>New</p>',
      '<p>Maison Nord</p>',
    ]);
    // A one-piece header and slots with the same words are drawn differently: not similar.
    expect(
      findSimilarHeaders(c, { pageIndex: 4, previous: previous('<p>Spring 2026 Maison Nord</p>') }),
    ).toEqual([]);
  });

  it('matches nothing when the old header was empty, and never a cover', () => {
    const cover = { ...coverPage(), header: { properties: { html: '<p>Spring</p>' } } };
    const c = deepFreeze(
      makeCatalog([
        coverPage('front'),
        withHeader('a', ''),
        withHeader('b', '<p>Spring</p>'),
        withHeader('c', '<p>New</p>'),
        cover,
        backCoverPage(),
      ]),
    );
    expect(findSimilarHeaders(c, { pageIndex: 3, previous: previous('') })).toEqual([]);
    expect(findSimilarHeaders(c, { pageIndex: 3, previous: previous('<p> </p>', ['', '<br>', '']) })).toEqual(
      [],
    );
    expect(updateSimilarHeaders(c, { pageIndex: 3, previous: previous('') }).catalog).toBe(c);
    expect(findSimilarHeaders(c, { pageIndex: 3, previous: previous('Spring') })).toEqual([2]);
  });

  it('counts a picture in the header as content', () => {
    const logo = (src: string) => `<p><img src="${src}" alt=""></p>`;
    const c = makeCatalog([
      withHeader('a', logo('a.png')),
      withHeader('b', logo('b.png')),
      withHeader('c', ''),
    ]);
    expect(findSimilarHeaders(c, { pageIndex: 2, previous: previous(logo('a.png')) })).toEqual([0]);
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
