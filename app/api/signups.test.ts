import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { client, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

/*
 * The waiting list and leads (issue 27 §3, SPEC §7 waitingusers and users/leads): a new address gets one
 * confirmation mail in the page's language with a signed unsubscribe link; the link asks first, then removes
 * the address from the waiting list and the leads; a forged link removes nothing.
 */
let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
});
afterAll(() => server?.close());

/** The mails sent to an address since `before` (the outbox's file names sort by time). */
const mailsTo = (email: string, before: number) =>
  server
    .outbox()
    .slice(before)
    .map((f) => server.readMail(f))
    .filter((m) => m.includes(`To: ${email}`));

/** A quoted-printable body as text: soft line breaks joined, bytes decoded. */
const decoded = (mail: string) =>
  Buffer.from(
    mail
      .replace(/=\r?\n/g, '')
      .replace(/=([0-9A-F]{2})/g, (_, h: string) => String.fromCharCode(parseInt(h, 16))),
    'latin1',
  ).toString('utf8');

const unsubscribeLink = (mail: string) => {
  const text = decoded(mail).replace(/^List-Unsubscribe:[\s\S]*?>/m, '');
  return /https?:\/\/\S+\/unsubscribe\?lng=(?:en|fr)&token=[\w.-]+/.exec(text)?.[0] ?? null;
};

/** The unsubscribe page as a browser opens it, and its form as a browser posts it. */
const openPage = (path: string) => fetch(server.url + path);
const postForm = (path: string, fields: Record<string, string>) =>
  fetch(server.url + path, {
    method: 'POST',
    headers: { Origin: server.url, 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields),
  });

const staffCount = async (list: 'waitingusers' | 'unregisteredusers', email: string) => {
  const { db } = server.runtime;
  const { waitingList, leads } = await import('../../db/schema.ts');
  const { eq } = await import('drizzle-orm');
  const table = list === 'waitingusers' ? waitingList : leads;
  return (await db.select().from(table).where(eq(table.email, email))).length;
};

describe('the waiting list and leads', () => {
  it('confirms a new address once by mail, in the language of the page, with an unsubscribe link', async () => {
    const anyone = client(server.url);
    const before = server.outbox().length;
    const res = await anyone.post('/api/v1/waitingusers', {
      email: 'Marchand@Example.com',
      platform: 'Wix',
      language: 'fr',
    });
    expect(res.status).toBe(200);
    expect((await res.json()).data).toMatchObject({ email: 'marchand@example.com', platform: 'wix' });
    // The same address and platform again: still one row, no second mail.
    expect(
      (await anyone.post('/api/v1/waitingusers', { email: 'marchand@example.com', platform: 'wix' })).status,
    ).toBe(200);
    const mails = mailsTo('marchand@example.com', before);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('Subject: =?UTF-8?Q?Vous_=C3=AAtes_sur_la_liste_d=27attente_?=');
    expect(decoded(mails[0]!)).toContain('quand les boutiques Wix pourront se connecter');
    expect(mails[0]!.replace(/\r?\n /g, ' ')).toMatch(/List-Unsubscribe: <https?:\/\/[^>]+\/unsubscribe\?/);
    expect(unsubscribeLink(mails[0]!)).toContain('/unsubscribe?lng=fr&token=');
  });

  it('mails the lessons to a lead of /e-commerce-courses', async () => {
    const before = server.outbox().length;
    const res = await client(server.url).post('/api/v2/users/leads', {
      email: 'learner@example.com',
      segment_id: 'courses',
      language: 'en',
    });
    expect(res.status).toBe(200);
    const [mail] = mailsTo('learner@example.com', before);
    expect(mail).toContain('Subject: Your Catalog Builder lessons');
    const text = decoded(mail!).replace(/^List-Unsubscribe:[\s\S]*?>/m, '');
    expect(text).toContain('/help/getting-started');
    expect(text.match(/\/help\/[a-z-]+/g)?.length).toBe(14);
  });

  it('refuses a bad address with the field named, and sends nothing', async () => {
    const before = server.outbox().length;
    const res = await client(server.url).post('/api/v1/waitingusers', { email: 'nope', platform: 'wix' });
    expect(res.status).toBe(400);
    expect((await res.json()).details[0]).toMatchObject({
      path: ['email'],
      message: 'Please enter a valid email address',
    });
    expect(server.outbox().length).toBe(before);
  });

  it('the unsubscribe link asks, then removes the address from the waiting list and the leads', async () => {
    const anyone = client(server.url);
    const before = server.outbox().length;
    await anyone.post('/api/v1/waitingusers', { email: 'leaving@example.com', platform: 'etsy' });
    await anyone.post('/api/v2/users/leads', { email: 'leaving@example.com', segment_id: 'home' });
    const [mail] = mailsTo('leaving@example.com', before);
    const link = unsubscribeLink(mail!)!;
    expect(link).toBeTruthy();
    const path = link.slice(link.indexOf('/unsubscribe'));

    // Opening the link (a mail scanner does) removes nothing.
    const page = await openPage(path);
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Remove leaving@example.com from our list?');
    expect(await staffCount('waitingusers', 'leaving@example.com')).toBe(1);
    expect(await staffCount('unregisteredusers', 'leaving@example.com')).toBe(1);

    const token = new URL(link).searchParams.get('token')!;
    const done = await postForm(path, { token });
    expect(done.status).toBe(200);
    expect(await done.text()).toContain('Your address leaving@example.com is removed.');
    expect(await staffCount('waitingusers', 'leaving@example.com')).toBe(0);
    expect(await staffCount('unregisteredusers', 'leaving@example.com')).toBe(0);
  });

  it('a forged or altered token removes nothing', async () => {
    const anyone = client(server.url);
    await anyone.post('/api/v1/waitingusers', { email: 'stays@example.com', platform: 'etsy' });
    const forged = `${Buffer.from('stays@example.com').toString('base64url')}.${'0'.repeat(32)}`;
    const page = await openPage(`/unsubscribe?token=${forged}`);
    expect(await page.text()).toContain('This link is not valid.');
    const res = await postForm('/unsubscribe', { token: forged });
    expect(await res.text()).toContain('This link is not valid.');
    expect(await staffCount('waitingusers', 'stays@example.com')).toBe(1);
  });
});
