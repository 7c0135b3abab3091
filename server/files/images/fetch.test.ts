import http from 'node:http';
import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loopbackHosts } from '../../../scripts/testing/loopback-trap.ts';
import { FetchRefusedError, FetchTimeoutError, safeFetch } from './fetch.server.ts';
import { MAX_INPUT_PIXELS, readImageInfo, toJpeg } from './process.server.ts';

// The SSRF guard (DESIGN §10): merchant URLs never reach private, loopback or link-local addresses.
let hits = 0;
let a: http.Server;
let b: http.Server;
let aUrl: string;
let bUrl: string;
/** Requests to /drip that the server saw end (the client closed them). */
let dripClosed: (() => void) | null = null;
let dripStarted: (() => void) | null = null;
let huge: Buffer;

function listen(handler: http.RequestListener): Promise<[http.Server, string]> {
  const s = http.createServer(handler);
  return new Promise((r) =>
    s.listen(0, '127.0.0.1', () => r([s, `http://127.0.0.1:${(s.address() as AddressInfo).port}`])),
  );
}

beforeAll(async () => {
  // 8000 × 8000 = 64 Mpixels of one colour: a few kilobytes as a PNG, a decompression bomb for a decoder.
  huge = await sharp({ create: { width: 8_000, height: 8_000, channels: 3, background: '#e0e0e0' } })
    .png({ compressionLevel: 9 })
    .toBuffer();
  [b, bUrl] = await listen((_req, res) => {
    hits++;
    res.end('secret from the internal network');
  });
  [a, aUrl] = await listen((req, res) => {
    hits++;
    if (req.url === '/to-internal') return void res.writeHead(302, { Location: `${bUrl}/admin` }).end();
    if (req.url === '/to-self') return void res.writeHead(301, { Location: '/picture' }).end();
    if (req.url === '/loop') return void res.writeHead(302, { Location: '/loop' }).end();
    if (req.url === '/big') return void res.end(Buffer.alloc(2_000));
    if (req.url === '/huge.png') return void res.writeHead(200, { 'Content-Type': 'image/png' }).end(huge);
    if (req.url === '/drip') {
      // One byte every 50 ms, forever: never idle long enough for an idle timeout.
      res.writeHead(200, { 'Content-Type': 'image/jpeg' });
      dripStarted?.();
      const t = setInterval(() => res.write('x'), 50);
      req.on('close', () => {
        clearInterval(t);
        dripClosed?.();
      });
      return;
    }
    res.writeHead(200, { 'Content-Type': 'image/jpeg' }).end(Buffer.from('picture'));
  });
});
afterAll(async () => {
  await new Promise((r) => a.close(r));
  await new Promise((r) => b.close(r));
});

describe('safeFetch', () => {
  it('refuses loopback addresses and names that resolve to them, before connecting', async () => {
    const before = hits;
    const port = Number(new URL(aUrl).port);
    // Every spelling of this machine the URL parser accepts, and names under localhost (RFC 6761).
    const more = ['LOCALHOST.', 'pictures.localhost', '[::127.0.0.1]', '[::7f00:1]', '0.0.0.0', '[::]'];
    for (const host of [...loopbackHosts(port), ...more.map((h) => `${h}:${port}`)]) {
      await expect(safeFetch(`http://${host}/picture`)).rejects.toBeInstanceOf(FetchRefusedError);
    }
    expect(hits).toBe(before);
  });

  it('refuses other schemes and credentials in the URL', async () => {
    for (const url of [
      'file:///etc/passwd',
      'ftp://example.com/a.jpg',
      'gopher://x',
      'http://user:pw@example.com/',
    ]) {
      await expect(safeFetch(url)).rejects.toBeInstanceOf(FetchRefusedError);
    }
  });

  it('fetches when the test allows its own server, in code', async () => {
    const r = await safeFetch(`${aUrl}/picture`, { allowPrivateAddresses: true });
    expect(r.body.toString()).toBe('picture');
    expect(r.contentType).toBe('image/jpeg');
  });

  it('offline, refuses every host but this machine, by name, before any lookup', async () => {
    // The offline message comes from the URL check itself: a lookup would have failed with a DNS error instead.
    await expect(safeFetch('https://cdn.example.com/a.jpg', { offline: true })).rejects.toThrow(
      'Offline: cdn.example.com is not fetched',
    );
    await expect(safeFetch('http://93.184.216.34/a.jpg', { offline: true })).rejects.toThrow(
      'Offline: 93.184.216.34',
    );
    const before = hits;
    const local = await safeFetch(`${aUrl}/picture`, { offline: true, allowPrivateAddresses: true });
    expect(local.body.toString()).toBe('picture');
    expect(hits).toBe(before + 1);
  });

  it('checks every redirect again: a redirect to an internal address is refused', async () => {
    const allowOnlyA = (u: URL) => u.origin === aUrl;
    const before = hits;
    await expect(
      safeFetch(`${aUrl}/to-internal`, { allowPrivateAddresses: allowOnlyA }),
    ).rejects.toBeInstanceOf(FetchRefusedError);
    expect(hits).toBe(before + 1); // the first server only; the internal one was never reached
    const ok = await safeFetch(`${aUrl}/to-self`, { allowPrivateAddresses: allowOnlyA });
    expect(ok.body.toString()).toBe('picture');
    expect(ok.finalUrl).toBe(`${aUrl}/picture`);
    await expect(
      safeFetch(`${aUrl}/loop`, { allowPrivateAddresses: allowOnlyA, maxRedirects: 3 }),
    ).rejects.toThrow(/Too many redirects/);
  });

  it('refuses a body larger than the limit', async () => {
    await expect(safeFetch(`${aUrl}/big`, { allowPrivateAddresses: true, maxBytes: 1_000 })).rejects.toThrow(
      /larger than 1000 bytes/,
    );
  });

  it('ends a download that takes longer than its total deadline, even one that never goes idle', async () => {
    const closed = new Promise<void>((r) => (dripClosed = r));
    const started = safeFetch(`${aUrl}/drip`, {
      allowPrivateAddresses: true,
      timeoutMs: 400,
      idleTimeoutMs: 60_000,
    });
    await expect(started).rejects.toBeInstanceOf(FetchTimeoutError);
    await expect(started).rejects.toThrow(/did not send the file within 400 ms/);
    await closed;
  });

  it('stops downloading when its signal aborts (a job aborted mid-render)', async () => {
    const closed = new Promise<void>((r) => (dripClosed = r));
    const job = new AbortController();
    const started = safeFetch(`${aUrl}/drip`, {
      allowPrivateAddresses: true,
      timeoutMs: 600_000,
      signal: job.signal,
    });
    dripStarted = () => job.abort(new Error('the render was aborted'));
    await expect(started).rejects.toThrow('the render was aborted');
    await closed;
  });
});

describe('pixel limit', () => {
  it('refuses a picture of more than 60 Mpixels, however small the file', async () => {
    expect(MAX_INPUT_PIXELS).toBe(60_000_000);
    const { body } = await safeFetch(`${aUrl}/huge.png`, { allowPrivateAddresses: true });
    expect(body.length).toBeLessThan(1_000_000);
    await expect(readImageInfo(body)).rejects.toThrow(/pixel limit/);
    await expect(toJpeg(body, { maxWidth: 100, maxHeight: 100, quality: 80 })).rejects.toThrow(/pixel limit/);
  });
});
