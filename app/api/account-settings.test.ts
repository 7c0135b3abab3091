import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { authSessions, catalogs, jobs, listings, subscriptions, users } from '../../db/schema.ts';
import { FakeStripe } from '../../scripts/testing/fake-stripe.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

// Issue 24 §4: the settings screen's account calls (password, email with confirmation, closing the account)
// and SPEC §7 POST /api/v3/tools/colors.

let server: TestServer;
const stripe = new FakeStripe();
const CARD = { number: '4242424242424242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3 };
const PASSWORD = 'password-123';

beforeAll(async () => {
  await stripe.start();
  server = await startTestServer({ ...stripe.env(), WORKER: 'off' });
  stripe.webhookUrl = `${server.url}/webhooks/stripe`;
});
afterAll(async () => {
  await server?.close();
  await stripe.stop();
});

async function userOf(email: string) {
  const [u] = await server.runtime.db.select().from(users).where(eq(users.email, email));
  return u;
}
async function login(email: string, password: string) {
  const c = client(server.url);
  const res = await c.post('/auth/login', { email, password });
  return { c, status: res.status, body: await res.json() };
}
const lastMail = () => server.readMail(server.outbox().at(-1)!);
const mailsSince = (n: number) => server.outbox().slice(n).map(server.readMail);
const linkIn = (mail: string) => {
  const m = /\/auth\/confirm-email\/([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''));
  return m ? m[1]! : null;
};

describe('PUT /api/v1/users/me/password', () => {
  it('needs the current password, checks the new one, and ends the other sessions only', async () => {
    const email = 'pw-change@example.com';
    const c = await registeredClient(server.url, email);
    const other = (await login(email, PASSWORD)).c;
    expect((await other.get('/api/v1/users/me')).status).toBe(200);

    const wrong = await c.put('/api/v1/users/me/password', {
      currentPassword: 'not-it-at-all',
      password: 'new-password-456',
      confirmPassword: 'new-password-456',
    });
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({
      message: 'Your current password is incorrect.',
      details: [{ path: ['currentPassword'] }],
    });
    const differ = await c.put('/api/v1/users/me/password', {
      currentPassword: PASSWORD,
      password: 'new-password-456',
      confirmPassword: 'new-password-789',
    });
    expect(differ.status).toBe(400);
    expect((await differ.json()).message).toContain('Passwords do not match');
    const short = await c.put('/api/v1/users/me/password', {
      currentPassword: PASSWORD,
      password: 'short',
      confirmPassword: 'short',
    });
    expect(short.status).toBe(400);
    expect((await short.json()).message).toContain('Password must be at least 8 characters');
    // Nothing above changed anything: the other session still works.
    expect((await other.get('/api/v1/users/me')).status).toBe(200);

    const ok = await c.put('/api/v1/users/me/password', {
      currentPassword: PASSWORD,
      password: 'new-password-456',
      confirmPassword: 'new-password-456',
    });
    expect(ok.status).toBe(200);
    expect((await ok.json()).message).toBe(
      'Your password has been changed. Your other sessions have been signed out.',
    );
    expect((await c.get('/api/v1/users/me')).status).toBe(200);
    expect((await other.get('/api/v1/users/me')).status).toBe(401);
    expect((await login(email, PASSWORD)).status).toBe(401);
    expect((await login(email, 'new-password-456')).status).toBe(200);
    // Stored as argon2id.
    expect((await userOf(email))!.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('is for signed-in users only', async () => {
    const res = await client(server.url).put('/api/v1/users/me/password', {
      currentPassword: PASSWORD,
      password: 'new-password-456',
      confirmPassword: 'new-password-456',
    });
    expect(res.status).toBe(401);
  });
});

describe('POST /api/v1/users/me/email and the confirmation link', () => {
  it('changes the sign-in email only when the link mailed to the new address is opened, once', async () => {
    const email = 'old-address@example.com';
    const c = await registeredClient(server.url, email);
    await registeredClient(server.url, 'taken-address@example.com');

    const taken = await c.post('/api/v1/users/me/email', {
      email: 'Taken-Address@example.com',
      currentPassword: PASSWORD,
    });
    expect(taken.status).toBe(400);
    expect(await taken.json()).toMatchObject({
      message: 'Email already taken',
      details: [{ path: ['email'], message: 'Email already taken' }],
    });
    const same = await c.post('/api/v1/users/me/email', { email, currentPassword: PASSWORD });
    expect((await same.json()).message).toBe('This is already your email address.');
    const wrong = await c.post('/api/v1/users/me/email', {
      email: 'new-address@example.com',
      currentPassword: 'nope-nope-nope',
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('Your current password is incorrect.');
    const invalid = await c.post('/api/v1/users/me/email', {
      email: 'not an email',
      currentPassword: PASSWORD,
    });
    expect(invalid.status).toBe(400);

    const before = server.outbox().length;
    const res = await c.post('/api/v1/users/me/email', {
      email: 'New-Address@example.com',
      currentPassword: PASSWORD,
    });
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ pendingEmail: 'new-address@example.com' });
    const mails = mailsSince(before);
    expect(mails).toHaveLength(2);
    const confirmation = mails.find((m) => /^To: new-address@example.com/im.test(m))!;
    const notice = mails.find((m) => /^To: old-address@example.com/im.test(m))!;
    expect(confirmation).toContain('Confirm your new email address');
    expect(notice).toContain('A change of your email address was requested');
    expect(linkIn(notice)).toBeNull();
    const token = linkIn(confirmation)!;
    expect(token).toBeTruthy();

    // Not yet: the old address still signs in.
    expect((await userOf(email))?.email).toBe(email);
    expect((await login(email, PASSWORD)).status).toBe(200);

    const opened = await client(server.url).get(`/auth/confirm-email/${token}`);
    expect(opened.status).toBe(302);
    expect(opened.headers.get('location')).toBe('/settings?email=confirmed');
    expect((await login('new-address@example.com', PASSWORD)).status).toBe(200);
    expect((await login(email, PASSWORD)).status).toBe(401);
    const me = await (await c.get('/api/v1/users/me')).json();
    expect(me.email).toBe('new-address@example.com');

    const again = await client(server.url).get(`/auth/confirm-email/${token}`);
    expect(again.headers.get('location')).toBe('/settings?email=invalid');
    const unknown = await client(server.url).get('/auth/confirm-email/not-a-real-token-at-all');
    expect(unknown.headers.get('location')).toBe('/settings?email=invalid');
  });

  it('spends an earlier link when a newer change is asked for', async () => {
    const c = await registeredClient(server.url, 'two-links@example.com');
    await c.post('/api/v1/users/me/email', { email: 'first-try@example.com', currentPassword: PASSWORD });
    const first = linkIn(lastMail())!;
    await c.post('/api/v1/users/me/email', { email: 'second-try@example.com', currentPassword: PASSWORD });
    const mails = server.outbox().map(server.readMail);
    const second = linkIn(mails.find((m) => /^To: second-try@example.com/im.test(m))!)!;
    expect((await client(server.url).get(`/auth/confirm-email/${first}`)).headers.get('location')).toBe(
      '/settings?email=invalid',
    );
    expect((await client(server.url).get(`/auth/confirm-email/${second}`)).headers.get('location')).toBe(
      '/settings?email=confirmed',
    );
    expect(await userOf('second-try@example.com')).toBeTruthy();
    expect(await userOf('first-try@example.com')).toBeUndefined();
  });
});

describe('POST /auth/closeAccount', () => {
  it('needs the password, then cancels the Stripe subscription and deletes everything of the account', async () => {
    const email = 'closing@example.com';
    const c = await registeredClient(server.url, email);
    const neighbour = await registeredClient(server.url, 'closing-neighbour@example.com');
    const pay = await c.post('/api/v1/stripe/subscriptions', { planId: 'BUSINESS', period: 'monthly' });
    expect(pay.status).toBe(200);
    const { session_id } = await pay.json();
    await stripe.completeSession(session_id, CARD);
    const subscriptionId = stripe.sessions.get(session_id)!.subscription as string;
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('active');

    const catalog = (await (await c.post('/api/v1/catalogs', { title: 'Goes away' })).json()).data;
    const kept = (await (await neighbour.post('/api/v1/catalogs', { title: 'Stays' })).json()).data;
    const listing = await c.post('/api/v1/listings', { title: 'A chair', price: 120 });
    expect(listing.status).toBe(201);
    const userId = (await userOf(email))!.id;
    expect(await server.runtime.db.select().from(listings).where(eq(listings.ownerId, userId))).toHaveLength(
      1,
    );

    const wrong = await c.post('/auth/closeAccount', { currentPassword: 'wrong-password' });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe('Your current password is incorrect.');
    expect(await userOf(email)).toBeTruthy();
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('active');

    const other = (await login(email, PASSWORD)).c;
    const res = await c.post('/auth/closeAccount', { currentPassword: PASSWORD });
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ closed: true });
    expect(res.headers.getSetCookie().join(';')).toMatch(/cb_session=;.*Max-Age=0/i);

    expect(
      stripe.requests.some((r) => r.method === 'DELETE' && r.path === `/v1/subscriptions/${subscriptionId}`),
    ).toBe(true);
    expect(stripe.subscriptions.get(subscriptionId)!.status).toBe('canceled');
    expect(await userOf(email)).toBeUndefined();
    const db = server.runtime.db;
    expect(await db.select().from(catalogs).where(eq(catalogs.id, catalog._id))).toHaveLength(0);
    expect(await db.select().from(listings).where(eq(listings.ownerId, userId))).toHaveLength(0);
    expect(await db.select().from(subscriptions).where(eq(subscriptions.userId, userId))).toHaveLength(0);
    expect(await db.select().from(authSessions).where(eq(authSessions.userId, userId))).toHaveLength(0);
    // The stored files go in the background.
    const purge = await db.select().from(jobs).where(eq(jobs.name, 'purge-files'));
    expect(JSON.stringify(purge.map((j) => j.payload))).toContain(userId);

    expect((await other.get('/api/v1/users/me')).status).toBe(401);
    const again = await login(email, PASSWORD);
    expect(again.status).toBe(401);
    expect(again.body.message).toBe('Authentication failed.');
    // The neighbour keeps everything.
    expect((await neighbour.get(`/api/v1/catalogs/${kept._id}`)).status).toBe(200);
  });

  it('sends a visitor of /auth/closeAccount to the settings screen confirmation; signed out is 401', async () => {
    const c = await registeredClient(server.url, 'close-page@example.com');
    const page = await c.get('/auth/closeAccount', { Accept: 'text/html' });
    expect(page.status).toBe(302);
    expect(page.headers.get('location')).toBe('/settings?close=1');
    expect((await client(server.url).post('/auth/closeAccount', { currentPassword: PASSWORD })).status).toBe(
      401,
    );
  });
});

describe('POST /api/v3/tools/colors (SPEC §7)', () => {
  it('maps option values to swatch colours, English and French, leaving unknown values out', async () => {
    const c = await registeredClient(server.url, 'colors@example.com');
    const res = await c.post('/api/v3/tools/colors', [
      'Red',
      'Navy',
      'Heather grey',
      '#3a5',
      'Bleu marine',
      'XL',
    ]);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      Red: '#ff0000',
      Navy: '#000080',
      'Heather grey': '#b6b6b4',
      '#3a5': '#33aa55',
      'Bleu marine': '#000080',
    });
    const wrapped = await c.post('/api/v3/tools/colors', { values: ['Rouge'] });
    expect(await wrapped.json()).toEqual({ Rouge: '#ff0000' });
  });

  it('refuses what is not a list of values, and signed-out callers', async () => {
    const c = await registeredClient(server.url, 'colors-bad@example.com');
    expect((await c.post('/api/v3/tools/colors', { colors: ['Red'] })).status).toBe(400);
    expect((await c.post('/api/v3/tools/colors', [1, 2])).status).toBe(400);
    expect((await client(server.url).post('/api/v3/tools/colors', ['Red'])).status).toBe(401);
  });
});
