import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema.ts';
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
