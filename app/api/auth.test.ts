import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { client, FROM_APP, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: 'staff@example.com', ADMIN_PASSWORD: 'staff-password-1' });
});
afterAll(() => server?.close());

const account = {
  email: 'Merchant@Example.com',
  password: 'correct-horse',
  confirmPassword: 'correct-horse',
  businessName: 'Acme',
  shopUrl: 'https://acme.example',
};

describe('standalone accounts (SPEC §2.5, §8)', () => {
  it('registers with JSON, starts a trial and signs the user in', async () => {
    const c = client(server.url);
    const res = await c.post('/auth/register', account);
    expect(res.status).toBe(200);
    const cookie = res.headers.get('set-cookie') ?? '';
    expect(cookie).toMatch(/cb_session=/);
    expect(cookie).toMatch(/HttpOnly/i);
    const { user } = await res.json();
    expect(user.email).toBe('merchant@example.com');
    expect(user.subscription).toMatchObject({
      plan: 'trial',
      is_trial: true,
      days_left: 14,
      hasExpired: false,
    });
    expect(user.accounts.map((a: { type: string }) => a.type)).toEqual(['own']);
    const me = await c.get('/loggedin');
    expect(me.status).toBe(200);
    expect((await me.json()).email).toBe('merchant@example.com');
  });

  it("refuses a second account for the same email with 'Email already taken'", async () => {
    const res = await client(server.url).post('/auth/register', {
      ...account,
      email: 'merchant@example.com',
    });
    expect(res.status).toBe(400);
    expect(await res.json()).toMatchObject({ error: 'invalid', message: 'Email already taken' });
  });

  it('validates the registration fields', async () => {
    const c = client(server.url);
    const mismatch = await c.post('/auth/register', {
      ...account,
      email: 'x@example.com',
      confirmPassword: 'other-pass',
    });
    expect(mismatch.status).toBe(400);
    expect((await mismatch.json()).message).toBe('Passwords do not match');
    const short = await c.post('/auth/register', {
      ...account,
      email: 'y@example.com',
      password: 'short',
      confirmPassword: 'short',
    });
    expect((await short.json()).message).toBe('Password must be at least 8 characters');
    const bad = await c.post('/auth/register', { ...account, email: 'not-an-email' });
    expect((await bad.json()).message).toBe('Please enter a valid email address');
    const broken = await fetch(server.url + '/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: '{"email":',
    });
    expect(broken.status).toBe(400);
    expect((await broken.json()).message).toBe('The request body is not valid JSON.');
  });

  it("answers 'Authentication failed.' with 401 for a wrong password or an unknown email", async () => {
    const c = client(server.url);
    for (const body of [
      { email: 'merchant@example.com', password: 'wrong-password' },
      { email: 'nobody@example.com', password: 'correct-horse' },
    ]) {
      const res = await c.post('/auth/login', body);
      expect(res.status).toBe(401);
      expect(await res.json()).toEqual({ error: 'unauthorized', message: 'Authentication failed.' });
    }
    expect((await c.get('/loggedin')).status).toBe(401);
  });

  it('logs in (email case-insensitive), answers /loggedin and logs out', async () => {
    const c = client(server.url);
    const res = await c.post('/auth/login', { email: ' MERCHANT@example.com', password: 'correct-horse' });
    expect(res.status).toBe(200);
    expect((await c.get('/api/v1/catalogs')).status).toBe(200);
    const out = await c.get('/auth/logout');
    expect(out.status).toBe(302);
    expect(out.headers.get('location')).toBe('/');
    expect((await c.get('/loggedin')).status).toBe(401);
    expect((await c.get('/api/v1/catalogs')).status).toBe(401);
  });

  it('sends a plain form login back to the login page with the message', async () => {
    const res = await fetch(server.url + '/auth/login', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: 'email=merchant%40example.com&password=nope',
    });
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/login?error=Authentication%20failed.');
  });

  it('redirects signed-in users away from login, register and forgot-password', async () => {
    const c = client(server.url);
    await c.post('/auth/login', { email: 'merchant@example.com', password: 'correct-horse' });
    for (const p of ['/login', '/register', '/forgot-password']) {
      const res = await c.get(p, { Accept: 'text/html' });
      expect(res.status, p).toBe(302);
      expect(res.headers.get('location')).toBe('/catalogs');
    }
    expect((await client(server.url).get('/login', { Accept: 'text/html' })).status).toBe(200);
  });
});

