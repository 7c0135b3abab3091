import { randomUUID } from 'node:crypto';
import { crc32 } from 'node:zlib';
import { eq } from 'drizzle-orm';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files, users } from '../../db/schema.ts';
import { registeredClient, startTestServer, type TestServer } from '../../scripts/testing/server.ts';
import { FILES_CSP, type Storage } from '../../server/files/index.ts';
import { storeListingImages } from '../../server/listings/index.ts';

// The upload-images step of the CSV import (SPEC §4) and how its pictures are kept and served.

let server: TestServer;
let alice: Awaited<ReturnType<typeof registeredClient>>;

beforeAll(async () => {
  server = await startTestServer();
  alice = await registeredClient(server.url, 'importer@example.com');
});
afterAll(() => server?.close());

const upload: typeof alice.upload = (...args) => alice.upload(...args);

/** A PNG with a tEXt chunk after its header: still a valid picture, with any text inside. */
function pngWithText(png: Buffer, text: string): Buffer {
  const data = Buffer.concat([Buffer.from('Comment\0', 'latin1'), Buffer.from(text, 'latin1')]);
  const type = Buffer.from('tEXt', 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  type.copy(chunk, 4);
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(Buffer.concat([type, data])), 8 + data.length);
  const headerEnd = 8 + 25; // signature, then the IHDR chunk (13 bytes of data)
  return Buffer.concat([png.subarray(0, headerEnd), chunk, png.subarray(headerEnd)]);
}
describe('the upload-images step', () => {
  const images = '/api/v1/listings/import/images';
  /** The files stored under an owner's pictures folder, on whichever storage the suite runs. */
  const storedKeys = async (ownerId: string) => {
    const keys: string[] = [];
    for await (const f of server.runtime.storage.list(`images/${ownerId}/`)) keys.push(f.key);
    return keys.sort();
  };

  it('stores pictures and answers their address by file name; the address serves the picture', async () => {
    const png = await sharp({ create: { width: 4, height: 3, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const r = await upload(images, [
      { field: 'files', name: 'shirt back.png', body: new Uint8Array(png), type: 'image/png' },
    ]);
    expect(r.status).toBe(200);
    expect(r.body.data).toHaveLength(1);
    expect(r.body.data[0].name).toBe('shirt back.png');
    // The stored name is ours; the uploader's stays in the files record for display.
    expect(r.body.data[0].url).toMatch(/^\/files\/images\/[0-9a-f-]+\/[0-9a-f-]+\.png$/);
    const served = await fetch(server.url + r.body.data[0].url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('content-disposition')).toBeNull();
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
    const [row] = await server.runtime.db
      .select()
      .from(files)
      .where(eq(files.url, r.body.data[0].url as string));
    expect(row).toMatchObject({ name: 'shirt back.png', filetype: 'image', mimeType: 'image/png' });
  });

  it('a picture carrying HTML, named evil.html, is stored and served as the picture it is', async () => {
    const png = pngWithText(
      await sharp({ create: { width: 2, height: 2, channels: 3, background: '#000' } })
        .png()
        .toBuffer(),
      '<html><body><script>fetch("/api/v1/users/me").then(r=>r.text()).then(alert)</script></body></html>',
    );
    expect((await sharp(png).metadata()).format).toBe('png');
    const r = await upload(images, [
      { field: 'files', name: 'evil.html', body: new Uint8Array(png), type: 'text/html' },
    ]);
    expect(r.status).toBe(200);
    const url = r.body.data[0].url as string;
    expect(r.body.data[0].name).toBe('evil.html');
    expect(url).toMatch(/\.png$/);
    expect(url).not.toContain('evil');
    expect(url).not.toContain('html');
    const served = await fetch(server.url + url);
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('image/png');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe(FILES_CSP);
    expect(FILES_CSP).toBe("default-src 'none'; img-src 'self'; style-src 'unsafe-inline'; sandbox");
    expect(Buffer.from(await served.arrayBuffer()).equals(png)).toBe(true);
  });

  it('a file stored before under an uploader name ending in .html is a download, never a page', async () => {
    const key = `images/${randomUUID()}/${randomUUID()}/evil.html`;
    await server.runtime.storage.put(key, Buffer.from('<script>alert(document.cookie)</script>'));
    const served = await fetch(server.url + server.runtime.storage.url(key));
    expect(served.status).toBe(200);
    expect(served.headers.get('content-type')).toBe('application/octet-stream');
    expect(served.headers.get('content-disposition')).toBe('attachment');
    expect(served.headers.get('x-content-type-options')).toBe('nosniff');
    expect(served.headers.get('content-security-policy')).toBe(FILES_CSP);
  });

  it('refuses a file that is not a picture, whatever its name says', async () => {
    const r = await upload(images, [
      { field: 'files', name: 'fake.png', body: 'not a picture', type: 'image/png' },
    ]);
    expect(r).toEqual({
      status: 400,
      body: {
        error: 'invalid',
        message: '"fake.png" is not a JPEG, PNG, GIF or WebP picture.',
        details: { file: 'fake.png', problem: 'not_accepted' },
      },
    });
  });

  it('refuses an empty file with a 400 naming it', async () => {
    const r = await upload(images, [
      { field: 'files', name: 'empty.png', body: new Uint8Array(0), type: 'image/png' },
    ]);
    expect(r).toEqual({
      status: 400,
      body: {
        error: 'invalid',
        message: '"empty.png" is empty.',
        details: { file: 'empty.png', problem: 'empty' },
      },
    });
  });

  it('writes no file when the database refuses the record', async () => {
    const png = await sharp({ create: { width: 2, height: 2, channels: 3, background: '#fff' } })
      .png()
      .toBuffer();
    // A real refusal: no user has this id, so the files row breaks its owner foreign key.
    const ownerId = randomUUID();
    await expect(
      storeListingImages({
        db: server.runtime.db,
        storage: server.runtime.storage,
        ownerId,
        files: [new File([new Uint8Array(png)], 'orphan.png', { type: 'image/png' })],
      }),
    ).rejects.toThrow();
    expect(await storedKeys(ownerId)).toEqual([]);
  });

  it('keeps neither records nor files when writing a file fails part way', async () => {
    const [owner] = await server.runtime.db
      .select({ id: users.id })
      .from(users)
      .where(eq(users.email, 'importer@example.com'));
    const before = await server.runtime.db.select().from(files).where(eq(files.ownerId, owner!.id));
    // Two different pictures: the same content twice would be kept once (one write).
    const png = (background: string) =>
      sharp({ create: { width: 2, height: 2, channels: 3, background } })
        .png()
        .toBuffer();
    const [green, blue] = [await png('#0f0'), await png('#00f')];
    // The real disk storage, failing on its second write as a full disk would.
    const real = server.runtime.storage;
    let writes = 0;
    const storage: Storage = {
      ...real,
      put: async (key, body, o) => {
        if (++writes === 2) throw new Error('No space left on device');
        return real.put(key, body, o);
      },
    };
    const picture = (name: string, bytes: Buffer) =>
      new File([new Uint8Array(bytes)], name, { type: 'image/png' });
    await expect(
      storeListingImages({
        db: server.runtime.db,
        storage,
        ownerId: owner!.id,
        files: [picture('first.png', green), picture('second.png', blue)],
      }),
    ).rejects.toThrow('No space left on device');
    expect(writes).toBe(2);
    const after = await server.runtime.db.select().from(files).where(eq(files.ownerId, owner!.id));
    expect(after).toEqual(before);
    expect(await storedKeys(owner!.id)).toEqual(before.map((f) => f.key).sort());
  });
});
