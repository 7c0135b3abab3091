import { and, eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { jobs, users } from '../../db/schema.ts';
import { registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { sampleCatalog } from '../../scripts/testing/sample-catalog.ts';
import { createCatalog, deleteAccount } from '../../server/catalogs/index.ts';
import { keyFromUrl } from '../../server/files/index.ts';

// Deleting a catalog or an account deletes its files (local disk, or the S3 bucket with S3_TEST=1): the PDF and
// page pictures of a catalog; the uploads and compressed pictures of an account, except what another account's
// catalog still shows.

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const picture = async (color: string) =>
  new Uint8Array(
    await sharp({ create: { width: 8, height: 6, channels: 3, background: color } })
      .png()
      .toBuffer(),
  );
const exists = (key: string) => server.runtime.storage.exists(key);
const userId = async (email: string) =>
  (await server.runtime.db.select({ id: users.id }).from(users).where(eq(users.email, email)))[0]!.id;

/** Wait until every purge-files job queued so far is complete. */
async function purged(count: number) {
  for (let i = 0; i < 600; i++) {
    const rows = await server.runtime.db
      .select({ state: jobs.state, error: jobs.error })
      .from(jobs)
      .where(and(eq(jobs.name, 'purge-files')));
    if (rows.some((r) => r.state === 'failed')) throw new Error(`purge failed: ${rows[0]!.error}`);
    if (rows.length >= count && rows.every((r) => r.state === 'complete')) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the files were not purged');
}

describe('files of deleted catalogs and accounts', () => {
  it('a deleted catalog takes its PDF and page pictures with it, and nothing else', async () => {
    const ann = await registeredClient(server.url, 'cleanup-ann@example.com');
    const upload = await ann.upload('/api/v1/files', [
      { field: 'files', name: 'logo.png', body: await picture('#aa3344'), type: 'image/png' },
    ]);
    const logo = keyFromUrl(upload.body.url)!;
    const { catalog } = await createCatalog({
      db: server.runtime.db,
      ownerId: await userId('cleanup-ann@example.com'),
      input: { catalog: sampleCatalog({ products: 2, imageUrl: () => upload.body.url }) },
    });
    const { catalog: other } = await createCatalog({
      db: server.runtime.db,
      ownerId: await userId('cleanup-ann@example.com'),
      input: { catalog: sampleCatalog({ products: 1, imageUrl: () => null }) },
    });
    const { storage } = server.runtime;
    const files = [
      `pdf/${catalog._id}/abc.pdf`,
      `pages/${catalog._id}/p1-x.jpg`,
      `pages/${catalog._id}/p1-x-thumb.jpg`,
    ];
    for (const key of files) await storage.put(key, Buffer.from('x'));
    await storage.put(`pdf/${other._id}/def.pdf`, Buffer.from('y'));

    expect((await ann.del(`/api/v1/catalogs/${catalog._id}`)).status).toBe(200);
    await purged(1);
    for (const key of files) expect(await exists(key)).toBe(false);
    expect(await exists(`pdf/${other._id}/def.pdf`)).toBe(true);
    expect(await exists(logo)).toBe(true);
  });

  it("a deleted account takes its files with it, but not a picture another account's catalog shows", async () => {
    const bea = await registeredClient(server.url, 'cleanup-bea@example.com');
    await registeredClient(server.url, 'cleanup-cat@example.com');
    const beaId = await userId('cleanup-bea@example.com');
    const up = await bea.upload('/api/v1/files', [
      { field: 'files', name: 'shared.png', body: await picture('#112233'), type: 'image/png' },
      { field: 'files', name: 'private.png', body: await picture('#445566'), type: 'image/png' },
    ]);
    const [shared, own] = up.body.data.map((f: { url: string }) => f.url) as [string, string];
    const { catalog } = await createCatalog({
      db: server.runtime.db,
      ownerId: beaId,
      input: { catalog: sampleCatalog({ products: 1, imageUrl: () => own }) },
    });
    // A catalog of another account copied from Bea's template: it keeps showing her picture.
    await createCatalog({
      db: server.runtime.db,
      ownerId: await userId('cleanup-cat@example.com'),
      input: { catalog: sampleCatalog({ products: 1, imageUrl: () => shared }) },
    });
    const { storage } = server.runtime;
    const compressed = `img/${beaId}/0123abcd-100x100-q80.jpg`;
    await storage.put(compressed, Buffer.from('c'));
    await storage.put(`pdf/${catalog._id}/k.pdf`, Buffer.from('%PDF'));
    await storage.put(`pages/${catalog._id}/p.jpg`, Buffer.from('p'));

    await deleteAccount({ db: server.runtime.db, jobs: server.runtime.jobs, userId: beaId });
    await purged(2);
    expect(await exists(keyFromUrl(own)!)).toBe(false);
    expect(await exists(compressed)).toBe(false);
    expect(await exists(`pdf/${catalog._id}/k.pdf`)).toBe(false);
    expect(await exists(`pages/${catalog._id}/p.jpg`)).toBe(false);
    expect(await exists(keyFromUrl(shared)!)).toBe(true);
    expect((await fetch(server.url + shared)).status).toBe(200);
  });
});
