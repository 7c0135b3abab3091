import { describe, expect, it } from 'vitest';
import { createPage, getDefaultLayout } from '../layouts/index.ts';
import { coverPage, makeCatalog, makeProduct, productPage } from '../commands/fixtures.ts';
import { checkPlanLimits, countPages, countProducts } from './index.ts';

const limits = (over: Partial<{ pages: number; products: number; wholesale: boolean }> = {}) => ({
  max_pages_per_catalog: over.pages ?? 10,
  max_products_per_catalog: over.products ?? 10,
  wholesale_features: over.wholesale ?? true,
});

const flow = () => {
  const page = createPage({ layout: getDefaultLayout('products'), kind: 'flow', id: 'flow' });
  return { ...page, elements: productPage('x', [makeProduct(7), makeProduct(8)]).elements.slice(0, 2) };
};

const catalog = makeCatalog([
  coverPage(),
  productPage(
    'a',
    [1, 2, 3].map((n) => makeProduct(n)),
  ),
  productPage('b', [makeProduct(1)]),
  flow(),
]);

describe('countProducts and countPages', () => {
  it('count product elements on every page, flow pages and repeats included, and every page', () => {
    expect(countProducts(catalog)).toBe(6);
    expect(countPages(catalog)).toBe(4);
    expect(countProducts(makeCatalog([]))).toBe(0);
  });
});

describe('checkPlanLimits', () => {
  it('lets a catalog within its plan be saved', () => {
    expect(checkPlanLimits(catalog, limits({ pages: 4, products: 6 }))).toEqual({ ok: true });
  });

  it('blocks too many pages with the exact message', () => {
    expect(checkPlanLimits(catalog, limits({ pages: 3 }))).toEqual({
      ok: false,
      message: 'Max Pages Limit Reached (4/3)',
      violations: [{ code: 'max_pages', message: 'Max Pages Limit Reached (4/3)', count: 4, limit: 3 }],
    });
  });

  it('blocks too many products with the exact message', () => {
    const r = checkPlanLimits(catalog, limits({ products: 5 }));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.message).toBe('Max Products Limit Reached (6/5)');
  });

  it('blocks wholesale contracts and order forms without the wholesale feature', () => {
    const wholesale = makeCatalog([
      createPage({ layout: getDefaultLayout('wholesale-contract') }),
      createPage({ layout: getDefaultLayout('wholesale-order-form') }),
    ]);
    const r = checkPlanLimits(wholesale, limits({ wholesale: false }));
    expect(r).toEqual({
      ok: false,
      message: 'Your catalog has a wholesale contract. You need to upgrade to use wholesale contracts.',
      violations: [
        {
          code: 'wholesale_contract',
          message: 'Your catalog has a wholesale contract. You need to upgrade to use wholesale contracts.',
        },
        {
          code: 'wholesale_order_form',
          message:
            'Your catalog has wholesale order forms. You need to upgrade to use wholesale order forms.',
        },
      ],
    });
    const formOnly = makeCatalog([createPage({ layout: getDefaultLayout('wholesale-order-form') })]);
    const f = checkPlanLimits(formOnly, limits({ wholesale: false }));
    expect(!f.ok && f.message).toBe(
      'Your catalog has wholesale order forms. You need to upgrade to use wholesale order forms.',
    );
    expect(checkPlanLimits(wholesale, limits({ wholesale: true }))).toEqual({ ok: true });
  });

  it('reports pages first when several limits are exceeded', () => {
    const r = checkPlanLimits(catalog, limits({ pages: 1, products: 1, wholesale: false }));
    expect(!r.ok && r.violations.map((v) => v.code)).toEqual(['max_pages', 'max_products']);
    expect(!r.ok && r.message).toBe('Max Pages Limit Reached (4/1)');
  });
});
