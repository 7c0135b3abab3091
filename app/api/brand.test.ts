import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../../db/schema.ts';
import { registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';

// Issue 24: the account's settings (PUT /api/v1/users/me), merchants' own fonts in the files library, and the
// brand a catalog save keeps (sanitized CSS, plan-gated custom CSS).

let server: TestServer;
let premium: Awaited<ReturnType<typeof registeredClient>>;
let business: Awaited<ReturnType<typeof registeredClient>>;

async function onPlan(email: string, planId: string) {
  const [u] = await server.runtime.db.select().from(users).where(eq(users.email, email));
  await server.runtime.db.insert(subscriptions).values({
    userId: u!.id,
    planId,
    type: 'manual',
    title: planId,
    startDate: new Date(),
    durationDays: 365,
  });
}

const require = createRequire(import.meta.url);
const loraDir = path.join(path.dirname(require.resolve('@fontsource/lora')), 'files');
const lora = (ext: 'woff' | 'woff2') =>
  new Uint8Array(readFileSync(path.join(loraDir, `lora-latin-400-normal.${ext}`)));
const dejavu = new Uint8Array(readFileSync('/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf'));

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  premium = await registeredClient(server.url, 'brand-premium@example.com');
  business = await registeredClient(server.url, 'brand-business@example.com');
  await onPlan('brand-premium@example.com', 'PREMIUM');
  await onPlan('brand-business@example.com', 'BUSINESS');
});
afterAll(() => server?.close());

describe('GET and PUT /api/v1/users/me (account settings)', () => {
  it('answers every setting with its default, changes only the ones named, and new catalogs follow', async () => {
    const me = await (await business.get('/api/v1/users/me')).json();
    expect(me.settings).toMatchObject({ image_quality: 'q80' });
    const res = await business.put('/api/v1/users/me', {
      businessName: 'Maison Brand',
      locale: 'fr',
      settings: { page_format: 'Letter', image_quality: 'q90', ga4_tracking_id: 'g-abc1234' },
    });
    expect(res.status).toBe(200);
    const after = await res.json();
    expect(after).toMatchObject({ businessName: 'Maison Brand', locale: 'fr' });
    expect(after.settings).toMatchObject({
      page_format: 'Letter',
      image_quality: 'q90',
      ga4_tracking_id: 'G-ABC1234',
    });

    const again = await (
      await business.put('/api/v1/users/me', { settings: { synchronize_orders: true } })
    ).json();
    expect(again.settings).toMatchObject({
      page_format: 'Letter',
      image_quality: 'q90',
      synchronize_orders: true,
    });

    const created = await (await business.post('/api/v1/catalogs', { title: 'Follows the account' })).json();
    expect(created.data.settings.page_format).toBe('Letter');
  });

  it('refuses a page format, a quality or a GA4 id that is not one, and keeps what was stored', async () => {
    for (const settings of [
      { page_format: 'A3' },
      { image_quality: 'q5' },
      { ga4_tracking_id: 'UA-1234-5' },
    ]) {
      const res = await business.put('/api/v1/users/me', { settings });
      expect(res.status).toBe(400);
    }
    expect((await business.put('/api/v1/users/me', { isAdmin: true })).status).toBe(400);
    const me = await (await business.get('/api/v1/users/me')).json();
    expect(me.settings).toMatchObject({ page_format: 'Letter', image_quality: 'q90' });
    expect(me.isAdmin).toBe(false);
  });
});

