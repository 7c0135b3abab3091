import { readFileSync } from 'node:fs';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resolveLocalImages } from '../../core/csv/index.ts';
import type { Listing } from '../../core/model/index.ts';
import { extdataPath } from '../../scripts/testing/extdata.ts';
import { withoutPictures } from '../components/listings-panel/import-pictures.ts';
import { registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

type Client = Awaited<ReturnType<typeof registeredClient>>;
let server: TestServer;
let alice: Client;
let account: string;

// Bytes, not text: the WooCommerce export starts with a byte order mark, as uploaded files do.
const extdata = (name: string) => readFileSync(extdataPath(name));

beforeAll(async () => {
  server = await startTestServer();
  alice = await registeredClient(server.url, 'importer@example.com');
  account = (await (await alice.get('/api/v1/accounts')).json()).data[0].id;
});
afterAll(() => server?.close());

const upload: Client['upload'] = (...args) => alice.upload(...args);
const review = (text: string | Uint8Array, name = 'products.csv', fields?: Record<string, string>) =>
  upload('/api/v1/listings/import', [{ field: 'file', name, body: text }], fields);

async function importFile(name: string) {
  const r = await review(extdata(name), name);
  expect(r.status).toBe(200);
  const stored = await alice.post('/api/v1/listings', r.body.listings);
  expect(stored.status).toBe(200);
  return { review: r.body, stored: await stored.json() };
}

async function storedListings() {
  return (await (await alice.get(`/api/v1/accounts/${account}/listings?page=-1`)).json()) as {
    total: number;
    data: { title: string; external_id: string; variations: unknown[]; images: unknown[]; source: string }[];
  };
}
const variationCount = (data: { variations: unknown[] }[]) =>
  data.reduce((n, l) => n + l.variations.length, 0);

describe('CSV import of real store exports (../shared/extdata)', () => {
  it('imports the Shopify apparel export: 20 products, 3 variants', async () => {
    const { review: r, stored } = await importFile('shopify-partners-apparel.csv');
    expect([r.format, r.rowCount, r.listings.length, r.localImages, r.warnings]).toEqual([
      'shopify',
      22,
      20,
      [],
      [],
    ]);
    expect(stored).toMatchObject({ created: 20, updated: 0, count: 20 });
    const all = await storedListings();
    expect(all.total).toBe(20);
    expect(variationCount(all.data)).toBe(3);
    expect(all.data.every((l) => l.source === 'csv')).toBe(true);
    expect(all.data.find((l) => l.external_id === 'shopify:ocean-blue-shirt')?.title).toBe(
      'Ocean Blue Shirt',
    );
  });

  it('updates rather than duplicates when the same file is imported again', async () => {
    const { stored } = await importFile('shopify-partners-apparel.csv');
    expect(stored).toMatchObject({ created: 0, updated: 20, count: 20 });
    expect((await storedListings()).total).toBe(20);
  });

  it('imports the Shopify jewelry export (CRLF, quoted line breaks): 20 products, 6 variants, 41 images', async () => {
    const { review: r, stored } = await importFile('shopify-partners-jewelery.csv');
    expect([r.format, r.rowCount, r.listings.length]).toEqual(['shopify', 41, 20]);
    expect(stored).toMatchObject({ created: 20, updated: 0 });
    const jewelry = (await storedListings()).data.filter((l) =>
      r.listings.some((x: { external_id: string }) => x.external_id === l.external_id),
    );
    expect(jewelry).toHaveLength(20);
    expect(variationCount(jewelry)).toBe(6);
    expect(jewelry.reduce((n, l) => n + l.images.length, 0)).toBe(41);
  });

  it('imports the WooCommerce sample: 18 products, 7 variations', async () => {
    const { review: r, stored } = await importFile('woocommerce-sample_products.csv');
    expect([r.format, r.rowCount, r.listings.length]).toEqual(['woocommerce', 25, 18]);
    expect(stored).toMatchObject({ created: 18, updated: 0 });
    const all = await storedListings();
    expect(all.total).toBe(58);
    const woo = all.data.filter((l) => l.external_id.startsWith('woocommerce:'));
    expect(variationCount(woo)).toBe(7);
    const hoodie = (await (await alice.get(`/api/v1/accounts/${account}/listings?keywords=hoodie`)).json())
      .data;
    expect(hoodie.map((l: { title: string }) => l.title)).toEqual([
      'Hoodie',
      'Hoodie with Logo',
      'Hoodie with Pocket',
      'Hoodie with Zipper',
    ]);
  });
});

describe('CSV rules (SPEC §5) answer 400 with the exact message and where', () => {
  it("refuses a file without a product line: The file doesn't have enough lines", async () => {
    for (const text of ['', 'title,price,category,image\n']) {
      expect(await review(text)).toEqual({
        status: 400,
        body: {
          error: 'invalid',
          message: "The file doesn't have enough lines",
          details: [
            {
              code: 'not_enough_lines',
              message: "The file doesn't have enough lines",
              text: { key: 'notEnoughLines' },
              line: 1,
              column: null,
              columnName: null,
            },
          ],
        },
      });
    }
  });

  it('names the missing required columns, with the headers to map them from', async () => {
    const r = await review('Title,Price\nShirt,10\n');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('The following columns are missing: category, image');
    expect(r.body.details[0]).toMatchObject({
      code: 'missing_columns',
      line: 1,
      headers: ['Title', 'Price'],
      columns: { title: 'Title', price: 'Price' },
    });
  });

  it('refuses two products with the same name, pointing at the second', async () => {
    const r = await review(
      'title,price,category,image\nShirt,10,Tops,https://x.y/a.jpg\n shirt ,12,Tops,https://x.y/b.jpg\n',
    );
    expect(r.status).toBe(400);
    expect(r.body.message).toBe("You can't have two products with the same name in your CSV file.");
    expect(r.body.details).toEqual([
      {
        code: 'duplicate_title',
        message: "You can't have two products with the same name in your CSV file.",
        text: { key: 'duplicateTitle' },
        line: 3,
        column: 1,
        columnName: 'title',
        value: 'shirt',
        hint: 'first on line 2',
      },
    ]);
  });

  it('refuses a value that is not a price, with its line and column', async () => {
    const r = await review('title,price,category,image\nShirt,abc,Tops,https://x.y/a.jpg\n');
    expect(r.status).toBe(400);
    // One sentence that says where: the API's message is read without its details by simple clients.
    expect(r.body.message).toBe('Line 2, column price: "abc" is not a price');
    expect(r.body.details[0]).toMatchObject({ line: 2, column: 2, columnName: 'price', value: 'abc' });
  });

  it('strips price marks, lists local images and warns about unknown columns', async () => {
    const r = await review(
      'Title,Price,Category,Image,Colour\nShirt,$12.50,Tops,https://x.y/a.jpg;shirt-back.png,red\nCap,12€,Hats,photos\\cap.JPG,blue\n',
    );
    expect(r.status).toBe(200);
    expect(r.body.listings.map((l: { title: string; price: number }) => [l.title, l.price])).toEqual([
      ['Shirt', 12.5],
      ['Cap', 12],
    ]);
    expect(r.body.localImages).toEqual(['shirt-back.png', 'photos\\cap.JPG']);
    expect(r.body.warnings).toEqual([
      expect.objectContaining({
        code: 'unknown_column',
        line: 1,
        column: 5,
        columnName: 'Colour',
        // The words a client says in its own language.
        text: { key: 'unknownColumn', params: { name: 'Colour' } },
      }),
    ]);
  });

  it('reads files saved as Windows-1252 and applies the currency asked for', async () => {
    const latin1 = Uint8Array.from(
      Buffer.from('title,price,category,image\nCafé crème,4,Drinks,https://x.y/c.jpg\n', 'latin1'),
    );
    const r = await review(latin1, 'excel.csv', { currency: 'eur' });
    expect(r.body.listings[0]).toMatchObject({ title: 'Café crème', iso_currency_code: 'EUR' });
    // 0x80 is € in Windows-1252 (Latin-1 would make it a control character).
    const euro = Uint8Array.from([
      ...Buffer.from('title,price,category,image\nTasse ', 'latin1'),
      0x80,
      ...Buffer.from(' 5,5,Mugs,https://x.y/t.jpg\n', 'latin1'),
    ]);
    expect((await review(euro, 'euro.csv')).body.listings[0].title).toBe('Tasse € 5');
  });

  it('answers 413 for a file over 10 MB and 400 without a file', async () => {
    const big = `title,price,category,image\n${'x'.repeat(10 * 1024 * 1024)}\n`;
    expect(await review(big)).toEqual({
      status: 413,
      body: { error: 'too_large', message: 'The file is larger than 10 MB.' },
    });
    expect((await upload('/api/v1/listings/import', [], { note: 'no file' })).body).toEqual({
      error: 'invalid',
      message: 'Choose a CSV file to import.',
    });
    const notMultipart = await alice.post('/api/v1/listings/import', { file: 'x' });
    expect(notMultipart.status).toBe(415);
  });
});

describe('importing a file again without uploading its pictures', () => {
  const csv = (price: number) =>
    [
      'title,price,category,image',
      `Knit Scarf,${price},Accessories,scarf.png;https://cdn.example.com/scarf-2.jpg`,
      `Wool Hat,${price},Accessories,hat.png`,
    ].join('\n');
  /** What the wizard posts: the pictures uploaded swapped in, the others left out and named. */
  async function importWith(text: string, uploads: Record<string, string>) {
    const r = await review(text);
    expect(r.status).toBe(200);
    const resolved = resolveLocalImages(r.body.listings as Listing[], uploads);
    const listings = withoutPictures(resolved.listings as Listing[], new Set(resolved.missing));
    const stored = await alice.post('/api/v1/listings', listings);
    expect(stored.status).toBe(200);
    return stored.json();
  }
  const byTitle = async () =>
    Object.fromEntries(
      (
        (await (await alice.get(`/api/v1/accounts/${account}/listings?page=-1`)).json()).data as Listing[]
      ).map((l) => [l.title, l]),
    );

  it('keeps the pictures uploaded the first time, and updates the rest', async () => {
    const png = await sharp({ create: { width: 4, height: 4, channels: 3, background: '#884422' } })
      .png()
      .toBuffer();
    const uploaded = await upload('/api/v1/listings/import/images', [
      { field: 'files', name: 'scarf.png', body: new Uint8Array(png), type: 'image/png' },
    ]);
    const scarfUrl = uploaded.body.data[0].url as string;
    expect(await importWith(csv(20), { 'scarf.png': scarfUrl })).toMatchObject({ created: 2 });
    const first = await byTitle();
    expect(first['Knit Scarf']!.images.map((i) => i.original)).toEqual([
      scarfUrl,
      'https://cdn.example.com/scarf-2.jpg',
    ]);
    // hat.png was not uploaded: left out, and the hat has no picture.
    expect(first['Wool Hat']!.images).toEqual([]);

    // Again, with a new price, skipping the picture step.
    expect(await importWith(csv(25), {})).toMatchObject({ created: 0, updated: 2 });
    const again = await byTitle();
    expect(again['Knit Scarf']).toMatchObject({ price: 25, main_image: scarfUrl });
    expect(again['Knit Scarf']!.images.map((i) => i.original)).toEqual([
      scarfUrl,
      'https://cdn.example.com/scarf-2.jpg',
    ]);
    expect(again['Wool Hat']).toMatchObject({ price: 25, images: [], main_image: null });
  });

  it('a file that changes a picture it names by address still changes it', async () => {
    const text = (image: string) => `title,price,category,image\nLinen Scarf,9,Accessories,${image}`;
    await importWith(text('https://cdn.example.com/linen-1.jpg'), {});
    await importWith(text('https://cdn.example.com/linen-2.jpg'), {});
    const listings = (await (await alice.get(`/api/v1/accounts/${account}/listings?keywords=linen`)).json())
      .data as Listing[];
    expect(listings.map((l) => l.main_image)).toEqual(['https://cdn.example.com/linen-2.jpg']);
  });
});

describe('European spreadsheets and the column mapping', () => {
  /** A merchant's own price list as a French Excel saves it: semicolons, decimal commas, Windows-1252. */
  const FRENCH = Uint8Array.from(
    Buffer.from(
      [
        'Référence;Désignation;Prix TTC (€);Rayon;Visuel;Stock',
        'CH-01;Chemise lin;12,50;Chemises;https://cdn.example.fr/chemise.jpg;1.200',
        'MA-02;Manteau laine;1.234,56;Manteaux;https://cdn.example.fr/manteau.jpg;3',
        '',
      ]
        .join('\r\n')
        .replace('€', '\u0080'),
      'latin1',
    ),
  );
  const MAPPING = {
    sku: 'Référence',
    title: 'Désignation',
    price: 'Prix TTC (€)',
    category: 'Rayon',
    image: 'Visuel',
    stock: 'Stock',
  };

  it('offers the mapping, reads the file through it, and applies it again to the next file', async () => {
    const carol = await registeredClient(server.url, 'mapping@example.com');
    const send = (fields?: Record<string, string>) =>
      carol.upload('/api/v1/listings/import', [{ field: 'file', name: 'tarifs.csv', body: FRENCH }], fields);

    const first = await send();
    expect(first.status).toBe(400);
    expect(first.body.message).toBe('The following columns are missing: title, price, category, image');
    expect(first.body.details).toEqual([
      expect.objectContaining({
        code: 'missing_columns',
        headers: ['Référence', 'Désignation', 'Prix TTC (€)', 'Rayon', 'Visuel', 'Stock'],
        columns: { stock: 'Stock' },
      }),
    ]);

    const mapped = await send({ columns: JSON.stringify(MAPPING) });
    expect(mapped.status).toBe(200);
    expect(mapped.body).toMatchObject({ columnsFrom: 'request', columns: MAPPING });
    expect(mapped.body.listings.map((l: Listing) => [l.sku, l.title, l.price, l.category, l.stock])).toEqual([
      ['CH-01', 'Chemise lin', 12.5, 'Chemises', 1200],
      ['MA-02', 'Manteau laine', 1234.56, 'Manteaux', 3],
    ]);

    // The next file with these headers needs no mapping step: the remembered one applies, and says so.
    const again = await send();
    expect(again.status).toBe(200);
    expect(again.body).toMatchObject({ columnsFrom: 'saved', columns: MAPPING });
    expect(again.body.listings).toHaveLength(2);

    // A file with our own names is read by them, whatever was remembered.
    const ours = await carol.upload('/api/v1/listings/import', [
      { field: 'file', name: 'p.csv', body: 'title,price,category,image\nShirt,1,X,https://x.y/a.jpg\n' },
    ]);
    expect(ours.body).toMatchObject({ columnsFrom: 'names', columns: { title: 'title' } });

    // Remembered per merchant: another one still gets the mapping step.
    expect((await review(FRENCH, 'tarifs.csv')).status).toBe(400);
  });

  it('refuses a mapping that is not a JSON object of our fields', async () => {
    for (const columns of ['{"title":', '{"colour":"Couleur"}', '["title"]']) {
      const r = await review(FRENCH, 'tarifs.csv', { columns });
      expect(r.status, columns).toBe(400);
      expect(r.body.message).toMatch(/^columns must be a JSON object/);
    }
  });

  it('says once that a picture renamed .csv is not a CSV file', async () => {
    const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: '#3366aa' } })
      .jpeg()
      .toBuffer();
    const r = await review(new Uint8Array(jpeg), 'photo.csv');
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('This file is not a CSV file');
    expect(r.body.details).toHaveLength(1);
  });

  it('says where a value is too long for its column, in one sentence', async () => {
    const r = await review(`title;price;category;image\n${'T'.repeat(801)};1;X;https://x.y/a.jpg\n`);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe(
      'Line 2, column title: This value has 801 characters; at most 800 fit in this column',
    );
    expect(r.body.details).toEqual([
      expect.objectContaining({ code: 'too_long', line: 2, column: 1, columnName: 'title' }),
    ]);
  });
});
