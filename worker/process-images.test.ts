import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, loadCatalogById } from '../server/catalogs/index.ts';
import { createListings, getListing } from '../server/listings/index.ts';
import { keyFromUrl } from '../server/files/index.ts';
import { isProductElement } from '../core/model/index.ts';
import { eq } from 'drizzle-orm';
import { jobs as jobsTable, users } from '../db/schema.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import type { JobView } from '../server/jobs/index.ts';

// SPEC §4 'Product images compress in a queue', §8 'Image conversion failure: logged only; item removed'.
let server: TestServer;
let shop: http.Server;
let shopUrl: string;
let ownerId: string;

beforeAll(async () => {
  const webp = await sampleProductImage(1, 1600, 'webp');
  const png = await sampleProductImage(2, 700, 'png');
  const jpeg = await sampleProductImage(3, 3000, 'jpeg');
  shop = http.createServer((req, res) => {
    const body = {
      '/a.webp': webp,
      '/b.png': png,
      '/c.jpg': jpeg,
      '/not-an-image.jpg': Buffer.from('<html>'),
    }[req.url ?? ''];
    if (body) res.writeHead(200).end(body);
    else res.writeHead(404).end();
  });
  await new Promise<void>((r) => shop.listen(0, '127.0.0.1', r));
  shopUrl = `http://127.0.0.1:${(shop.address() as AddressInfo).port}`;
  // On BullMQ when REDIS_URL is set (CI's job suite), on the database runner otherwise.
  const env: Record<string, string> = process.env.REDIS_URL ? { REDIS_URL: process.env.REDIS_URL } : {};
  server = await startTestServer(env, {
    worker: { pollMs: 50, fetchOptions: { allowPrivateAddresses: true } },
  });
  const [user] = await server.runtime.db.insert(users).values({ email: 'images@example.com' }).returning();
  ownerId = user!.id;
});
afterAll(async () => {
  await server?.close();
  await new Promise((r) => shop?.close(r));
});

