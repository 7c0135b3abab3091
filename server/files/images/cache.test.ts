import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sampleProductImage } from '../../../scripts/testing/sample-catalog.ts';
import { createImageCache } from './cache.server.ts';
import { estimateJpegQuality } from './jpeg-quality.server.ts';

// The prepared-image cache (server/files/images/cache.server.ts): remote pictures are checked again after a while, memory
// and disk are bounded, and a JPEG is embedded as is only when that does not go over the user's quality.
const root = mkdtempSync(path.join(os.tmpdir(), 'cb-cache-'));
let server: http.Server;
let base: string;
const pictures = new Map<string, Buffer>();
const requests = { all: 0, conditional: 0 };
const etag = (b: Buffer) => `"${createHash('sha1').update(b).digest('hex')}"`;

beforeAll(async () => {
  pictures.set('/pic.jpg', await sampleProductImage(1, 200));
  pictures.set('/plain.jpg', await sampleProductImage(2, 200));
  server = http.createServer((req, res) => {
    requests.all++;
    const body = pictures.get(req.url ?? '');
    if (!body) return void res.writeHead(404).end();
    // /pic.jpg has an ETag (answered 304 when unchanged); /plain.jpg has no validator at all.
    if (req.url === '/pic.jpg') {
      if (req.headers['if-none-match']) requests.conditional++;
      if (req.headers['if-none-match'] === etag(body)) return void res.writeHead(304).end();
      return void res.writeHead(200, { ETag: etag(body), 'Content-Type': 'image/jpeg' }).end(body);
    }
    res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(body);
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await new Promise((r) => server?.close(r));
  rmSync(root, { recursive: true, force: true });
});

const allow = { allowPrivateAddresses: true };

describe('remote pictures', () => {
  it('are used as fetched for a short while, then checked again, so a replaced picture is seen', async () => {
    let now = 1_000_000;
    const cache = createImageCache(path.join(root, 'remote'), { remoteTtlMs: 60_000, now: () => now });
    const first = await cache.fetch(`${base}/pic.jpg`, allow);
    expect(readFileSync(first).equals(pictures.get('/pic.jpg')!)).toBe(true);
    const before = requests.all;

    now += 1_000;
    expect(await cache.fetch(`${base}/pic.jpg`, allow)).toBe(first);
    expect(requests.all).toBe(before);

    // Past the TTL, unchanged: one conditional request, answered 304, and the same copy.
    now += 60_000;
    expect(await cache.fetch(`${base}/pic.jpg`, allow)).toBe(first);
    expect(requests.all).toBe(before + 1);
    expect(requests.conditional).toBe(1);

    // The merchant replaces the picture at the same address.
    const replaced = await sampleProductImage(9, 200);
    pictures.set('/pic.jpg', replaced);
    now += 60_001;
    const second = await cache.fetch(`${base}/pic.jpg`, allow);
    expect(second).not.toBe(first);
    expect(readFileSync(second).equals(replaced)).toBe(true);
    // The previous copy stays for a render that may still be reading it.
    expect(existsSync(first)).toBe(true);
  });

  it('without ETag or Last-Modified, are fetched again once the TTL has passed', async () => {
    let now = 5_000_000;
    const cache = createImageCache(path.join(root, 'plain'), { remoteTtlMs: 60_000, now: () => now });
    const first = await cache.fetch(`${base}/plain.jpg`, allow);
    const replaced = await sampleProductImage(10, 200);
    pictures.set('/plain.jpg', replaced);
    expect(await cache.fetch(`${base}/plain.jpg`, allow)).toBe(first);
    now += 60_001;
    expect(readFileSync(await cache.fetch(`${base}/plain.jpg`, allow)).equals(replaced)).toBe(true);
  });

  it('one download per address at a time; a caller that aborts does not fail the others', async () => {
    const cache = createImageCache(path.join(root, 'shared'), { remoteTtlMs: 0 });
    const quitter = new AbortController();
    const a = cache.fetch(`${base}/pic.jpg`, { ...allow, signal: quitter.signal });
    const b = cache.fetch(`${base}/pic.jpg`, allow);
    quitter.abort(new Error('render aborted'));
    await expect(a).rejects.toThrow('render aborted');
    expect(readFileSync(await b).equals(pictures.get('/pic.jpg')!)).toBe(true);
  });
});

describe('bounds', () => {
  it('keeps a bounded number of entries in memory', async () => {
    const cache = createImageCache(path.join(root, 'lru'), { maxMemoryEntries: 3 });
    const file = path.join(root, 'lru-source.jpg');
    writeFileSync(file, await sampleProductImage(3, 400));
    for (let i = 1; i <= 8; i++) await cache.prepare({ file, width: 40 * i, height: 40 * i, quality: 80 });
    for (let i = 0; i < 5; i++) {
      pictures.set(`/many-${i}.jpg`, pictures.get('/plain.jpg')!);
      await cache.fetch(`${base}/many-${i}.jpg`, allow);
    }
    const m = cache.memory();
    expect(m.prepared).toBe(3);
    expect(m.remote).toBe(3);
    // An entry that went is prepared again, correctly.
    const again = await cache.prepare({ file, width: 40, height: 40, quality: 80 });
    expect((await sharp(again.file).metadata()).width).toBe(48);
  });

  it('prunes files unused for too long, then the least recently used over the size limit', async () => {
    const dir = path.join(root, 'disk');
    const days = (n: number) => new Date(Date.now() - n * 86_400_000);
    const put = (name: string, age: number) => {
      const f = path.join(dir, name);
      writeFileSync(f, Buffer.alloc(1_000));
      utimesSync(f, days(age), days(age));
      return f;
    };
    createImageCache(dir);
    const old = put('old', 30);
    const a = put('a', 3);
    const b = put('b', 2);
    const c = put('c', 1);
    const byAge = createImageCache(dir, { maxDiskAgeMs: 7 * 86_400_000 });
    expect(await byAge.prune()).toEqual({ removed: 1, bytes: 1_000 });
    expect([old, a, b, c].map((f) => existsSync(f))).toEqual([false, true, true, true]);

    const bySize = createImageCache(dir, { maxDiskBytes: 2_000 });
    await bySize.prune();
    expect([a, b, c].map((f) => existsSync(f))).toEqual([false, false, true]);

    // A file used within keepRecentMs is never removed, whatever the limits.
    const fresh = put('fresh', 0);
    const strict = createImageCache(dir, { maxDiskBytes: 1, maxDiskAgeMs: 1, keepRecentMs: 3_600_000 });
    await strict.prune();
    expect([c, fresh].map((f) => existsSync(f))).toEqual([false, true]);
  });

  it('a prepared file pruned from disk is prepared again on its next use', async () => {
    const dir = path.join(root, 'reprepare');
    const cache = createImageCache(dir, { keepRecentMs: 0, maxDiskAgeMs: -1 });
    const file = path.join(root, 'reprepare-source.png');
    writeFileSync(file, await sampleProductImage(4, 500, 'png'));
    const first = await cache.prepare({ file, width: 100, height: 100, quality: 80 });
    await cache.prune();
    expect(existsSync(first.file)).toBe(false);
    const again = await cache.prepare({ file, width: 100, height: 100, quality: 80 });
    expect(existsSync(again.file)).toBe(true);
  });
});

describe('JPEG pass-through', () => {
  async function jpeg(quality: number, size = 640) {
    const file = path.join(root, `pass-${quality}-${size}.jpg`);
    writeFileSync(
      file,
      await sharp(await sampleProductImage(5, size, 'png'))
        .jpeg({ quality, mozjpeg: false })
        .toBuffer(),
    );
    return file;
  }

  it('a JPEG about the target size at or below the asked quality is embedded as is', async () => {
    const cache = createImageCache(path.join(root, 'pass-low'));
    const file = await jpeg(60);
    const r = await cache.prepare({ file, width: 640, height: 640, quality: 80 });
    expect(r).toMatchObject({ file, passThrough: true });
  });

  it('one of a higher quality than asked is compressed at the asked quality', async () => {
    const cache = createImageCache(path.join(root, 'pass-high'));
    const file = await jpeg(95);
    const r = await cache.prepare({ file, width: 640, height: 640, quality: 50 });
    expect(r.passThrough).toBe(false);
    expect(estimateJpegQuality(readFileSync(r.file))).toBe(50);
    expect(readFileSync(r.file).length).toBeLessThan(readFileSync(file).length);
  });
});
