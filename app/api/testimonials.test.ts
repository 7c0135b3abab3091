import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

/*
 * Testimonials (issue 27: collected, never invented): a merchant writes one, reads and withdraws only their own;
 * staff list them all and approve or reject; /testimonials shows the approved ones of its language, as text.
 */
let server: TestServer;
let alice: Awaited<ReturnType<typeof registeredClient>>;
let bob: Awaited<ReturnType<typeof registeredClient>>;
let staff: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({
    WORKER: 'off',
    ADMIN_EMAIL: 'reviewer@example.com',
    ADMIN_PASSWORD: 'reviewer-password-1',
  });
  alice = await registeredClient(server.url, 'alice-shop@example.com');
  bob = await registeredClient(server.url, 'bob-shop@example.com');
  staff = client(server.url);
  const login = await staff.post('/auth/login', {
    email: 'reviewer@example.com',
    password: 'reviewer-password-1',
  });
  expect(login.status).toBe(200);
});
afterAll(() => server?.close());

type View = { _id: string; text: string; name: string; business: string; status: string; language: string };
const submit = async (c: typeof alice, body: Record<string, unknown>) => {
  const res = await c.post('/api/v1/testimonials', body);
  return { status: res.status, body: (await res.json()) as { data: View; message?: string } };
};
const page = async (path: string) => (await fetch(server.url + path)).text();

describe('testimonials', () => {
  it('keeps what a merchant writes as plain text, waiting for staff, seen only by its author', async () => {
    const sent = await submit(alice, {
      text: '  Our <b>line sheets</b> take ten minutes now.<script>alert(1)</script>\u0007 Fish & chips < 3  ',
      name: 'Alice <i>Martin</i>',
      business: ' <em>Maison</em> Alice ',
      language: 'en',
    });
    expect(sent.status).toBe(200);
    expect(sent.body.data).toMatchObject({
      text: 'Our line sheets take ten minutes now. Fish & chips < 3',
      name: 'Alice Martin',
      business: 'Maison Alice',
      language: 'en',
      status: 'pending',
    });
    const mine = (await (await alice.get('/api/v1/testimonials')).json()) as { data: View[] };
    expect(mine.data.map((q) => q._id)).toEqual([sent.body.data._id]);
    // Bob sees none of Alice's, and cannot withdraw it (another owner's id is not found).
    expect(((await (await bob.get('/api/v1/testimonials')).json()) as { data: View[] }).data).toEqual([]);
    expect((await bob.del(`/api/v1/testimonials/${sent.body.data._id}`)).status).toBe(404);
    // Not published before staff approve it.
    expect(await page('/testimonials')).not.toContain('ten minutes now');
  });

  it('refuses an empty text or name, a language we have no page in, and unknown fields', async () => {
    for (const [body, message] of [
      [{ text: '  <p> </p> ', name: 'Alice', language: 'en' }, 'Write a few words about Catalog Builder'],
      [{ text: 'Good', name: '   ', language: 'en' }, 'Give the name to show under it'],
      [{ text: 'Good', name: 'Alice', language: 'de' }, null],
      [{ text: 'Good', name: 'Alice', business: 'b'.repeat(81), language: 'en' }, 'At most 80 characters'],
      [{ text: 'x'.repeat(1001), name: 'Alice', language: 'en' }, 'At most 1000 characters'],
      [{ text: 'Good', name: 'Alice', language: 'en', status: 'approved' }, null],
    ] as const) {
      const res = await submit(alice, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      if (message) expect(res.body.message).toContain(message);
    }
    expect(
      (await client(server.url).post('/api/v1/testimonials', { text: 'Hi', name: 'A', language: 'en' }))
        .status,
    ).toBe(401);
  });

  it('lets only staff review; an approved one appears on the page of its language only', async () => {
    const en = (
      await submit(bob, { text: 'Printing our order forms is painless.', name: 'Bob', language: 'en' })
    ).body.data;
    const fr = (
      await submit(bob, {
        text: 'Nos bons de commande sortent en un clic.',
        name: 'Bob',
        business: 'Chez Bob',
        language: 'fr',
      })
    ).body.data;
    // A merchant cannot approve, not even their own.
    expect((await bob.put(`/api/v1/testimonials/${en._id}/review`, { status: 'approved' })).status).toBe(403);
    expect((await bob.get('/api/v1/all-testimonials')).status).toBe(403);

    const all = (await (await staff.get('/api/v1/all-testimonials?filter=bob-shop')).json()) as {
      data: (View & { email: string })[];
      total: number;
    };
    expect(all.total).toBe(2);
    expect(all.data.every((q) => q.email === 'bob-shop@example.com')).toBe(true);

    for (const q of [en, fr]) {
      const res = await staff.put(`/api/v1/testimonials/${q._id}/review`, { status: 'approved' });
      expect(res.status).toBe(200);
      expect(((await res.json()) as { data: View }).data.status).toBe('approved');
    }
    const english = await page('/testimonials');
    expect(english).toContain('Printing our order forms is painless.');
    expect(english).not.toContain('Nos bons de commande');
    const french = await page('/fr/testimonials');
    expect(french).toContain('Nos bons de commande sortent en un clic.');
    expect(french).toContain('Chez Bob');
    expect(french).not.toContain('Printing our order forms');

    // Rejected, it leaves the page; the staff log names who did it.
    expect((await staff.put(`/api/v1/testimonials/${en._id}/review`, { status: 'rejected' })).status).toBe(
      200,
    );
    expect(await page('/testimonials')).not.toContain('Printing our order forms');
    const mine = (await (await bob.get('/api/v1/testimonials')).json()) as { data: View[] };
    expect(Object.fromEntries(mine.data.map((q) => [q._id, q.status]))).toEqual({
      [en._id]: 'rejected',
      [fr._id]: 'approved',
    });
    const { staffActions } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const log = await server.runtime.db.select().from(staffActions).where(eq(staffActions.subjectId, en._id));
    expect(log.map((l) => [l.action, l.actorEmail])).toEqual([
      ['approve_testimonial', 'reviewer@example.com'],
      ['reject_testimonial', 'reviewer@example.com'],
    ]);
    expect((await staff.put('/api/v1/testimonials/not-an-id/review', { status: 'approved' })).status).toBe(
      404,
    );
    expect(
      (
        await staff.put('/api/v1/testimonials/00000000-0000-4000-8000-000000000000/review', {
          status: 'approved',
        })
      ).status,
    ).toBe(404);

    // Withdrawn by its author, a published one leaves the page too.
    expect((await bob.del(`/api/v1/testimonials/${fr._id}`)).status).toBe(200);
    expect(await page('/fr/testimonials')).not.toContain('Nos bons de commande');
  });
});
