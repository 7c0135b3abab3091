import { performance } from 'node:perf_hooks';
import { parseProductCsv, toCsv } from '../core/csv/index.ts';
import type { ListingInput } from '../core/model/index.ts';
import { users } from '../db/schema.ts';
import { createListings } from '../server/listings/index.ts';
import { openTestDatabase } from '../scripts/testing/database.ts';

/**
 * DESIGN §13 'Import: 10,000 CSV rows validated and stored within 5 s (image downloads excluded)'. A file in
 * our own format is generated (a quarter of the products with three variations), read and validated by
 * core/csv as the import endpoint does, then stored by the listings service the API calls, into a fresh
 * database: embedded PGlite, or a new database on the server of DATABASE_URL. A second import of the same
 * file measures the update path (every row already there).
 */

export const IMPORT_BENCH_ROWS = 10_000;
export const IMPORT_BUDGET_MS = 5_000;

const CATEGORIES = ['Shirts', 'Shoes', 'Hats', 'Bags', 'Jewelry', 'Home', 'Kitchen', 'Toys'];

export function generateProducts(count: number): ListingInput[] {
  return Array.from({ length: count }, (_, i) => {
    const n = String(i + 1).padStart(5, '0');
    const withVariations = i % 4 === 0;
    return {
      title: `Product ${n} ${CATEGORIES[i % CATEGORIES.length]}`,
      description: `<p>Product number ${n}, a sturdy everyday item with a long description line.</p>`,
      price: 5 + (i % 200) + 0.99,
      compare_at_price: i % 3 === 0 ? 10 + (i % 200) : null,
      category: CATEGORIES[i % CATEGORIES.length],
      vendor: `Vendor ${i % 50}`,
      sku: `SKU-${n}`,
      barcode: null,
      stock: i % 7,
      status: i % 10 === 0 ? 'DRAFT' : 'ACTIVE',
      main_image: `https://cdn.example.com/products/${n}.jpg`,
      images: [
        { original: `https://cdn.example.com/products/${n}.jpg` },
        { original: `https://cdn.example.com/products/${n}-b.jpg` },
      ],
      options: withVariations ? [{ name: 'Size', values: ['S', 'M', 'L'] }] : [],
      variations: withVariations
        ? ['S', 'M', 'L'].map((size, k) => ({
            id: `${n}-${size}`,
            title: size,
            sku: `SKU-${n}-${size}`,
            price: 5 + (i % 200) + k,
            stock: k + 1,
            options: [size],
          }))
        : [],
    };
  });
}

export type ImportBenchResult = {
  rows: number;
  fileBytes: number;
  parseMs: number;
  storeMs: number;
  totalMs: number;
  reimportMs: number;
  created: number;
  updated: number;
  database: string;
};

export async function benchImport(rows = IMPORT_BENCH_ROWS): Promise<ImportBenchResult> {
  const csv = toCsv(generateProducts(rows));
  const database = await openTestDatabase();
  try {
    const [user] = await database.db.insert(users).values({ email: 'bench@example.com' }).returning();
    const importOnce = async () => {
      const t0 = performance.now();
      const parsed = parseProductCsv(csv);
      if (parsed.errors.length)
        throw new Error(`The generated file has problems: ${parsed.errors[0]!.message}`);
      const t1 = performance.now();
      const stored = await createListings({ db: database.db, ownerId: user!.id, listings: parsed.listings });
      const t2 = performance.now();
      return { parseMs: t1 - t0, storeMs: t2 - t1, stored, listings: parsed.listings.length };
    };
    const first = await importOnce();
    if (first.listings !== rows) throw new Error(`Expected ${rows} products, read ${first.listings}`);
    const again = await importOnce();
    return {
      rows,
      fileBytes: Buffer.byteLength(csv),
      parseMs: first.parseMs,
      storeMs: first.storeMs,
      totalMs: first.parseMs + first.storeMs,
      reimportMs: again.parseMs + again.storeMs,
      created: first.stored.created,
      updated: again.stored.updated,
      database: database.kind,
    };
  } finally {
    await database.close();
  }
}

export async function main(): Promise<void> {
  const r = await benchImport();
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  console.log(
    [
      `import: ${r.rows.toLocaleString('en')} CSV rows (${(r.fileBytes / 1e6).toFixed(1)} MB) on ${r.database}`,
      `  read and validated   ${s(r.parseMs)}`,
      `  stored (${r.created} new)  ${s(r.storeMs)}`,
      `  total                ${s(r.totalMs)}  (budget ${s(IMPORT_BUDGET_MS)}: ${r.totalMs <= IMPORT_BUDGET_MS ? 'within' : 'OVER'})`,
      `  same file again      ${s(r.reimportMs)}  (${r.updated} updated)`,
    ].join('\n'),
  );
}

if (import.meta.url === `file://${process.argv[1]}`) await main();
