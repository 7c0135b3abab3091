import { describe, expect, it } from 'vitest';
import { coverPage, deepFreeze, makeCatalog, makeProduct, productPage } from '../commands/fixtures.ts';
import { createPage, getDefaultLayout } from '../layouts/index.ts';
import { CURRENT_SCHEMA_VERSION, CatalogSchema } from '../model/index.ts';
import {
  CatalogMigrationError,
  MIGRATIONS,
  migrateCatalog,
  upgradeDocument,
  type Migration,
} from './index.ts';

const current = () => {
  const c = makeCatalog(
    [
      coverPage(),
      {
        ...productPage('a', [
          makeProduct(1, {
            price: 12.5,
            variations: [{ id: 'v1', title: 'S', price: 12.5, options: ['S'] }],
            options: [{ name: 'Size', values: ['S'] }],
            images: [{ original: 'a.jpg' }],
            metafields: [{ namespace: 'custom', key: 'fabric', value: 'linen' }],
          }),
        ]),
        section: 'Shirts',
        header: { properties: { html: '<p>Spring</p>' } },
      },
      createPage({ layout: getDefaultLayout('wholesale-order-form'), id: 'form' }),
    ],
    {
      settings: { nbProductsPage: 4, reorganize_automatically: true },
      replacements: [{ source: 'USD', target: '$' }],
    },
  );
  return CatalogSchema.parse(JSON.parse(JSON.stringify(c)));
};

describe('MIGRATIONS', () => {
  it('has one step for each version below the current one, in order', () => {
    expect(MIGRATIONS.map((m) => m.from)).toEqual(
      Array.from({ length: CURRENT_SCHEMA_VERSION }, (_, i) => i),
    );
  });
});

describe('migrateCatalog', () => {
  it('passes a current document through unchanged', () => {
    const doc = current();
    expect(doc.schemaVersion).toBe(CURRENT_SCHEMA_VERSION);
    expect(migrateCatalog(JSON.parse(JSON.stringify(doc)))).toEqual(doc);
  });

  it('never changes the stored document it reads', () => {
    const stored = deepFreeze({
      _id: 'x',
      pages: [{ elements: [{ type: 'product', properties: { price: '3' } }] }],
    });
    expect(() => migrateCatalog(stored)).not.toThrow();
    expect(stored.pages[0]!.elements[0]!.properties.price).toBe('3');
  });

  it('is idempotent: migrating a migrated catalog gives the same catalog', () => {
    const legacy = {
      _id: 'x',
      pages: [{ elements: [{ type: 'product', properties: { title: 'A', price: '3,50' } }] }],
    };
    const once = migrateCatalog(legacy);
    expect(migrateCatalog(JSON.parse(JSON.stringify(once)))).toEqual(once);
  });

  it('refuses documents newer than this code and things that are not documents', () => {
    expect(() => migrateCatalog({ _id: 'x', schemaVersion: CURRENT_SCHEMA_VERSION + 1 })).toThrow(
      new CatalogMigrationError(
        `Catalog schema version ${CURRENT_SCHEMA_VERSION + 1} is newer than this application supports (${CURRENT_SCHEMA_VERSION})`,
      ),
    );
    expect(() => migrateCatalog('[]')).toThrow(CatalogMigrationError);
    expect(() => migrateCatalog(null)).toThrow('A catalog document must be a JSON object');
  });
});

describe('upgradeDocument', () => {
  const steps: Migration[] = [
    { from: 0, description: 'a', up: (d) => ({ ...d, a: 1 }) },
    { from: 1, description: 'b', up: (d) => ({ ...d, b: (d.a as number) + 1 }) },
  ];

  it('runs each needed step in order and records the version reached', () => {
    expect(upgradeDocument({}, steps, 2)).toEqual({ a: 1, b: 2, schemaVersion: 2 });
    expect(upgradeDocument({ schemaVersion: 1, a: 5 }, steps, 2)).toEqual({ a: 5, b: 6, schemaVersion: 2 });
    expect(upgradeDocument({ schemaVersion: 2, a: 0 }, steps, 2)).toEqual({ schemaVersion: 2, a: 0 });
  });

  it('fails clearly when a step is missing', () => {
    expect(() => upgradeDocument({}, [steps[1]!], 2)).toThrow('No migration from catalog schema version 0');
  });
});
