import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordedSessions, users } from '../../db/schema.ts';
import {
  client,
  FROM_APP,
  registeredClient,
  startTestServer,
  type TestServer,
} from '../../scripts/testing/server.ts';

/* The staff console's calls (issue 26, SPEC §2.1, §7 'Admin and catalogs'). */

let server: TestServer;
let merchant: Awaited<ReturnType<typeof registeredClient>>;
let staff: ReturnType<typeof client>;

beforeAll(async () => {
  server = await startTestServer({
    WORKER: 'off',
    ADMIN_EMAIL: 'console@example.com',
    ADMIN_PASSWORD: 'console-password-1',
  });
  merchant = await registeredClient(server.url, 'shopkeeper@example.com');
  await registeredClient(server.url, 'shop+sample@example.com');
  staff = client(server.url);
  expect(
    (await staff.post('/auth/login', { email: 'console@example.com', password: 'console-password-1' }))
      .status,
  ).toBe(200);
});
afterAll(() => server?.close());

const STAFF_ONLY: [string, string][] = [
  ['get', '/api/v1/users'],
  ['get', '/api/v1/all-catalogs'],
  ['get', '/api/v1/waitingusers'],
  ['get', '/api/v1/unregisteredusers'],
  ['get', '/api/v1/download-users'],
  ['get', '/api/v1/download-unregistered-users'],
  ['get', '/api/v1/global-settings?key=access_token'],
  ['get', '/api/v1/pagelayouts?scope=library'],
  ['get', '/api/v1/subscriptions/extend?email=shopkeeper@example.com'],
  ['get', '/api/v1/subscriptions/upgrade?email=shopkeeper@example.com&upgrade=true'],
];

