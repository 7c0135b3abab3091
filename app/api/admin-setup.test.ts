import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { globalSettings, users } from '../../db/schema.ts';
import { adminSetupState, issueAdminSetupLink } from '../../server/accounts/index.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

/**
 * Issue 22 item 2: a server started without ADMIN_EMAIL prints a one-time link that creates the first admin
 * (scripts/serve.ts prints what issueAdminSetupLink answers). The token is stored hashed, works once, expires, and
 * no visitor ever becomes admin by being first.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
});
afterAll(() => server?.close());

const tokenOf = (link: string) => decodeURIComponent(link.split('/setup/')[1]!);
const setup = (token: string, body: Record<string, string>) =>
  client(server.url).post(`/auth/setup/${encodeURIComponent(token)}`, body);
const admins = async () =>
  (await server.runtime.db.select().from(users)).filter((u) => u.roles.includes('admin')).map((u) => u.email);

describe('the first admin link', () => {
  it('is a link to a form, its token kept only as a hash, and the first visitor gets nothing', async () => {
    const link = await issueAdminSetupLink({ db: server.runtime.db, appUrl: server.url });
    expect(link).toMatch(new RegExp(`^${server.url}/setup/[A-Za-z0-9_-]{32,}$`));
    const token = tokenOf(link!);
    const [stored] = await server.runtime.db
      .select()
      .from(globalSettings)
      .where(eq(globalSettings.key, 'admin_setup'));
    expect(JSON.stringify(stored!.value)).not.toContain(token);
    // Registering first makes a merchant, not an admin.
    await registeredClient(server.url, 'first@example.com');
    expect(await admins()).toEqual([]);

    const page = await client(server.url).get(`/setup/${encodeURIComponent(token)}`, { Accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Create the first admin');
  });

  it('creates the admin once, signs them in, then is refused', async () => {
    const token = tokenOf((await issueAdminSetupLink({ db: server.runtime.db, appUrl: server.url }))!);
    const owner = client(server.url);
    const bad = await owner.post(`/auth/setup/${encodeURIComponent(token)}`, {
      email: 'boss@example.com',
      password: 'boss-password-1',
      confirmPassword: 'other-password',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toBe('Passwords do not match');

    const made = await owner.post(`/auth/setup/${encodeURIComponent(token)}`, {
      email: 'Boss@Example.com',
      password: 'boss-password-1',
      confirmPassword: 'boss-password-1',
    });
    expect(made.status).toBe(200);
    expect((await made.json()).user).toMatchObject({ email: 'boss@example.com', isAdmin: true });
    expect((await owner.get('/api/v1/users')).status).toBe(200);
    expect(await admins()).toEqual(['boss@example.com']);

    const again = await setup(token, {
      email: 'intruder@example.com',
      password: 'intruder-pass-1',
      confirmPassword: 'intruder-pass-1',
    });
    expect(again.status).toBe(400);
    expect((await again.json()).message).toBe(
      'This link has been used or has expired. Restart the server to print a new one.',
    );
    expect(await admins()).toEqual(['boss@example.com']);
    expect(await adminSetupState({ db: server.runtime.db, token })).toBe('exists');
    // With an admin, a start prints no link.
    expect(await issueAdminSetupLink({ db: server.runtime.db, appUrl: server.url })).toBeNull();
  });
});

describe('the first admin link, before any admin exists', () => {
  let other: TestServer;
  beforeAll(async () => {
    await server.close();
    other = await startTestServer({ WORKER: 'off' });
    server = other;
  });

  it('expires, and a new start replaces the old link', async () => {
    const { db } = server.runtime;
    const past = new Date(Date.now() - 25 * 3_600_000);
    const old = tokenOf((await issueAdminSetupLink({ db, appUrl: server.url, now: past }))!);
    expect(await adminSetupState({ db, token: old })).toBe('invalid');
    const body = {
      email: 'late@example.com',
      password: 'late-password-1',
      confirmPassword: 'late-password-1',
    };
    expect((await setup(old, body)).status).toBe(400);

    const first = tokenOf((await issueAdminSetupLink({ db, appUrl: server.url }))!);
    const second = tokenOf((await issueAdminSetupLink({ db, appUrl: server.url }))!);
    expect(await adminSetupState({ db, token: first })).toBe('invalid');
    expect(await adminSetupState({ db, token: second })).toBe('usable');
    expect(await adminSetupState({ db, token: 'guessed-token' })).toBe('invalid');
    expect(await admins()).toEqual([]);
  });

  it('makes an existing account admin only with its password, and a wrong one leaves the link usable', async () => {
    const { db } = server.runtime;
    await registeredClient(server.url, 'owner@example.com', 'owner-password-1');
    const token = tokenOf((await issueAdminSetupLink({ db, appUrl: server.url }))!);
    const wrong = await setup(token, {
      email: 'owner@example.com',
      password: 'not-the-password',
      confirmPassword: 'not-the-password',
    });
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).message).toBe(
      'This email already has an account: enter its password to make it the admin.',
    );
    expect(await adminSetupState({ db, token })).toBe('usable');
    const right = await setup(token, {
      email: 'owner@example.com',
      password: 'owner-password-1',
      confirmPassword: 'owner-password-1',
    });
    expect(right.status).toBe(200);
    expect(await admins()).toEqual(['owner@example.com']);
  });

  it('shows a form page that says why when the link no longer works', async () => {
    const page = await client(server.url).get('/setup/spent-token', { Accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('An admin account already exists on this server. Sign in instead.');
  });
});