async function finished(jobId: string): Promise<JobView> {
  for (let i = 0; i < 600; i++) {
    const job = await server.runtime.jobs.getJob({ jobId });
    if (job && (job.state === 'complete' || job.state === 'failed')) return job;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the job did not finish');
}

async function stored(url: string | null) {
  const key = keyFromUrl(url ?? '');
  expect(key).not.toBeNull();
  const body = await server.runtime.storage.get(key!);
  return sharp(body!).metadata();
}

describe('process-images', () => {
  it('converts, compresses and thumbnails listing pictures; a broken one is logged and skipped', async () => {
    const { listings } = await createListings({
      db: server.runtime.db,
      ownerId,
      listings: [
        {
          title: 'Webp product',
          main_image: `${shopUrl}/a.webp`,
          images: [{ original: `${shopUrl}/a.webp` }, { original: `${shopUrl}/b.png` }],
        },
        {
          title: 'Large JPEG with a broken extra picture',
          main_image: `${shopUrl}/c.jpg`,
          images: [{ original: `${shopUrl}/c.jpg` }, { original: `${shopUrl}/missing.jpg` }],
        },
        { title: 'Not an image', main_image: `${shopUrl}/not-an-image.jpg` },
      ],
    });
    const job = await server.runtime.jobs.enqueue('process-images', {
      target: 'listings',
      ownerId,
      listingIds: listings.map((l) => l.id),
    });
    const done = await finished(job.id);
    expect(done.state).toBe('complete');
    const result = done.result as { processed: number; failed: { url: string }[] };
    expect(result.failed.map((f) => f.url).sort()).toEqual([
      `${shopUrl}/missing.jpg`,
      `${shopUrl}/not-an-image.jpg`,
    ]);

    const a = await getListing({ db: server.runtime.db, ownerId, listingId: listings[0]!.id });
    const main = await stored(a.compressed_image);
    expect(main.format).toBe('jpeg');
    // Without a cell, the default grid's: 2550 / 3 by 3300 / 3 (SPEC §9), never enlarged.
    expect(main.width).toBe(850);
    expect(main.height).toBe(850);
    expect((await stored(a.thumbnail_image)).width).toBe(320);
    expect(a.images[1]!.compressed).toMatch(/^\/files\/img\//);
    expect((await stored(a.images[1]!.compressed)).format).toBe('jpeg');

    const c = await getListing({ db: server.runtime.db, ownerId, listingId: listings[1]!.id });
    expect((await stored(c.compressed_image)).width).toBe(850);
    expect(c.images[1]!.compressed).toBeNull();

    const broken = await getListing({ db: server.runtime.db, ownerId, listingId: listings[2]!.id });
    expect(broken.compressed_image).toBeNull();
  });

  it("compresses a catalog's products for their cells and draws page images and thumbnails", async () => {
    const doc = sampleCatalog({
      products: 3,
      perPage: 2,
      imageUrl: (i) => `${shopUrl}/${['a.webp', 'b.png', 'c.jpg'][i]}`,
    });
    const { catalog } = await createCatalog({ db: server.runtime.db, ownerId, input: { catalog: doc } });
    const job = await server.runtime.jobs.enqueue('process-images', {
      target: 'catalog',
      catalogId: catalog._id,
    });
    const done = await finished(job.id);
    expect(done.state).toBe('complete');
    expect(done.progress).toEqual({ done: 4, total: 4 });

    const after = (await loadCatalogById({ db: server.runtime.db, catalogId: catalog._id }))!.catalog;
    const first = after.pages[0]!;
    const product = first.elements.find(isProductElement)!;
    const cell = first.layout.cells[first.elements.indexOf(product)]!;
    const meta = await stored(product.properties.compressed_image);
    expect(meta.width).toBeLessThanOrEqual(Math.ceil(2550 * cell.width));
    expect(meta.height).toBeLessThanOrEqual(Math.ceil(3300 * cell.height));
    for (const page of after.pages) {
      const thumb = await stored(page.render?.thumbnail ?? null);
      expect([thumb.width, thumb.height]).toEqual([96, 132]);
      const image = await stored(page.render?.image ?? null);
      expect(image.format).toBe('jpeg');
      expect(image.width).toBeGreaterThan(1000);
    }
  });
});

describe('pictures are processed where they come in (SPEC §4)', () => {
  async function eventually<T>(read: () => Promise<T>, ok: (v: T) => boolean): Promise<T> {
    for (let i = 0; i < 400; i++) {
      const v = await read();
      if (ok(v)) return v;
      await new Promise((r) => setTimeout(r, 50));
    }
    throw new Error('condition not reached');
  }

  it('an import queues its pictures; a new main picture drops the old copy and is processed again', async () => {
    const c = client(server.url);
    await c.post('/auth/register', {
      email: 'importer@example.com',
      password: 'password-123',
      confirmPassword: 'password-123',
    });
    const imported = await (
      await c.post('/api/v1/listings', [
        {
          title: 'Linen scarf',
          price: 30,
          main_image: `${shopUrl}/b.png`,
          images: [{ original: `${shopUrl}/b.png` }],
        },
        { title: 'No picture yet', price: 12 },
      ])
    ).json();
    const [scarf, bare] = imported.data as { id: string }[];
    const read = async (id: string) => (await c.get(`/api/v1/listings/${id}`)).json();
    const done = await eventually(
      () => read(scarf!.id),
      (l) => !!l.compressed_image,
    );
    expect((await stored(done.compressed_image)).format).toBe('jpeg');
    expect(done.images[0].thumbnail).toMatch(/^\/files\/img\//);

    const changed = await (
      await c.put(`/api/v1/listings/${scarf!.id}`, { main_image: `${shopUrl}/a.webp` })
    ).json();
    expect(changed.compressed_image).toBeNull();
    const again = await eventually(
      () => read(scarf!.id),
      (l) => !!l.compressed_image,
    );
    expect(again.compressed_image).not.toBe(done.compressed_image);

    // A listing without pictures queues nothing.
    const jobs = await server.runtime.db.select().from(jobsTable).where(eq(jobsTable.name, 'process-images'));
    const queuedIds = jobs.flatMap((j) => (j.payload as { listingIds?: string[] }).listingIds ?? []);
    expect(queuedIds).toContain(scarf!.id);
    expect(queuedIds).not.toContain(bare!.id);
  });
});
