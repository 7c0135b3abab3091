import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { User } from '../server/accounts/index.ts';
import { createCatalog, requestCatalogPdf } from '../server/catalogs/index.ts';
import {
  createListings,
  getListing,
  queueListingImages,
  type ListingView,
} from '../server/listings/index.ts';
import { pdfImages } from '../scripts/testing/pdf-tools.ts';
import { openRenderHarness, type RenderHarness } from '../scripts/testing/render-harness.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';

// Issue 22 item 5: pictures are fetched once at import and sync and kept in our storage; catalogs use our copy, so
// a store that removes a picture, or cannot be reached during an export, does not break the catalog. The store's
// picture server is a local HTTP server, which the SSRF guard lets through only because the harness says so
// (fetchOptions.allowPrivateAddresses).
let h: RenderHarness;
let owner: User;
let store: Server;
let storeUrl: string;
/** What the store answers for each path: a picture, or an HTTP status. */
const served = new Map<string, Buffer | number>();
let requests: string[] = [];

beforeAll(async () => {
  h = await openRenderHarness();
  owner = await h.owner('kept-pictures@example.com');
  store = createServer((req, res) => {
    requests.push(req.url ?? '');
    const answer = served.get(req.url ?? '') ?? 404;
    if (typeof answer === 'number') return void res.writeHead(answer).end();
    res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(answer);
  });
  await new Promise<void>((r) => store.listen(0, '127.0.0.1', r));
  storeUrl = `http://127.0.0.1:${(store.address() as AddressInfo).port}`;
});
afterAll(async () => {
  store?.close();
  await h?.close();
});

async function importListing(title: string, picture: string): Promise<ListingView> {
  const r = await createListings({
    db: h.db,
    ownerId: owner.id,
    listings: [
      {
        title,
        source: 'csv',
        external_id: `csv:${title.toLowerCase()}`,
        price: 20,
        main_image: picture,
        images: [{ original: picture }],
      },
    ],
  });
  return getListing({ db: h.db, ownerId: owner.id, listingId: r.listings[0]!.id });
}

async function processPictures(listingId: string) {
  const [job] = await queueListingImages({
    db: h.db,
    jobs: h.queue,
    ownerId: owner.id,
    listingIds: [listingId],
  });
  if (job) expect((await h.waitFor(job.id, ['complete', 'failed'])).state).toBe('complete');
  return getListing({ db: h.db, ownerId: owner.id, listingId });
}

describe('pictures kept in our storage', () => {
  it('fetches a picture once, keeps it through a re-import, and prints it after the store went away', async () => {
    const picture = `${storeUrl}/products/linen.jpg`;
    served.set('/products/linen.jpg', await sampleProductImage(3, 1600));
    requests = [];
    const imported = await importListing('Linen shirt', picture);
    const processed = await processPictures(imported.id);
    expect(processed.images[0]).toMatchObject({ original: picture });
    expect(processed.images[0]!.kept).toMatch(/^\/files\/img\//);
    expect(processed.compressed_image).toMatch(/^\/files\/img\//);
    expect(requests).toEqual(['/products/linen.jpg']);

    // The same product comes again from the file (or a sync): the store's address, none of our copies.
    await importListing('Linen shirt', picture);
    const again = await processPictures(imported.id);
    expect(again.images[0]!.kept).toBe(processed.images[0]!.kept);
    expect(again.compressed_image).toBe(processed.compressed_image);
    // Fetched once: the copies were kept, so nothing asked the store again.
    expect(requests).toEqual(['/products/linen.jpg']);

    // The store removes the picture and then cannot be reached at all.
    served.set('/products/linen.jpg', 404);
    await new Promise<void>((r) => store.close(() => r()));

    // A catalog whose product was placed before its picture was kept names only the store's address.
    const doc = sampleCatalog({ products: 1, perPage: 1, imageUrl: () => picture });
    const { catalog } = await createCatalog({ db: h.db, ownerId: owner.id, input: { catalog: doc } });
    const { job_id } = await requestCatalogPdf({
      db: h.db,
      jobs: h.queue,
      user: owner,
      catalogId: catalog._id,
    });
    const job = await h.waitFor(job_id, ['complete', 'failed'], 120_000);
    expect(job.state, job.error ?? '').toBe('complete');
    const images = pdfImages((await h.pdf(catalog._id))!.bytes);
    // The picture is printed from our copy, at print resolution, not left out.
    expect(images).toHaveLength(1);
    expect(images[0]!.width).toBeGreaterThan(500);

    // Reopen the store for the next test.
    await new Promise<void>((r) => store.listen(Number(new URL(storeUrl).port), '127.0.0.1', r));
  });

  it('flags a picture that could not be fetched, and a retry keeps it once the store answers', async () => {
    const picture = `${storeUrl}/products/scarf.jpg`;
    served.set('/products/scarf.jpg', 503);
    const imported = await importListing('Wool scarf', picture);
    const failed = await processPictures(imported.id);
    expect(failed.picture_problems).toEqual([{ url: picture, error: expect.stringMatching(/503/) }]);
    expect(failed.images[0]!.kept).toBeNull();

    served.set('/products/scarf.jpg', await sampleProductImage(5, 800));
    const retried = await processPictures(imported.id);
    expect(retried.picture_problems).toEqual([]);
    expect(retried.images[0]!.kept).toMatch(/^\/files\/img\//);
    expect(retried.thumbnail_image).toMatch(/^\/files\/img\//);
  });
});