describe('password reset', () => {
  const resetLink = (mail: string) => {
    const m = /\/reset\/([A-Za-z0-9_-]+)/.exec(mail.replace(/=\r?\n/g, ''));
    if (!m) throw new Error('no reset link in mail');
    return m[1]!;
  };

  it('mails a single-use link that sets a new password and ends every session', async () => {
    const c = client(server.url);
    await c.post('/auth/register', { ...account, email: 'reset-me@example.com' });
    const before = server.outbox().length;
    const unknown = await c.post('/auth/forgot-password', { email: 'nobody-here@example.com' });
    const known = await c.post('/auth/forgot-password', { email: 'reset-me@example.com' });
    expect(await unknown.json()).toEqual(await known.json());
    const mails = server.outbox();
    expect(mails.length).toBe(before + 1);
    const mail = server.readMail(mails.at(-1)!);
    expect(mail).toMatch(/To: reset-me@example.com/);
    const token = resetLink(mail);

    expect((await c.get(`/reset/${token}`, { Accept: 'text/html' })).status).toBe(200);
    const ok = await c.post(`/reset/${token}`, {
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(ok.status).toBe(200);
    expect((await c.get('/loggedin')).status).toBe(401);

    const again = await c.post(`/reset/${token}`, {
      password: 'another-pass-1',
      confirmPassword: 'another-pass-1',
    });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(
      'Could not update password as token is invalid or may have expired',
    );
    expect(
      (await c.post('/auth/login', { email: 'reset-me@example.com', password: 'correct-horse' })).status,
    ).toBe(401);
    expect(
      (await c.post('/auth/login', { email: 'reset-me@example.com', password: 'brand-new-pass' })).status,
    ).toBe(200);
  });

  it('spends the earlier links of the same account when one of them is used', async () => {
    const c = client(server.url);
    await c.post('/auth/forgot-password', { email: 'reset-me@example.com' });
    const older = resetLink(server.readMail(server.outbox().at(-1)!));
    await c.post('/auth/forgot-password', { email: 'reset-me@example.com' });
    const newer = resetLink(server.readMail(server.outbox().at(-1)!));
    expect(newer).not.toBe(older);
    const pass = { password: 'brand-new-pass', confirmPassword: 'brand-new-pass' };
    expect((await c.post(`/reset/${newer}`, pass)).status).toBe(200);
    const stale = await c.post(`/reset/${older}`, pass);
    expect(stale.status).toBe(400);
    expect((await stale.json()).message).toBe(
      'Could not update password as token is invalid or may have expired',
    );
  });

  it('refuses an expired token', async () => {
    const { passwordResetTokens } = await import('../../db/schema.ts');
    const c = client(server.url);
    await c.post('/auth/forgot-password', { email: 'reset-me@example.com' });
    const token = resetLink(server.readMail(server.outbox().at(-1)!));
    await server.runtime.db.update(passwordResetTokens).set({ expiresAt: new Date(Date.now() - 1000) });
    const res = await c.post(`/reset/${token}`, {
      password: 'brand-new-pass',
      confirmPassword: 'brand-new-pass',
    });
    expect(res.status).toBe(400);
    expect((await res.json()).message).toBe(
      'Could not update password as token is invalid or may have expired',
    );
  });
});

describe('request guards', () => {
  it('refuses cross-origin state-changing requests and accepts same-origin ones', async () => {
    const evil = await fetch(server.url + '/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: 'https://evil.example' },
      body: JSON.stringify({ email: 'merchant@example.com', password: 'correct-horse' }),
    });
    expect(evil.status).toBe(403);
    const fetchSite = await fetch(server.url + '/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'Sec-Fetch-Site': 'cross-site' },
      body: '{}',
    });
    expect(fetchSite.status).toBe(403);
    const same = await fetch(server.url + '/auth/login', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Origin: server.url },
      body: JSON.stringify({ email: 'merchant@example.com', password: 'correct-horse' }),
    });
    expect(same.status).toBe(200);
  });

  const clearRateLimits = async () => {
    const { rateLimits } = await import('../../db/schema.ts');
    await server.runtime.db.delete(rateLimits);
  };
  beforeEach(clearRateLimits);
  afterEach(clearRateLimits);

  it('rate-limits failed logins with 429, and not successful ones', async () => {
    const c = client(server.url);
    for (let i = 0; i < 12; i++)
      expect(
        (await c.post('/auth/login', { email: 'merchant@example.com', password: 'correct-horse' })).status,
      ).toBe(200);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++)
      statuses.push((await c.post('/auth/login', { email: 'merchant@example.com', password: 'x' })).status);
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(statuses[10]).toBe(429);
    const limited = await c.post('/auth/login', { email: 'merchant@example.com', password: 'correct-horse' });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('rate-limits registration, forgotten-password and reset requests with 429', async () => {
    const c = client(server.url);
    const attempts: [string, () => Promise<Response>, number][] = [
      ['register', () => c.post('/auth/register', { ...account, email: 'bad' }), 10],
      ['forgot', () => c.post('/auth/forgot-password', { email: 'nobody@example.com' }), 5],
      [
        'reset',
        () => c.post('/auth/reset/no-such-token', { password: 'abcdefgh1', confirmPassword: 'abcdefgh1' }),
        10,
      ],
    ];
    for (const [name, attempt, max] of attempts) {
      for (let i = 0; i < max; i++) expect((await attempt()).status, `${name} ${i}`).not.toBe(429);
      const res = await attempt();
      expect(res.status, name).toBe(429);
      expect(Number(res.headers.get('retry-after')), name).toBeGreaterThan(0);
      await clearRateLimits();
    }
  });

  it('refuses a request body over 32 MB with 413, announced or not', async () => {
    const huge = JSON.stringify({ email: 'x@example.com', password: 'y'.repeat(33 * 1024 * 1024) });
    const announced = await client(server.url).post('/auth/login', JSON.parse(huge));
    expect(announced.status).toBe(413);
    expect(await announced.json()).toEqual({
      error: 'too_large',
      message: 'The request is larger than 32 MB.',
    });
    // Sent in chunks without a length: cut off while reading.
    const chunks = new ReadableStream({
      start(c) {
        for (let i = 0; i < 34; i++) c.enqueue(new TextEncoder().encode('a'.repeat(1024 * 1024)));
        c.close();
      },
    });
    const chunked = await fetch(`${server.url}/auth/login`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: chunks,
      duplex: 'half',
    } as RequestInit);
    expect(chunked.status).toBe(413);
  });

  it('strips trailing slashes, sends unknown pages to / and answers unknown API paths with JSON 404', async () => {
    const c = client(server.url);
    const slash = await c.get('/login/?a=1', { Accept: 'text/html' });
    expect(slash.status).toBe(301);
    expect(slash.headers.get('location')).toBe('/login?a=1');
    const unknown = await c.get('/no/such/page', { Accept: 'text/html' });
    expect(unknown.status).toBe(302);
    expect(unknown.headers.get('location')).toBe('/');
    const api = await c.get('/api/v1/nothing-here');
    expect(api.status).toBe(404);
    expect(await api.json()).toMatchObject({ error: 'not_found' });
  });

  it('sends signed-out visitors of signed-in pages to sign in, then back to the page they asked for', async () => {
    const visitor = client(server.url);
    for (const [asked, next] of [
      ['/catalogs', '/catalogs'],
      ['/listings', '/listings'],
      ['/preview/some-id?format=A4', '/preview/some-id?format=A4'],
    ]) {
      const res = await visitor.get(asked!, { Accept: 'text/html' });
      expect(res.status, asked).toBe(302);
      expect(res.headers.get('location')).toBe(`/login?next=${encodeURIComponent(next!)}`);
    }
    const login = await (await visitor.get('/login?next=%2Flistings', { Accept: 'text/html' })).text();
    expect(login).toContain('Please sign in to continue.');
    expect(login).toContain('name="redirectTo" value="/listings"');
    // Signing in goes back there; a signed-in visit of /login?next= goes straight there.
    const form = await fetch(server.url + '/auth/login', {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Accept: 'text/html' },
      body: 'email=merchant%40example.com&password=correct-horse&redirectTo=%2Fpreview%2Fx%3Fa%3D1',
    });
    expect(form.status).toBe(302);
    expect(form.headers.get('location')).toBe('/preview/x?a=1');
    const c = client(server.url);
    await c.post('/auth/login', { email: 'merchant@example.com', password: 'correct-horse' });
    const back = await c.get('/login?next=%2Flistings', { Accept: 'text/html' });
    expect(back.headers.get('location')).toBe('/listings');
  });

  it('follows only local paths after signing in, never another site', async () => {
    const c = client(server.url);
    await c.post('/auth/login', { email: 'merchant@example.com', password: 'correct-horse' });
    for (const next of [
      'https://evil.example/',
      '//evil.example/x',
      '/\\evil.example',
      '/\t/evil.example',
      'javascript:alert(1)',
      '%2F%2Fevil.example',
    ]) {
      const res = await c.get(`/login?next=${encodeURIComponent(next)}`, { Accept: 'text/html' });
      expect(res.headers.get('location'), next).toBe('/catalogs');
    }
    const page = await (
      await client(server.url).get('/login?next=%2F%2Fevil.example', { Accept: 'text/html' })
    ).text();
    expect(page).toContain('name="redirectTo" value="/catalogs"');
    expect(page).not.toContain('Please sign in to continue.');
  });

  it('answers /healthz once the database is ready', async () => {
    const res = await fetch(server.url + '/healthz');
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ status: 'ok' });
  });
});

