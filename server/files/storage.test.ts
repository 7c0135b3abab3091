import { mkdtempSync, readdirSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { HeadObjectCommand, S3Client } from '@aws-sdk/client-s3';
import { loadConfig } from '../platform/index.ts';
import { startS3Server, type TestS3Server } from '../../scripts/testing/s3-server.ts';
import { createS3Storage } from './s3-storage.server.ts';
import { createStorage, serveStoredFile } from './serve.server.ts';
import { InvalidKeyError, createLocalStorage, keyFromUrl, type Storage } from './storage.server.ts';

// The storage suite runs on both backends: local disk and an S3 bucket on the local S3 server (which verifies
// every request's signature), so both keep the same contract.
let s3: TestS3Server;
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(() => s3.close());

const streamOf = (...parts: string[]) => Readable.from(parts.map((p) => Buffer.from(p)));
const text = async (r: Readable | null) => {
  if (!r) return null;
  const chunks: Buffer[] = [];
  for await (const c of r) chunks.push(Buffer.from(c as Uint8Array));
  return Buffer.concat(chunks).toString();
};

const backends: [string, () => Storage][] = [
  ['local disk', () => createLocalStorage(mkdtempSync(path.join(os.tmpdir(), 'cb-storage-')))],
  [
    'S3',
    () => {
      const env = s3.env(s3.createBucket());
      return createStorage(loadConfig({ DATA_DIR: mkdtempSync(path.join(os.tmpdir(), 'cb-s3-')), ...env }));
    },
  ],
];

describe.each(backends)('file storage on %s', (name, make) => {
  let storage: Storage;
  beforeAll(() => {
    storage = make();
  });

  it('writes buffers and streams, reads them whole or by range, and reports sizes', async () => {
    await storage.put('images/a.jpg', Buffer.from('jpeg-bytes'));
    await storage.put('pdf/c.pdf', streamOf('%PDF-', '1.7'));
    expect((await storage.get('images/a.jpg'))!.toString()).toBe('jpeg-bytes');
    expect((await storage.get('pdf/c.pdf'))!.toString()).toBe('%PDF-1.7');
    expect(await storage.size('pdf/c.pdf')).toBe(8);
    expect(await text(await storage.open('pdf/c.pdf', { start: 1, end: 3 }))).toBe('PDF');
    expect(await text(await storage.open('images/a.jpg'))).toBe('jpeg-bytes');
    const head = await storage.head('images/a.jpg');
    expect(head).toMatchObject({ size: 10 });
    expect(head!.etag).toMatch(/^(W\/)?".+"$/);
    expect(await storage.get('missing.txt')).toBeNull();
    expect(await storage.open('missing.txt')).toBeNull();
    expect(await storage.head('missing.txt')).toBeNull();
    expect(await storage.exists('missing.txt')).toBe(false);
    expect(storage.kind).toBe(name === 'S3' ? 's3' : 'local');
  });

  it('moves a file over another in one step', async () => {
    await storage.put('pdf/final.pdf', Buffer.from('old'));
    await storage.put('tmp/new.pdf', Buffer.from('new'));
    await storage.move('tmp/new.pdf', 'pdf/final.pdf');
    expect((await storage.get('pdf/final.pdf'))!.toString()).toBe('new');
    expect(await storage.exists('tmp/new.pdf')).toBe(false);
  });

  it('lists and deletes a folder, and only that folder', async () => {
    await storage.put('pages/cat-1/p1.jpg', Buffer.from('1'));
    await storage.put('pages/cat-1/deep/p2.jpg', Buffer.from('22'));
    await storage.put('pages/cat-10/p1.jpg', Buffer.from('3'));
    const listed = [];
    for await (const f of storage.list('pages/cat-1/')) listed.push([f.key, f.size]);
    expect(listed.sort()).toEqual([
      ['pages/cat-1/deep/p2.jpg', 2],
      ['pages/cat-1/p1.jpg', 1],
    ]);
    expect(await storage.deletePrefix('pages/cat-1/')).toBe(2);
    expect(await storage.exists('pages/cat-1/p1.jpg')).toBe(false);
    expect(await storage.exists('pages/cat-10/p1.jpg')).toBe(true);
    expect(await storage.deletePrefix('pages/none/')).toBe(0);
    await expect(storage.deletePrefix('pages')).rejects.toBeInstanceOf(InvalidKeyError);
  });

  it('refuses keys that could leave the storage root', async () => {
    for (const key of ['../etc/passwd', 'a/../../b', '/abs', 'a//b', '']) {
      await expect(storage.put(key, Buffer.from('x'))).rejects.toBeInstanceOf(InvalidKeyError);
    }
  });

  it('serves files with the same headers, validators and ranges, and never PDFs or partial writes', async () => {
    await storage.put('images/o/pic.png', Buffer.from('0123456789'));
    await storage.put('images/o/evil.html', Buffer.from('<script>alert(1)</script>'));
    await storage.put('pdf/x/secret.pdf', Buffer.from('%PDF-secret'));
    const server = http.createServer((req, res) => {
      void serveStoredFile({ storage, key: keyFromUrl(req.url!.split('?')[0]!), req, res });
    });
    await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const res = await fetch(`${base}/files/images/o/pic.png`);
      expect(res.status).toBe(200);
      expect(await res.text()).toBe('0123456789');
      expect(res.headers.get('content-type')).toBe('image/png');
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('content-security-policy')).toMatch(/sandbox/);
      expect(res.headers.get('cache-control')).toBe('public, max-age=3600');
      const etag = res.headers.get('etag')!;
      expect(
        (await fetch(`${base}/files/images/o/pic.png`, { headers: { 'If-None-Match': etag } })).status,
      ).toBe(304);
      const part = await fetch(`${base}/files/images/o/pic.png`, { headers: { Range: 'bytes=2-4' } });
      expect(part.status).toBe(206);
      expect(part.headers.get('content-range')).toBe('bytes 2-4/10');
      expect(await part.text()).toBe('234');
      expect(
        (await fetch(`${base}/files/images/o/pic.png`, { headers: { Range: 'bytes=20-' } })).status,
      ).toBe(416);
      const evil = await fetch(`${base}/files/images/o/evil.html`);
      expect(evil.headers.get('content-type')).toBe('application/octet-stream');
      expect(evil.headers.get('content-disposition')).toBe('attachment');
      for (const p of [
        '/files/pdf/x/secret.pdf',
        '/files/images/o/missing.png',
        '/files/images/o/pic.png.ab12.tmp',
      ])
        expect((await fetch(base + p)).status).toBe(404);
    } finally {
      server.close();
    }
  });

  it('maps keys to /files URLs and back', () => {
    expect(storage.url('pdf/my-catalog.pdf')).toBe('/files/pdf/my-catalog.pdf');
    expect(keyFromUrl('/files/pdf/x.pdf')).toBe('pdf/x.pdf');
    expect(keyFromUrl('http://localhost:3000/files/images/a.jpg')).toBe('images/a.jpg');
    expect(keyFromUrl('https://cdn.example/a.jpg')).toBeNull();
    expect(keyFromUrl('/files/../secret')).toBeNull();
    expect(keyFromUrl('/files/%E0%A4%A')).toBeNull();
  });
});

