import { randomUUID } from 'node:crypto';
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createImageElement, createPage, getDefaultLayout } from '../../core/layouts/index.ts';
import { files } from '../../db/schema.ts';
import { client, registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { keyFromUrl } from '../../server/files/index.ts';

// The merchant's picture library (SPEC §3 File, §7 api/v1/files) that the editor's Images tab uses.

let server: TestServer;
let alice: Awaited<ReturnType<typeof registeredClient>>;
let bob: Awaited<ReturnType<typeof registeredClient>>;

beforeAll(async () => {
  server = await startTestServer();
  alice = await registeredClient(server.url, 'pictures-alice@example.com');
  bob = await registeredClient(server.url, 'pictures-bob@example.com');
});
afterAll(() => server?.close());

async function picture(format: 'png' | 'jpeg' | 'webp', opts: { alpha?: boolean; width?: number } = {}) {
  const image = sharp({
    create: {
      width: opts.width ?? 8,
      height: 6,
      channels: opts.alpha ? 4 : 3,
      background: opts.alpha ? { r: 200, g: 40, b: 40, alpha: 0.5 } : '#336699',
    },
  });
  return new Uint8Array(await image.toFormat(format).toBuffer());
}

type Who = typeof alice;
const send = (who: Who, pictures: { name: string; body: Uint8Array | string; type?: string }[]) =>
  who.upload(
    '/api/v1/files',
    pictures.map((p) => ({ field: 'files', type: 'image/png', ...p })),
  );
const list = async (who: Who, query = '') => {
  const res = await who.get(`/api/v1/files${query}`);
  return { status: res.status, body: await res.json() };
};
const stored = (url: string) => server.runtime.storage.exists(keyFromUrl(url)!);

describe('POST /api/v1/files', () => {
  it('stores several pictures at once, checked by content, under our own keys, and serves them', async () => {
    const png = await picture('png');
    const jpeg = await picture('jpeg');
    const r = await send(alice, [
      { name: 'front.png', body: png },
      { name: 'back.jpeg', body: jpeg, type: 'application/octet-stream' },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.data.map((f: { name: string }) => f.name)).toEqual(['front.png', 'back.jpeg']);
    expect(r.body.data[0]).toMatchObject({ filetype: 'image', mime_type: 'image/png', size: png.byteLength });
    expect(r.body.data[1]).toMatchObject({ mime_type: 'image/jpeg' });
    expect(r.body.url).toBe(r.body.data[0].url);
    expect(r.body.data[0].url).toMatch(/^\/files\/images\/[0-9a-f-]+\/[0-9a-f-]+\.png$/);
    expect(r.body.data[1].url).toMatch(/\.jpg$/);
    const served = await fetch(server.url + r.body.data[0].url);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await served.arrayBuffer()).equals(Buffer.from(png))).toBe(true);
  });

  it('converts WebP (SPEC §4 Other): to JPEG, or to PNG when it has transparency', async () => {
    const r = await send(alice, [
      { name: 'photo.webp', body: await picture('webp'), type: 'image/webp' },
      { name: 'logo.webp', body: await picture('webp', { alpha: true }), type: 'image/webp' },
    ]);
    expect(r.status).toBe(200);
    const [photo, logo] = r.body.data;
    expect(photo).toMatchObject({ name: 'photo.webp', mime_type: 'image/jpeg' });
    expect(photo.url).toMatch(/\.jpg$/);
    expect(logo).toMatchObject({ name: 'logo.webp', mime_type: 'image/png' });
    const served = Buffer.from(await (await fetch(server.url + logo.url)).arrayBuffer());
    const meta = await sharp(served).metadata();
    expect([meta.format, meta.hasAlpha, meta.width]).toEqual(['png', true, 8]);
  });

  it('refuses a picture over 10 MB with a 400 naming it, and keeps nothing of that request', async () => {
    const before = (await list(alice)).body.total;
    const big = new Uint8Array(10 * 1024 * 1024 + 1);
    big.set(await picture('png'));
    const r = await send(alice, [
      { name: 'small.png', body: await picture('png') },
      { name: 'poster.png', body: big },
    ]);
    expect(r).toEqual({
      status: 400,
      body: {
        error: 'invalid',
        message: '"poster.png" is larger than 10 MB.',
        // The problem by name, so the editor says it in the merchant's language.
        details: { file: 'poster.png', problem: 'too_large' },
      },
    });
    expect((await list(alice)).body.total).toBe(before);
  });

  it('answers 400 naming the file or the field for what is not a picture', async () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>';
    expect(await send(alice, [{ name: 'logo.svg', body: svg, type: 'image/svg+xml' }])).toEqual({
      status: 400,
      body: {
        error: 'invalid',
        message: '"logo.svg" is not a JPEG, PNG, GIF or WebP picture.',
        details: { file: 'logo.svg', problem: 'not_accepted' },
      },
    });
    expect(await send(alice, [{ name: 'empty.png', body: new Uint8Array(0) }])).toEqual({
      status: 400,
      body: {
        error: 'invalid',
        message: '"empty.png" is empty.',
        details: { file: 'empty.png', problem: 'empty' },
      },
    });
    const none = await alice.upload('/api/v1/files', [], { filetype: 'image' });
    expect(none).toEqual({
      status: 400,
      body: { error: 'invalid', message: 'Choose the pictures to upload.' },
    });
    const video = await alice.upload(
      '/api/v1/files',
      [{ field: 'files', name: 'a.png', body: await picture('png') }],
      { filetype: 'video' },
    );
    expect(video.status).toBe(400);
    expect(video.body.message).toBe('filetype: expected image or font');
    // Fonts are for the plans with custom fonts (app/api/brand.test.ts): not the trial.
    const font = await alice.upload(
      '/api/v1/files',
      [{ field: 'files', name: 'a.png', body: await picture('png') }],
      { filetype: 'font' },
    );
    expect(font.status).toBe(403);
  });

  it('answers 401 signed out and 403 from another site, storing nothing', async () => {
    const before = (await list(alice)).body.total;
    const form = () => {
      const f = new FormData();
      f.append('files', new Blob([Buffer.from('x')], { type: 'image/png' }), 'a.png');
      return f;
    };
    expect((await fetch(`${server.url}/api/v1/files`, { method: 'POST', body: form() })).status).toBe(401);
    const cross = await fetch(`${server.url}/api/v1/files`, {
      method: 'POST',
      headers: { 'Sec-Fetch-Site': 'cross-site', Cookie: alice.jar.header() },
      body: form(),
    });
    expect(cross.status).toBe(403);
    expect((await list(alice)).body.total).toBe(before);
  });
});