describe('roles and staff subscription calls (SPEC §6, §7)', () => {
  it('keeps /admin/*, /manager/* and staff APIs from ordinary users', async () => {
    const c = client(server.url);
    await c.post('/auth/login', { email: 'merchant@example.com', password: 'correct-horse' });
    const page = await c.get('/admin/users', { Accept: 'text/html' });
    expect(page.status).toBe(403);
    expect(await page.text()).toContain('Staff only');
    expect((await c.get('/manager/allcatalogs', { Accept: 'text/html' })).status).toBe(403);
    const api = await c.get('/api/v1/users');
    expect(api.status).toBe(403);
    expect((await api.json()).error).toBe('forbidden');
    expect(
      (await c.get('/api/v1/subscriptions/upgrade?email=merchant@example.com&upgrade=true', FROM_APP)).status,
    ).toBe(403);
    const visitor = await client(server.url).get('/admin/users', { Accept: 'text/html' });
    expect(visitor.status).toBe(302);
    expect(visitor.headers.get('location')).toBe('/login?next=%2Fadmin%2Fusers');
  });

  it('lets a manager into /manager/* and the all-catalogs list, and not into /admin/*', async () => {
    const { users } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const m = client(server.url);
    await m.post('/auth/register', { ...account, email: 'manager@example.com' });
    await server.runtime.db
      .update(users)
      .set({ roles: ['manager'] })
      .where(eq(users.email, 'manager@example.com'));
    expect((await m.get('/manager/allcatalogs', { Accept: 'text/html' })).status).toBe(200);
    const all = await m.get('/api/v1/all-catalogs');
    expect(all.status).toBe(200);
    expect(await all.json()).toHaveProperty('data');
    expect((await m.get('/admin/users', { Accept: 'text/html' })).status).toBe(403);
    expect((await m.get('/api/v1/users')).status).toBe(403);
    expect((await m.get('/api/v1/subscriptions/extend?email=merchant@example.com', FROM_APP)).status).toBe(
      403,
    );
    const beta = client(server.url);
    await beta.post('/auth/register', { ...account, email: 'beta@example.com' });
    await server.runtime.db
      .update(users)
      .set({ roles: ['beta_tester'] })
      .where(eq(users.email, 'beta@example.com'));
    expect((await beta.get('/manager/allcatalogs', { Accept: 'text/html' })).status).toBe(403);
    expect((await beta.get('/api/v1/all-catalogs')).status).toBe(403);
  });

  it('lets the admin from ADMIN_EMAIL upgrade, downgrade and extend an account by email', async () => {
    const staff = client(server.url);
    expect(
      (await staff.post('/auth/login', { email: 'staff@example.com', password: 'staff-password-1' })).status,
    ).toBe(200);
    expect((await staff.get('/admin/users', { Accept: 'text/html' })).status).toBe(200);
    expect((await staff.get('/manager/allcatalogs', { Accept: 'text/html' })).status).toBe(200);

    const list = await (await staff.get('/api/v1/users?filter=merchant')).json();
    expect(list).toMatchObject({ total: 1, count: 1 });
    expect(list.data[0].email).toBe('merchant@example.com');

    // A link on another site must not move an account, although the call is a GET (SPEC §7); nor a request
    // that does not show it comes from the app: an old browser following a link sends neither header, a
    // bookmark or a link opened from a mail program sends Sec-Fetch-Site: none.
    const forgeries: Record<string, string>[] = [
      { 'Sec-Fetch-Site': 'cross-site' },
      { 'Sec-Fetch-Site': 'same-site' },
      { Origin: 'https://evil.example' },
      {},
      { 'Sec-Fetch-Site': 'none' },
    ];
    for (const headers of forgeries) {
      const forged = await staff.get(
        '/api/v1/subscriptions/upgrade?email=merchant@example.com&upgrade=true',
        headers,
      );
      expect(forged.status).toBe(403);
      const extend = await staff.get('/api/v1/subscriptions/extend?email=merchant@example.com', headers);
      expect(extend.status).toBe(403);
    }
    const unmoved = client(server.url);
    await unmoved.post('/auth/login', { email: 'merchant@example.com', password: 'correct-horse' });
    expect((await (await unmoved.get('/loggedin')).json()).subscription.plan).toBe('trial');

    // From the app's pages: Sec-Fetch-Site same-origin, or the app's Origin from a browser without it.
    const up = await (
      await staff.get('/api/v1/subscriptions/upgrade?email=merchant@example.com&upgrade=true', {
        Origin: server.url,
      })
    ).json();
    expect(up.subscription).toMatchObject({ plan: 'BUSINESS', is_trial: false, hasExpired: false });
    const merchant = client(server.url);
    await merchant.post('/auth/login', { email: 'merchant@example.com', password: 'correct-horse' });
    expect((await (await merchant.get('/loggedin')).json()).subscription.plan).toBe('BUSINESS');

    const down = await (
      await staff.get('/api/v1/subscriptions/upgrade?email=merchant@example.com&upgrade=false', FROM_APP)
    ).json();
    expect(down.subscription).toMatchObject({ plan: 'trial', is_trial: true });

    const { subscriptions, users } = await import('../../db/schema.ts');
    const { eq } = await import('drizzle-orm');
    const [u] = await server.runtime.db.select().from(users).where(eq(users.email, 'merchant@example.com'));
    await server.runtime.db
      .update(subscriptions)
      .set({ startDate: new Date(Date.now() - 30 * 86_400_000) })
      .where(eq(subscriptions.userId, u!.id));
    expect((await (await merchant.get('/loggedin')).json()).subscription).toMatchObject({
      days_left: 0,
      hasExpired: true,
    });
    const ext = await (
      await staff.get('/api/v1/subscriptions/extend?email=merchant@example.com', FROM_APP)
    ).json();
    expect(ext.subscription).toMatchObject({ is_trial: true, days_left: 14, hasExpired: false });

    const missing = await staff.get('/api/v1/subscriptions/extend?email=ghost@example.com', FROM_APP);
    expect(missing.status).toBe(404);
    const invalid = await staff.get(
      '/api/v1/subscriptions/upgrade?email=merchant@example.com&upgrade=maybe',
      FROM_APP,
    );
    expect(invalid.status).toBe(400);
  });
});