describe('custom fonts in the files library (POST /api/v1/files filetype=font)', () => {
  const sendFont = (who: typeof premium, name: string, body: Uint8Array) =>
    who.upload('/api/v1/files', [{ field: 'files', name, body, type: 'application/octet-stream' }], {
      filetype: 'font',
    });

  it('keeps TTF, WOFF and WOFF2 checked by content, named by their family, listed and served from our origin', async () => {
    const r = await sendFont(premium, 'DejaVuSans.ttf', dejavu);
    expect(r.status).toBe(200);
    expect(r.body.data[0]).toMatchObject({ filetype: 'font', mime_type: 'font/ttf', family: 'DejaVu Sans' });
    const w = await sendFont(premium, 'lora.woff', lora('woff'));
    expect(w.body.data[0]).toMatchObject({ mime_type: 'font/woff', family: 'Lora' });
    const w2 = await sendFont(premium, 'Acme-Display_Bold.woff2', lora('woff2'));
    expect(w2.body.data[0]).toMatchObject({ mime_type: 'font/woff2', family: 'Acme Display' });
    expect(w2.body.data[0].url).toMatch(/^\/files\/fonts\/[0-9a-f-]+\/[0-9a-f-]+\.woff2$/);

    const list = await (await premium.get('/api/v1/files?filetype=font')).json();
    expect(list.data.map((f: { family: string }) => f.family).sort()).toEqual([
      'Acme Display',
      'DejaVu Sans',
      'Lora',
    ]);
    const pictures = await (await premium.get('/api/v1/files?filetype=image')).json();
    expect(pictures.data).toEqual([]);

    const served = await fetch(server.url + w2.body.data[0].url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('font/woff2');
    expect(served.headers.get('access-control-allow-origin')).toBe('*');

    const gone = await premium.del(`/api/v1/files/${w2.body.data[0]._id}`);
    expect(gone.status).toBe(200);
    expect((await fetch(server.url + w2.body.data[0].url)).status).toBe(404);
  });

  it('refuses a file that only starts like a font, and names it', async () => {
    const fake = new Uint8Array(64);
    fake.set([0x77, 0x4f, 0x46, 0x32]); // 'wOF2' and nothing that holds together
    const r = await sendFont(premium, 'fake.woff2', fake);
    expect(r.status).toBe(400);
    expect(r.body.message).toBe('"fake.woff2" is not a TTF, OTF, WOFF or WOFF2 font.');
    const png = await sendFont(
      premium,
      'logo.ttf',
      new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"/>'),
    );
    expect(png.status).toBe(400);
  });

  it('is for the plans with custom fonts (SPEC §6): 403 otherwise', async () => {
    const essential = await registeredClient(server.url, 'brand-essential@example.com');
    await onPlan('brand-essential@example.com', 'ESSENTIAL');
    const r = await sendFont(essential, 'lora.woff2', lora('woff2'));
    expect(r.status).toBe(403);
    expect(r.body.message).toBe('Please upgrade to use this feature');
  });
});

describe("a catalog's brand on save", () => {
  const newCatalog = async (who: typeof premium) =>
    await (await who.post('/api/v1/catalogs', { title: 'Brand' })).json();

  it('stores custom CSS sanitized: no other host, no @import', async () => {
    const { data, revision } = await newCatalog(premium);
    const res = await premium.post(`/api/v1/catalogs/${data._id}/changes`, {
      revision,
      document: {
        ...data,
        custom_css:
          '@import url(/x.css);\n.price { color: red; background: url(https://evil.example/t.gif) }',
        theme: { ...data.theme, h1: { 'font-size': '44px' } },
      },
    });
    expect(res.status).toBe(200);
    const saved = (await (await premium.get(`/api/v1/catalogs/${data._id}`)).json()).data;
    expect(saved.custom_css).toContain('color: red');
    expect(saved.custom_css).not.toMatch(/@import|evil\.example/);
    expect(saved.theme.h1).toEqual({ 'font-size': '44px' });
  });

  it('stores the theme and the branding CSS sanitized: no remote url(), no @import, no expression', async () => {
    const { data, revision } = await newCatalog(premium);
    const res = await premium.post(`/api/v1/catalogs/${data._id}/changes`, {
      revision,
      document: {
        ...data,
        branding_css: ':root { --brand-accent: #aa3355; --bg: url(https://evil.example/b.png) }',
        theme: {
          ...data.theme,
          ':root': {
            ...data.theme[':root'],
            '--brand-primary': '#223344',
            '--logo': 'url(//evil.example/l.png)',
          },
          '.cb-page': { 'background-image': 'url(/files/own/bg.jpg)', width: 'expression(alert(1))' },
          h1: { color: 'red; } @import url(https://evil.example/a.css); h2 { color: blue' },
          '@import url(https://evil.example/b.css); .x': { color: 'red' },
        },
      },
    });
    expect(res.status).toBe(200);
    const saved = (await (await premium.get(`/api/v1/catalogs/${data._id}`)).json()).data;
    expect(saved.theme[':root']['--brand-primary']).toBe('#223344');
    expect(saved.theme[':root']).not.toHaveProperty('--logo');
    expect(saved.theme['.cb-page']).toEqual({ 'background-image': 'url(/files/own/bg.jpg)' });
    expect(saved.theme).not.toHaveProperty('h1');
    expect(JSON.stringify(saved.theme)).not.toMatch(/evil\.example|@import|expression/);
    expect(saved.branding_css).toContain('--brand-accent: #aa3355');
    expect(saved.branding_css).not.toMatch(/evil\.example/);
  });

  it('changes the theme on Business, but custom CSS only on the plans with custom design (403)', async () => {
    const { data, revision } = await newCatalog(business);
    const themed = await business.post(`/api/v1/catalogs/${data._id}/changes`, {
      revision,
      document: { ...data, theme: { ...data.theme, ':root': { '--brand-primary': '#aa3355' } } },
    });
    expect(themed.status).toBe(200);
    const css = await business.post(`/api/v1/catalogs/${data._id}/changes`, {
      revision: revision + 1,
      document: { ...data, custom_css: '.price { color: red }' },
    });
    expect(css.status).toBe(403);
    expect((await css.json()).message).toBe('Please upgrade to use this feature');
    const saved = (await (await business.get(`/api/v1/catalogs/${data._id}`)).json()).data;
    expect(saved.custom_css).toBe('');
    expect(saved.theme[':root']['--brand-primary']).toBe('#aa3355');
  });
});