describe('local file storage', () => {
  it('writes through a temporary file: the folder holds only finished files', async () => {
    const root = mkdtempSync(path.join(os.tmpdir(), 'cb-storage-'));
    const storage = createLocalStorage(root);
    await storage.put('images/a.jpg', streamOf('a', 'b'));
    expect(readdirSync(path.join(root, 'images'))).toEqual(['a.jpg']);
    expect(
      await storage.signedUrl('images/a.jpg', {
        expiresInSeconds: 60,
        contentType: 'image/jpeg',
        contentDisposition: 'inline',
      }),
    ).toBeNull();
  });
});

describe('S3 storage', () => {
  let bucket: string;
  let storage: Storage;
  beforeAll(() => {
    bucket = s3.createBucket();
    storage = createS3Storage({
      bucket,
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: s3.secretAccessKey },
    });
  });

  it('uploads a large stream in parts, visible only once whole', async () => {
    const mb = (i: number) => Buffer.alloc(1024 * 1024, i);
    const before = s3.counts.UploadPart ?? 0;
    await storage.put('pdf/big/catalog.pdf', Readable.from([0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map(mb)), {
      contentType: 'application/pdf',
    });
    expect((s3.counts.UploadPart ?? 0) - before).toBe(2);
    const got = (await storage.get('pdf/big/catalog.pdf'))!;
    expect(got.length).toBe(10 * 1024 * 1024);
    expect(got[9 * 1024 * 1024]).toBe(9);
    expect(s3.objects(bucket).get('pdf/big/catalog.pdf')!.contentType).toBe('application/pdf');
  });

  it('keeps the previous object when a write fails midway', async () => {
    await storage.put('pdf/keep/catalog.pdf', Buffer.from('%PDF-good'));
    // The client retries a failed request (3 attempts): the store keeps failing past that.
    s3.failNext('UploadPart', 100);
    const big = Readable.from([Buffer.alloc(9 * 1024 * 1024, 1), Buffer.alloc(1024, 2)]);
    await expect(storage.put('pdf/keep/catalog.pdf', big)).rejects.toThrow();
    s3.failNext('UploadPart', 0);
    expect((await storage.get('pdf/keep/catalog.pdf'))!.toString()).toBe('%PDF-good');
    s3.failNext('PutObject', 100);
    await expect(storage.put('pdf/keep/catalog.pdf', Buffer.from('%PDF-new'))).rejects.toThrow();
    s3.failNext('PutObject', 0);
    expect((await storage.get('pdf/keep/catalog.pdf'))!.toString()).toBe('%PDF-good');
  });

  it('signs a short-lived download address with the response headers asked for', async () => {
    await storage.put('pdf/signed/catalog.pdf', Buffer.from('%PDF-signed'));
    const url = (await storage.signedUrl('pdf/signed/catalog.pdf', {
      expiresInSeconds: 60,
      contentType: 'application/pdf',
      contentDisposition: 'attachment; filename="Fall.pdf"',
    }))!;
    expect(url).toContain('X-Amz-Signature=');
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-disposition')).toBe('attachment; filename="Fall.pdf"');
    expect(res.headers.get('content-type')).toBe('application/pdf');
    expect(await res.text()).toBe('%PDF-signed');
    // The bucket is private: the same address unsigned, or tampered with, is refused.
    expect((await fetch(url.split('?')[0]!)).status).toBe(403);
    expect((await fetch(url.replace('Fall.pdf', 'Other.pdf'))).status).toBe(403);
  });

  it('is refused by the store with a wrong secret: every request is signed', async () => {
    const wrong = new S3Client({
      endpoint: s3.endpoint,
      region: s3.region,
      forcePathStyle: true,
      credentials: { accessKeyId: s3.accessKeyId, secretAccessKey: 'not-the-secret' },
    });
    await expect(
      wrong.send(new HeadObjectCommand({ Bucket: bucket, Key: 'pdf/signed/catalog.pdf' })),
    ).rejects.toMatchObject({ $metadata: { httpStatusCode: 403 } });
  });

  it('is chosen by S3_BUCKET, and the settings are checked at start-up', () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-s3-'));
    expect(createStorage(loadConfig({ DATA_DIR: dataDir })).kind).toBe('local');
    expect(createStorage(loadConfig({ DATA_DIR: dataDir, ...s3.env(bucket) })).kind).toBe('s3');
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b', S3_ACCESS_KEY_ID: 'k' })).toThrow(
      /S3_SECRET_ACCESS_KEY: set S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY together/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_ENDPOINT: 'http://127.0.0.1:9000' })).toThrow(
      /S3_ENDPOINT: needs S3_BUCKET/,
    );
    expect(() => loadConfig({ DATA_DIR: dataDir, S3_BUCKET: 'b', S3_FORCE_PATH_STYLE: 'maybe' })).toThrow(
      /S3_FORCE_PATH_STYLE/,
    );
  });
});
