import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CatalogPageView, createRenderContext, renderCatalogHtml } from './index.ts';
import { CatalogBuilder, product } from './test-fixtures.ts';

// Intl writes a no-break space between the amount and the currency sign.
const NBSP = '\u00a0';

function germanCatalog(language: string) {
  const b = new CatalogBuilder();
  b.grid([product(0, { price: 1234.5, iso_currency_code: 'EUR' })], 1);
  b.page('table');
  return b.build({ settings: { language }, priceTemplate: '<p class="price">[PRICE_FULL]</p>' });
}

describe('catalog language and number locale', () => {
  it('writes prices in a German catalog the German way, although its generated text is English', () => {
    const catalog = germanCatalog('de');
    const ctx = createRenderContext(catalog);
    expect(ctx.language).toBe('en');
    expect(ctx.locale).toBe('de');
    const grid = renderToStaticMarkup(<CatalogPageView catalog={catalog} pageIndex={0} />);
    expect(grid).toContain(`<p class="price">1.234,50${NBSP}€</p>`);
    expect(grid).not.toContain('€1,234.50');
    // Table pages format prices through the same locale.
    const table = renderToStaticMarkup(<CatalogPageView catalog={catalog} pageIndex={1} />);
    expect(table).toContain(`1.234,50${NBSP}€`);
  });

  it('keeps each language’s own separators (Spanish in Spain and Mexico) and English and French as before', () => {
    const big = (language: string) => {
      const b = new CatalogBuilder();
      b.grid([product(0, { price: 12345.5, iso_currency_code: 'EUR' })], 1);
      const catalog = b.build({ settings: { language }, priceTemplate: '<p class="price">[PRICE]</p>' });
      return renderToStaticMarkup(<CatalogPageView catalog={catalog} pageIndex={0} />);
    };
    expect(big('es')).toContain('<p class="price">12.345,50</p>');
    expect(big('es-MX')).toContain('<p class="price">12,345.50</p>');
    expect(big('en')).toContain('<p class="price">12,345.50</p>');
    expect(big('fr')).toMatch(/<p class="price">12\u202f345,50<\/p>/);
  });

  it('declares the catalog language on the document', () => {
    expect(renderCatalogHtml(germanCatalog('de'))).toMatch(/^<!doctype html>\n<html lang="de">/);
  });
});