describe('API conventions (DESIGN §9)', () => {
  it('answers GET /api/v1/catalogs with { data } for the signed-in user and 401 without a session', async () => {
    const anon = await client(server.url).get('/api/v1/catalogs');
    expect(anon.status).toBe(401);
    expect(await anon.json()).toEqual({ error: 'unauthorized', message: 'You need to sign in.' });
    const c = client(server.url);
    await c.post('/auth/login', { email: 'merchant@example.com', password: 'correct-horse' });
    expect(await (await c.get('/api/v1/catalogs')).json()).toEqual({ data: [] });
  });

  it('publishes an OpenAPI document generated from the route schemas', async () => {
    const doc = await (await fetch(server.url + '/api/v1/openapi.json')).json();
    expect(doc.openapi).toBe('3.1.0');
    expect(Object.keys(doc.paths)).toEqual(
      expect.arrayContaining([
        '/api/v1/catalogs',
        '/auth/login',
        '/auth/register',
        '/reset/{tokenId}',
        '/api/v1/subscriptions/upgrade',
      ]),
    );
    const upgrade = doc.paths['/api/v1/subscriptions/upgrade'].get;
    expect(upgrade.parameters.map((p: { name: string }) => p.name)).toEqual(
      expect.arrayContaining(['email', 'upgrade']),
    );
    expect(upgrade.responses).toHaveProperty('403');
    expect(
      doc.paths['/auth/register'].post.requestBody.content['application/json'].schema.properties,
    ).toHaveProperty('confirmPassword');
  });

  it('says Shopify is not configured on /app when it has no credentials', async () => {
    const res = await fetch(server.url + '/app', { headers: { Accept: 'text/html' } });
    expect(res.status).toBe(200);
    expect(await res.text()).toContain('Shopify is not configured');
  });
});