describe('GET /api/v1/files', () => {
  it("lists the owner's pictures newest first (one upload's by name), 25 a page, and never another owner's", async () => {
    const mine = await list(alice);
    expect(mine.status).toBe(200);
    expect(mine.body.total).toBe(4);
    expect(mine.body.data.map((f: { name: string }) => f.name)).toEqual([
      'logo.webp',
      'photo.webp',
      'back.jpeg',
      'front.png',
    ]);
    const second = await list(alice, '?page=2&limit=3');
    expect(second.body).toMatchObject({ total: 4, count: 1 });
    expect(second.body.data[0].name).toBe('front.png');
    expect((await list(bob)).body).toEqual({ data: [], total: 0, count: 0 });
    expect((await list(alice, '?filetype=font')).body.total).toBe(0);
  });

  it('answers 400 naming the field for a bad query, 401 signed out', async () => {
    for (const [query, field] of [
      ['?filetype=pdf', 'filetype'],
      ['?page=0', 'page'],
      ['?limit=1000', 'limit'],
    ]) {
      const r = await list(alice, query);
      expect(r.status).toBe(400);
      expect(r.body.message).toContain(field);
    }
    expect((await list(client(server.url))).status).toBe(401);
  });
});

describe('DELETE /api/v1/files/{fileId}', () => {
  const upload = async (who: Who, name: string) =>
    (await send(who, [{ name, body: await picture('png', { width: 5 }) }])).body.data[0] as {
      _id: string;
      url: string;
    };

  it("answers 404 for another owner's picture or an unknown id, and changes nothing", async () => {
    const bobs = await upload(bob, 'bob.png');
    for (const id of [bobs._id, randomUUID(), 'not-an-id']) {
      const res = await alice.del(`/api/v1/files/${id}`);
      expect(res.status).toBe(404);
      expect((await res.json()).message).toBe('This picture is not in your files.');
    }
    expect((await list(bob)).body.total).toBe(1);
    expect(await stored(bobs.url)).toBe(true);
  });

  it('removes an unused picture from the library and from storage', async () => {
    const pic = await upload(alice, 'unused.png');
    const res = await alice.del(`/api/v1/files/${pic._id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { _id: pic._id, fileKept: false } });
    expect((await list(alice)).body.data.some((f: { _id: string }) => f._id === pic._id)).toBe(false);
    expect(await stored(pic.url)).toBe(false);
    expect((await fetch(server.url + pic.url)).status).toBe(404);
    expect((await alice.del(`/api/v1/files/${pic._id}`)).status).toBe(404);
  });

  it('leaves the library but keeps the file while a catalog page shows it', async () => {
    const pic = await upload(alice, 'on-a-page.png');
    const page = createPage({ layout: getDefaultLayout('images') });
    page.elements[0] = createImageElement('picture-1', pic.url);
    const created = await alice.post('/api/v1/catalogs', { catalog: { title: 'Lookbook', pages: [page] } });
    expect(created.status).toBe(200);
    const res = await alice.del(`/api/v1/files/${pic._id}`);
    expect(await res.json()).toEqual({ data: { _id: pic._id, fileKept: true } });
    const rows = await server.runtime.db.select().from(files).where(eq(files.id, pic._id));
    expect(rows).toEqual([]);
    const served = await fetch(server.url + pic.url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
  });
});

// Issue 22 §15: the same picture uploaded twice is kept once (per owner, by its content), through the library and
// through the CSV import's pictures alike.
describe('the same picture uploaded again', () => {
  const same = () => picture('png', { width: 13 });
  /** The files kept on disk beside the one at `url` (the owner's picture folder). */
  const onDisk = (url: string) =>
    readdirSync(path.join(server.runtime.config.dirs.files, path.dirname(keyFromUrl(url)!))).length;

  it('answers the file already kept instead of keeping a second copy', async () => {
    const before = (await list(alice)).body.total;
    const first = await send(alice, [{ name: 'swatch.png', body: await same() }]);
    expect(first.status).toBe(200);
    const kept = first.body.data[0];
    const kepts = onDisk(kept.url);
    // Again under another name, and twice in one request: the same file each time.
    const again = await send(alice, [
      { name: 'swatch copy.png', body: await same() },
      { name: 'swatch (2).png', body: await same() },
    ]);
    expect(again.status).toBe(200);
    expect(again.body.data.map((f: { _id: string; url: string }) => [f._id, f.url])).toEqual([
      [kept._id, kept.url],
      [kept._id, kept.url],
    ]);
    expect(again.body.data[0].name).toBe('swatch.png');
    expect((await list(alice)).body.total).toBe(before + 1);
    expect(
      (
        await server.runtime.db
          .select()
          .from(files)
          .where(eq(files.url, kept.url as string))
      ).length,
    ).toBe(1);
    // The CSV import's pictures are the same library: its answer is the kept file's address.
    const imported = await alice.upload('/api/v1/listings/import/images', [
      { field: 'files', name: 'row-12.png', body: await same(), type: 'image/png' },
    ]);
    expect(imported.status).toBe(200);
    expect(imported.body.data).toEqual([{ name: 'row-12.png', url: kept.url }]);
    expect((await list(alice)).body.total).toBe(before + 1);
    expect(onDisk(kept.url)).toBe(kepts);
  });

  it("keeps each owner's own copy, and a new one once the kept file was deleted", async () => {
    const alices = (await send(alice, [{ name: 'shared.png', body: await picture('png', { width: 17 }) }]))
      .body.data[0];
    const bobs = (await send(bob, [{ name: 'shared.png', body: await picture('png', { width: 17 }) }])).body
      .data[0];
    expect(bobs._id).not.toBe(alices._id);
    expect(bobs.url).not.toBe(alices.url);
    expect((await alice.del(`/api/v1/files/${alices._id}`)).status).toBe(200);
    const again = (await send(alice, [{ name: 'shared.png', body: await picture('png', { width: 17 }) }]))
      .body.data[0];
    expect(again._id).not.toBe(alices._id);
    expect(await stored(again.url)).toBe(true);
  });
});
