import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfInfo, pdfText, qpdfCheck } from '../../scripts/testing/pdf-tools.ts';
import { sampleCatalog, sampleProductImage } from '../../scripts/testing/sample-catalog.ts';
import { ChromiumCrashedError, createBrowserPool, PageTimeoutError } from './chromium.server.ts';
import { createImageCache } from '../files/index.ts';
import { renderCatalogPdf, type ResolveSource } from '../catalogs/index.ts';

// The warm Chromium of a worker (server/platform/chromium.server.ts), in the system Chromium: pages are reused, a page past its
// timeout fails clearly, and a browser that dies is replaced for the next render.
const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-chromium-'));
const pool = createBrowserPool({ maxIdlePages: 2 });
const images = createImageCache(path.join(dir, 'cache'));
afterAll(async () => {
  await pool.close();
  rmSync(dir, { recursive: true, force: true });
});

const picture = path.join(dir, 'p.jpg');
writeFileSync(picture, await sampleProductImage(1, 600));
const catalog = sampleCatalog({ products: 3, imageUrl: () => 'p.jpg' });
const fromDisk: ResolveSource = async (url) => (url === 'p.jpg' ? { file: picture } : null);

async function render(resolveSource: ResolveSource): Promise<Buffer> {
  let pdf: Buffer | null = null;
  await renderCatalogPdf({
    catalog,
    quality: 'screen',
    jpegQuality: 80,
    watermark: false,
    browser: pool,
    images,
    resolveSource,
    workDir: dir,
    write: async (stream: Readable) => {
      const chunks: Buffer[] = [];
      for await (const c of stream) chunks.push(Buffer.from(c as Uint8Array));
      pdf = Buffer.concat(chunks);
    },
  });
  return pdf!;
}

/** Resolves once the process is gone. */
function exitOf(pid: number): Promise<void> {
  return new Promise<void>((resolve) => {
    const check = () => {
      try {
        process.kill(pid, 0);
        setTimeout(check, 20);
      } catch {
        resolve();
      }
    };
    check();
  });
}

describe('Chromium pool', () => {
  it('reuses a warm page from one use to the next', async () => {
    const first = await pool.withPage(async (page) => {
      await page.setContent('<p>one</p>');
      return page;
    });
    const second = await pool.withPage(async (page) => page);
    expect(second).toBe(first);
    expect(pool.launches()).toBe(1);
  });

  it('fails a page that runs past its timeout with a clear error, and does not reuse that page', async () => {
    let stuckPage: unknown;
    const stuck = pool.withPage(
      async (page) => {
        stuckPage = page;
        await page.evaluate('new Promise(() => {})');
      },
      { timeoutMs: 300 },
    );
    await expect(stuck).rejects.toBeInstanceOf(PageTimeoutError);
    await expect(stuck).rejects.toThrow('Chromium took longer than 300 ms');
    const next = await pool.withPage(async (page) => {
      expect(page).not.toBe(stuckPage);
      return page.evaluate('1 + 1');
    });
    expect(next).toBe(2);
  });

  it('a browser killed mid-render fails that render clearly; the next render relaunches it and succeeds', async () => {
    const before = await render(fromDisk);
    expect(pdfInfo(before).pages).toBe(1);
    const pid = pool.pid()!;
    const launches = pool.launches();

    // Killed while the render resolves its pictures (its page is open and laid out next).
    const killing: ResolveSource = async (url) => {
      process.kill(pid, 'SIGKILL');
      await exitOf(pid);
      return fromDisk(url);
    };
    const crashed = render(killing);
    await expect(crashed).rejects.toBeInstanceOf(ChromiumCrashedError);
    await expect(crashed).rejects.toThrow(/Chromium stopped while rendering/);

    const after = await render(fromDisk);
    expect(qpdfCheck(after).ok).toBe(true);
    expect(pdfText(after)).toContain('Linen Shirt 1');
    expect(pool.launches()).toBe(launches + 1);
    expect(pool.pid()).not.toBe(pid);
  });

  it('a browser killed while idle is replaced at the next use', async () => {
    const pid = pool.pid()!;
    const launches = pool.launches();
    process.kill(pid, 'SIGKILL');
    await exitOf(pid);
    const pdf = await render(fromDisk);
    expect(pdfText(pdf)).toContain('Ceramic Vase 2');
    expect(pool.launches()).toBe(launches + 1);
  });

  it('starts a new Chromium after a number of renders; the old one goes once its last page is done', async () => {
    const recycling = createBrowserPool({ recycleAfterUses: 2 });
    try {
      await recycling.withPage((page) => page.evaluate('1'));
      const first = recycling.pid()!;
      // A long use of the first browser is still running when it reaches its count.
      let release!: () => void;
      const released = new Promise<void>((r) => (release = r));
      const held = recycling.withPage(async (page) => {
        await released;
        return page.evaluate('"still here"');
      });
      await recycling.withPage((page) => page.evaluate('2'));
      expect(recycling.recycles()).toBe(1);
      // The next render starts a new browser at once; the running one finishes on the old one.
      expect(await recycling.withPage((page) => page.evaluate('3'))).toBe(3);
      expect(recycling.launches()).toBe(2);
      expect(recycling.pid()).not.toBe(first);
      process.kill(first, 0); // still alive: a page of it is in use
      release();
      expect(await held).toBe('still here');
      await exitOf(first);
    } finally {
      await recycling.close();
    }
  });

  it('starts a new Chromium once the running one holds more memory than allowed', async () => {
    // Any Chromium holds more than 1 MB: every render is followed by a new browser.
    const small = createBrowserPool({ maxMemoryMb: 1 });
    try {
      const pidOf = (page: { browser: () => { process: () => { pid?: number } | null } }) =>
        page.browser().process()!.pid!;
      const first = await small.withPage(async (page) => {
        await page.setContent('<p>big</p>');
        return pidOf(page);
      });
      expect(small.recycles()).toBe(1);
      await exitOf(first);
      const second = await small.withPage(async (page) => {
        await page.setContent('<p>next</p>');
        return pidOf(page);
      });
      expect(second).not.toBe(first);
      expect(small.launches()).toBe(2);
      expect(small.recycles()).toBe(2);
    } finally {
      await small.close();
    }
  });
});
