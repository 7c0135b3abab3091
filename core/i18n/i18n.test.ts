import { describe, expect, it } from 'vitest';
import { getT, normalizeLanguage, resources } from './index.ts';

describe('i18n', () => {
  it('falls back to English for unknown languages', () => {
    expect(normalizeLanguage('de-DE')).toBe('en');
    expect(normalizeLanguage('fr-CA')).toBe('fr');
  });

  it('has the same keys in English and French for every namespace', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`],
      );
    for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
      expect(keys(resources.fr[ns]).sort(), ns).toEqual(keys(resources.en[ns]).sort());
    }
  });

  it("counts the merchant's orders in the singular for one (and, in French, for none)", () => {
    const en = getT('en', 'viewer');
    expect(en('orders.cycle', { count: 1, max: 500 })).toBe('1 order this month, of 500 your plan allows.');
    expect(en('orders.cycleUnlimited', { count: 2 })).toBe('2 orders this month.');
    const fr = getT('fr', 'viewer');
    expect(fr('orders.cycleUnlimited', { count: 0 })).toBe('0 commande ce mois-ci.');
    expect(fr('orders.cycleUnlimited', { count: 3 })).toBe('3 commandes ce mois-ci.');
  });

  it("counts the dashboard's catalogs and products in the singular for one (and, in French, for none)", () => {
    const en = getT('en', 'catalogs');
    expect(en('dashboard.catalogCount', { count: 1 })).toBe('1 catalog');
    expect(en('dashboard.catalogCount', { count: 0 })).toBe('0 catalogs');
    expect(en('dashboard.productCount', { count: 1 })).toBe('1 product');
    expect(en('dashboard.productCount', { count: 12 })).toBe('12 products');
    const fr = getT('fr', 'catalogs');
    expect(fr('dashboard.catalogCount', { count: 0 })).toBe('0 catalogue');
    expect(fr('dashboard.catalogCount', { count: 2 })).toBe('2 catalogues');
    expect(fr('dashboard.productCount', { count: 1 })).toBe('1 produit');
    expect(fr('dashboard.productCount', { count: 12 })).toBe('12 produits');
  });

  it('keeps the trial watermark text of SPEC §6 in every language', () => {
    expect(getT('en', 'render')('watermark')).toBe(
      'PLEASE UPGRADE TO REMOVE THIS WATERMARK AND DOWNLOAD YOUR PDF',
    );
    expect(getT('fr', 'render')('watermark')).toBe(
      'PLEASE UPGRADE TO REMOVE THIS WATERMARK AND DOWNLOAD YOUR PDF',
    );
  });
});
