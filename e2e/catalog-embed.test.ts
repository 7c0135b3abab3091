import { readFileSync, existsSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { Liquid } from 'liquidjs';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';

/**
 * Issue §6: the theme app extension extensions/catalog-embed. The block's Liquid is rendered as a theme would
 * (Shopify leaves {% schema %} out of the output and reads it as the block's settings), and its output with
 * the loader is served from another local origin, a storefront, that then shows the catalog from the viewer.
 */
const DIR = path.resolve('extensions/catalog-embed');
const BLOCK = readFileSync(path.join(DIR, 'blocks/catalog.liquid'), 'utf8');
const LOADER = readFileSync(path.join(DIR, 'assets/catalog-embed.js'), 'utf8');
const SCHEMA = /{%\s*schema\s*%}([\s\S]*?){%\s*endschema\s*%}/;

let server: TestServer;
let shop: Published;
let browser: Browser;
let storefront: http.Server;
let storefrontUrl: string;
let storefrontBody = '';

async function renderBlock(settings: Record<string, unknown>): Promise<string> {
  const liquid = new Liquid();
  return liquid.parseAndRender(BLOCK.replace(SCHEMA, ''), {
    block: { settings, shopify_attributes: 'data-shopify-editor-block="{&quot;id&quot;:&quot;b1&quot;}"' },
  });
}

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  shop = await publishCatalog(server, { email: 'storefront@example.com', plan: 'BUSINESS', products: 12 });
  storefront = http.createServer((req, res) => {
    if (req.url === '/catalog-embed.js') {
      res.setHeader('Content-Type', 'text/javascript');
      return res.end(LOADER);
    }
    res.setHeader('Content-Type', 'text/html');
    res.end(storefrontBody);
  });
  await new Promise<void>((r) => storefront.listen(0, '127.0.0.1', () => r()));
  storefrontUrl = `http://127.0.0.1:${(storefront.address() as AddressInfo).port}`;
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await new Promise((r) => storefront?.close(r));
  await server?.close();
});

describe('the Catalog theme block', () => {
  it('declares its settings and loader, and renders a placeholder the loader can read', async () => {
    const schema = JSON.parse(SCHEMA.exec(BLOCK)![1]!);
    expect(schema.target).toBe('section');
    expect(schema.settings.map((s: { id: string; type: string }) => `${s.id}:${s.type}`)).toEqual([
      'catalog:url',
      'title:text',
      'height:range',
    ]);
    expect(existsSync(path.join(DIR, 'assets', schema.javascript))).toBe(true);
    expect(readFileSync(path.join(DIR, 'shopify.extension.toml'), 'utf8')).toMatch(/^type = "theme"$/m);
    expect(gzipSync(LOADER).length).toBeLessThan(10 * 1024);

    const html = await renderBlock({
      catalog: ' https://cb.example/view/spring"line ',
      title: 'A <b>',
      height: 480,
    });
    expect(html).toContain('class="catalog-builder-embed"');
    expect(html).toContain('data-catalog="https://cb.example/view/spring&#34;line"');
    expect(html).toContain('data-height="480"');
    expect(html).toContain('data-title="A &lt;b&gt;"');
    expect(html).toContain('data-shopify-editor-block=');
    for (const catalog of ['', 'javascript:alert(1)', 'JavaScript:alert(1)']) {
      const empty = await renderBlock({ catalog, title: 'x', height: 560 });
      expect(empty).toContain("Paste the link of one of your catalogs in this block's settings.");
      expect(empty.toLowerCase()).not.toContain('javascript');
    }
  });

  it("shows the catalog on a storefront through the viewer's embed mode", async () => {
    const block = await renderBlock({
      catalog: `${server.url}/view/${shop.catalogId}`,
      title: 'Spring catalog',
      height: 520,
    });
    const broken = await renderBlock({
      catalog: `${server.url}/files/img/a.jpg`,
      title: 'Broken',
      height: 520,
    });
    storefrontBody = `<!doctype html><html lang="en"><title>Store</title><main>${block}${broken}</main><script src="/catalog-embed.js"></script></html>`;
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(storefrontUrl);
    const frame = page.locator('iframe[title="Spring catalog"]');
    expect(await frame.getAttribute('src')).toBe(`${server.url}/view/${shop.catalogId}?embed=1`);
    expect(await frame.evaluate((f) => (f as HTMLIFrameElement).getBoundingClientRect().height)).toBe(520);
    await expectVisible(
      page.frameLocator('iframe[title="Spring catalog"]').locator('.vw-page[data-page="1"] .cb-page'),
    );
    // A link that is not a catalog address is never framed.
    expect(await page.locator('iframe').count()).toBe(1);
    expect(await page.locator('[data-mounted="link"]').count()).toBe(1);
    await shot(page, 'viewer-storefront-embed', { fullPage: false });
    await page.close();
  });

  it('frames only catalog addresses, and an unknown one shows nothing', async () => {
    const blocks = await Promise.all(
      [
        `${server.url}/view/no-such-catalog`,
        `${server.url}/view/a`,
        `${server.url}/view/Spring_Line`,
        `${server.url}/view/sitemap.xml`,
        `${server.url}/view-assets/viewer.js`,
        `${server.url}/view`,
        `${server.url}/view/x/page/2`,
        `${server.url}/files/img/a.b`,
      ].map((catalog, i) => renderBlock({ catalog, title: `Block ${i}`, height: 300 })),
    );
    storefrontBody = `<!doctype html><html lang="en"><title>Store</title><main>${blocks.join('')}</main><script src="/catalog-embed.js"></script></html>`;
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(storefrontUrl);
    await expectVisible(page.locator('iframe[title="Block 0"]'));
    expect(await page.locator('iframe').count()).toBe(1);
    expect(await page.locator('[data-mounted="link"]').count()).toBe(7);
    // A catalog that is not there (unknown, or a draft) shows nothing in the merchant's frame (issue 21: a draft's
    // embed shows nothing, and says nothing that would tell it from a missing catalog).
    const missing = () => page.frames().find((f) => f.url().includes('/view/no-such-catalog'));
    await expect
      .poll(
        async () =>
          (await missing()?.evaluate(() => document.readyState === 'complete' && document.body?.className)) ??
          null,
      )
      .toBe('vw');
    expect((await missing()!.evaluate(() => document.body.innerText)).trim()).toBe('');
    await page.close();
  });
});