describe('the staff console API', () => {
  it('answers 403 to a merchant on every staff call', async () => {
    for (const [method, path] of STAFF_ONLY) {
      const res = await (method === 'get' ? merchant.get(path, FROM_APP) : merchant.post(path, {}));
      expect(res.status, path).toBe(403);
    }
    const put = await merchant.put('/api/v1/global-settings', { key: 'promotion', value: { active: true } });
    expect(put.status).toBe(403);
  });

  it('keeps one waiting-list row per address and platform, and tells staff who registered since', async () => {
    const anyone = client(server.url);
    for (const email of ['Waiter@Example.com', 'waiter@example.com'])
      expect((await anyone.post('/api/v1/waitingusers', { email, platform: 'Wix' })).status).toBe(200);
    await anyone.post('/api/v1/waitingusers', { email: 'shopkeeper@example.com', platform: 'squarespace' });
    const bad = await anyone.post('/api/v1/waitingusers', { email: 'not-an-address', platform: 'wix' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).message).toContain('Please enter a valid email address');

    const list = await (await staff.get('/api/v1/waitingusers?sort=email')).json();
    expect(list.total).toBe(2);
    expect(
      list.data.map((r: { email: string; platform: string; registered: boolean }) => [
        r.email,
        r.platform,
        r.registered,
      ]),
    ).toEqual([
      ['shopkeeper@example.com', 'squarespace', true],
      ['waiter@example.com', 'wix', false],
    ]);
    const found = await (await staff.get('/api/v1/waitingusers?filter=wix')).json();
    expect(found.data.map((r: { email: string }) => r.email)).toEqual(['waiter@example.com']);
    expect((await staff.get('/api/v1/waitingusers?sort=password')).status).toBe(400);
  });

  it('lists and downloads the leads that have no account', async () => {
    const anyone = client(server.url);
    await anyone.post('/api/v2/users/leads', { email: 'lead@example.com', segment_id: 7 });
    await anyone.post('/api/v2/users/leads', { email: 'lead@example.com', segment_id: 7 });
    await anyone.post('/api/v2/users/leads', { email: '-cmd@example.com', segment_id: 'ads' });
    await anyone.post('/api/v2/users/leads', { email: 'shopkeeper@example.com', segment_id: 'ads' });
    const list = await (await staff.get('/api/v1/unregisteredusers?sort=email&limit=1')).json();
    expect(list).toMatchObject({ total: 2, count: 1 });
    expect(list.data[0]).toMatchObject({ email: '-cmd@example.com', segment_id: 'ads' });

    const csv = await staff.get('/api/v1/download-unregistered-users');
    expect(csv.headers.get('content-type')).toContain('text/csv');
    expect(csv.headers.get('content-disposition')).toMatch(
      /^attachment; filename="unregistered-users-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = (await csv.text())
      .replace(/^\ufeff/, '')
      .trim()
      .split('\r\n');
    expect(lines[0]).toBe('email,segment_id,created_at');
    expect(lines.slice(1).map((l) => l.split(',').slice(0, 2).join(','))).toEqual([
      'lead@example.com,7',
      // A cell a spreadsheet would run as a formula is prefixed.
      "'-cmd@example.com,ads",
    ]);
  });

  it('records sessions and shows their durations, stores and staff actions on the user row', async () => {
    const me = await merchant.get('/api/v1/users/me/recorded_sessions', FROM_APP);
    expect(me.status).toBe(200);
    expect((await me.json()).data).toHaveLength(1);
    const [u] = await server.runtime.db.select().from(users).where(eq(users.email, 'shopkeeper@example.com'));
    // An older session of 90 seconds beside today's.
    await server.runtime.db.insert(recordedSessions).values({
      userId: u!.id,
      startTime: new Date('2026-01-01T10:00:00Z'),
      endTime: new Date('2026-01-01T10:01:30Z'),
    });

    const extended = await staff.get('/api/v1/subscriptions/extend?email=shopkeeper@example.com', FROM_APP);
    expect(extended.status).toBe(200);
    const list = await (await staff.get('/api/v1/users?filter=shopkeeper')).json();
    expect(list.total).toBe(1);
    const row = list.data[0];
    expect(row.sessions).toMatchObject({ count: 2, max: 90 });
    expect(row.sessions.total).toBeGreaterThanOrEqual(90);
    expect(row.subscription).toMatchObject({ is_trial: true });
    expect(row.staffActions).toEqual([
      expect.objectContaining({ action: 'extend_trial', by: 'console@example.com' }),
    ]);

    const sorted = await (await staff.get('/api/v1/users?sort=email')).json();
    const emails = sorted.data.map((r: { email: string }) => r.email);
    expect(emails).toEqual([...emails].sort());

    const csv = await (await staff.get('/api/v1/download-users')).text();
    const header = csv.replace(/^\ufeff/, '').split('\r\n')[0];
    expect(header).toBe(
      'email,business_name,platform,roles,plan,trial,days_left,catalogs,stores,sessions,session_total_seconds,created_at,last_login_at',
    );
    expect(csv).toContain('shopkeeper@example.com,');
  });

  it('lists every catalog with its cover and viewer link, skips internal accounts, and logs featuring', async () => {
    const own = (await (await merchant.post('/api/v1/catalogs', { title: 'Spring range' })).json()).data._id;
    const sample = await registeredClient(server.url, 'demo+template@example.com').catch(() => null);
    if (sample) await sample.post('/api/v1/catalogs', { title: 'Internal template' });
    expect((await staff.put(`/api/v1/catalogs/${own}`, { featured: true })).status).toBe(200);

    const all = await (await staff.get('/api/v1/all-catalogs?sort=title')).json();
    const titles = all.data.map((c: { title: string }) => c.title);
    expect(titles).toContain('Spring range');
    expect(titles).not.toContain('Internal template');
    const row = all.data.find((c: { _id: string }) => c._id === own);
    expect(row).toMatchObject({
      featured: true,
      view_url: `/view/${own}`,
      user: { email: 'shopkeeper@example.com' },
      staffActions: [expect.objectContaining({ action: 'feature', by: 'console@example.com' })],
    });
    expect(row.cover.pages).toHaveLength(1);
    const featured = await (await staff.get('/api/v1/all-catalogs?featured=true')).json();
    expect(featured.data.map((c: { _id: string }) => c._id)).toEqual([own]);
  });

  it('keeps the global settings: promotion for anyone, access_token for staff only', async () => {
    const anyone = client(server.url);
    expect(await (await anyone.get('/api/v1/global-settings?key=promotion')).json()).toEqual({
      key: 'promotion',
      value: { active: false, text: '', coupon: '' },
    });
    const set = await staff.put('/api/v1/global-settings', {
      key: 'promotion',
      value: { active: true, text: 'Spring sale', coupon: 'SPRING' },
    });
    expect(set.status).toBe(200);
    expect((await (await anyone.get('/api/v1/global-settings?key=promotion')).json()).value).toEqual({
      active: true,
      text: 'Spring sale',
      coupon: 'SPRING',
    });
    const bad = await staff.put('/api/v1/global-settings', { key: 'promotion', value: { active: 'yes' } });
    expect(bad.status).toBe(400);
    expect((await staff.put('/api/v1/global-settings', { key: 'access_token', value: 'tok-1' })).status).toBe(
      200,
    );
    expect((await (await staff.get('/api/v1/global-settings?key=access_token')).json()).value).toBe('tok-1');
    expect((await anyone.get('/api/v1/global-settings?key=access_token')).status).toBe(403);
    expect((await staff.get('/api/v1/global-settings?key=nope')).status).toBe(400);
  });
});
