import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer();
});
afterAll(() => server?.close());

const flagsOf = async (email: string) =>
  (await server.runtime.db.select({ flags: users.flags }).from(users).where(eq(users.email, email)))[0]!
    .flags;

describe('PUT /api/v1/users/me/editor-flags (SPEC §4 tour and rating prompt)', () => {
  it("stores the tour and the rating answer in the user's own flags, keeping the others", async () => {
    const me = await registeredClient(server.url, 'flags@example.com');
    await registeredClient(server.url, 'other-flags@example.com');
    expect(await (await me.put('/api/v1/users/me/editor-flags', { tourDone: true })).json()).toMatchObject({
      tourDone: true,
      rated: false,
    });
    const later = await (await me.put('/api/v1/users/me/editor-flags', { rating: 'later' })).json();
    expect(Date.parse(later.ratingPostponedUntil) - Date.now()).toBeGreaterThan(6.9 * 86_400_000);
    expect(await (await me.put('/api/v1/users/me/editor-flags', { rating: 5 })).json()).toMatchObject({
      tourDone: true,
      rated: true,
      stars: 5,
    });
    expect(await flagsOf('other-flags@example.com')).toEqual({});
  });

  it('answers 400 naming the field, 401 signed out, 403 cross-site', async () => {
    const me = await registeredClient(server.url, 'bad-flags@example.com');
    const stars = await me.put('/api/v1/users/me/editor-flags', { rating: 9 });
    expect(stars.status).toBe(400);
    expect(JSON.stringify(await stars.json())).toContain('rating');
    const empty = await me.put('/api/v1/users/me/editor-flags', {});
    expect(empty.status).toBe(400);
    expect(JSON.stringify(await empty.json())).toContain('rating');
    expect((await me.put('/api/v1/users/me/editor-flags', { tourDone: 'yes' })).status).toBe(400);
    expect((await client(server.url).put('/api/v1/users/me/editor-flags', { tourDone: true })).status).toBe(
      401,
    );
    const cross = await fetch(`${server.url}/api/v1/users/me/editor-flags`, {
      method: 'PUT',
      headers: {
        'Content-Type': 'application/json',
        'Sec-Fetch-Site': 'cross-site',
        Cookie: me.jar.header(),
      },
      body: JSON.stringify({ tourDone: true }),
    });
    expect(cross.status).toBe(403);
    expect(await flagsOf('bad-flags@example.com')).toEqual({});
  });
});
