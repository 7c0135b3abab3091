import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EDITOR_OPENING } from '../../core/constants.ts';
import { unpackPages } from '../../core/model/index.ts';
import { subscriptions, users } from '../../db/schema.ts';
import { setUpgradeByEmail } from '../../server/billing/index.ts';
import { createCatalog, openEditorCatalog } from '../../server/catalogs/index.ts';
import { sampleCatalog } from '../../scripts/testing/sample-catalog.ts';
import { registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
});
afterAll(() => server?.close());

/** A merchant on trial with one catalog: the editor opens for them before each test changes their account. */
async function merchantWithCatalog(email: string) {
  const c = await registeredClient(server.url, email);
  const res = await c.post('/api/v1/catalogs', { title: 'Access' });
  expect(res.status).toBe(200);
  const catalogId = (await res.json()).data._id as string;
  const [u] = await server.runtime.db.select().from(users).where(eq(users.email, email));
  const opened = await c.get(`/designs/${catalogId}/edit`);
  expect(opened.status).toBe(200);
  return { c, catalogId, userId: u!.id };
}

describe('SPEC §6: who may open /designs/{id}/edit', () => {
  it('sends a merchant whose trial has expired to /dashboard', async () => {
    const { c, catalogId, userId } = await merchantWithCatalog('expired-editor@example.com');
    const longAgo = new Date(Date.now() - 400 * 24 * 3600 * 1000);
    await server.runtime.db
      .update(subscriptions)
      .set({ startDate: longAgo })
      .where(eq(subscriptions.userId, userId));
    const res = await c.get(`/designs/${catalogId}/edit`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
  });

  it('sends a merchant whose subscription is inactive to /dashboard', async () => {
    const { c, catalogId, userId } = await merchantWithCatalog('inactive-editor@example.com');
    await server.runtime.db
      .update(subscriptions)
      .set({ status: 'cancelled' })
      .where(eq(subscriptions.userId, userId));
    const res = await c.get(`/designs/${catalogId}/edit`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/dashboard');
  });

  it('sends a session without an email to /', async () => {
    const { c, catalogId, userId } = await merchantWithCatalog('no-email-editor@example.com');
    await server.runtime.db.update(users).set({ email: null }).where(eq(users.id, userId));
    const res = await c.get(`/designs/${catalogId}/edit`);
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/');
  });
});

describe('issue 29: a long catalog opens in the editor on its first pages', () => {
  async function merchantWithLongCatalog(email: string) {
    const c = await registeredClient(server.url, email);
    await setUpgradeByEmail({ db: server.runtime.db, email, upgrade: true, planId: 'PREMIUM' });
    const [u] = await server.runtime.db.select().from(users).where(eq(users.email, email));
    const doc = sampleCatalog({ products: 9 * 70, perPage: 9, imageUrl: () => null });
    const { catalog, revision } = await createCatalog({
      db: server.runtime.db,
      ownerId: u!.id,
      input: { catalog: doc },
    });
    return { c, catalog, revision, userId: u!.id };
  }

  it('sends the first pages and the page count, and the whole catalog packed on request', async () => {
    const { c, catalog, revision, userId } = await merchantWithLongCatalog('long-editor@example.com');
    expect(catalog.pages.length).toBeGreaterThan(EDITOR_OPENING.wholeUpTo);
    const start = await openEditorCatalog({ db: server.runtime.db, ownerId: userId, catalogId: catalog._id });
    expect(start.total).toBe(catalog.pages.length);
    expect(start.catalog.pages.map((p) => p.id)).toEqual(
      catalog.pages.slice(0, EDITOR_OPENING.firstPages).map((p) => p.id),
    );
    expect(start.revision).toBe(revision);

    const res = await c.get(`/api/v1/catalogs/${catalog._id}/editor`);
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.revision).toBe(revision);
    expect(body.saves).toEqual([]);
    const whole = unpackPages(body.packed);
    expect(whole.pages.map((p) => p.id)).toEqual(catalog.pages.map((p) => p.id));
    expect(whole.pages.at(-2)).toEqual(catalog.pages.at(-2));

    // The editor's page itself opens (the loader sends the first pages).
    expect((await c.get(`/designs/${catalog._id}/edit`)).status).toBe(200);
  });

  it('opens a catalog of up to 60 pages whole, and answers 404 for another merchant’s catalog', async () => {
    const { c, catalogId, userId } = await merchantWithCatalog('short-editor@example.com');
    const start = await openEditorCatalog({ db: server.runtime.db, ownerId: userId, catalogId });
    expect(start.total).toBeNull();
    expect(start.catalog.pages).toHaveLength(3);

    const other = await merchantWithLongCatalog('long-other@example.com');
    expect((await c.get(`/api/v1/catalogs/${other.catalog._id}/editor`)).status).toBe(404);
    await expect(
      openEditorCatalog({ db: server.runtime.db, ownerId: userId, catalogId: other.catalog._id }),
    ).rejects.toThrow();
  });
});
