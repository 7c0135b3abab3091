import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { pageBands, showsHeadersFooters } from './geometry.ts';
import { CatalogPageView } from './index.ts';
import { CatalogBuilder, product } from './test-fixtures.ts';

/** A catalog with an index page, a table of contents and a product grid, all with header and footer text. */
function catalogOfVersion(version: number) {
  const b = new CatalogBuilder();
  b.page('table-of-contents', { kind: 'index' });
  b.page('table-of-contents');
  b.grid([product(0)], 4);
  return b.build({ version });
}

describe('headers on index pages by catalog version (SPEC §3 Catalog.version)', () => {
  it('leaves the header and footer off index and contents pages of catalogs before version 4', () => {
    for (const version of [1, 2, 3]) {
      const catalog = catalogOfVersion(version);
      expect(
        catalog.pages.map((p) => showsHeadersFooters(p, catalog)),
        `version ${version}`,
      ).toEqual([false, false, true]);
      expect(pageBands(catalog.pages[0]!, catalog).inner).toEqual({ top: 0, height: 1 });
      const index = renderToStaticMarkup(<CatalogPageView catalog={catalog} pageIndex={0} />);
      expect(index).not.toContain('cb-header');
      expect(index).not.toContain('Spring 2026');
      expect(index).toContain('class="cb-inner" style="top:0%;height:100%"');
    }
  });

  it('shows them from version 4 on, like on every other inner page', () => {
    for (const version of [4, 5]) {
      const catalog = catalogOfVersion(version);
      expect(catalog.pages.map((p) => showsHeadersFooters(p, catalog))).toEqual([true, true, true]);
      const index = renderToStaticMarkup(<CatalogPageView catalog={catalog} pageIndex={0} />);
      expect(index).toContain('class="cb-band cb-header" style="top:0%;height:5%"');
      expect(index).toContain('<p>Spring 2026</p>');
      expect(index).toContain('class="cb-inner" style="top:5%;height:90%"');
    }
  });
});
