import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { publishCatalog, type Published } from '../scripts/testing/viewer-fixtures.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { startViewerServer } from './server.ts';

/**
 * DESIGN §3/§4: the viewer is its own process. `npm run start:viewer` starts it alone on VIEWER_PORT; on the
 * app's database it serves the same catalogs and takes the same orders as under `npm start`.
 */
let server: TestServer;
let shop: Published;
let viewer: Awaited<ReturnType<typeof startViewerServer>>;

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  shop = await publishCatalog(server, {
    email: 'alone@example.com',
    plan: 'BUSINESS',
    products: 12,
    settings: { products_link: 'digital_orders' },
  });
  viewer = await startViewerServer({ runtime: server.runtime, port: 0, host: '127.0.0.1' });
});
afterAll(async () => {
  await viewer?.close();
  await server?.close();
});

describe('the viewer alone', () => {
  it('serves the catalog, its fragments, its bundle and its orders without the app', async () => {
    const page = await fetch(`${viewer.url}/view/${shop.catalogId}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Linen Shirt 1');
    const script = /<script[^>]+src="(\/view-assets\/[^"]+)"/.exec(html)![1]!;
    expect((await fetch(`${viewer.url}${script}`)).status).toBe(200);
    const fragments = await fetch(`${viewer.url}/view/${shop.catalogId}/fragments?from=2&to=2`);
    expect(await fragments.text()).toContain('data-page="2"');
    const order = await fetch(`${viewer.url}/api/v1/catalogs/${shop.catalogId}/orders`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({
        customer: { name: 'Ana', email: 'ana@example.com' },
        items: [{ product_id: 'p1', quantity: 2 }],
      }),
    });
    expect(order.status).toBe(200);
    const { data } = await (await shop.client.get('/api/v1/orders')).json();
    expect(data).toHaveLength(1);
    // The app's own pages are not the viewer's to answer.
    expect((await fetch(`${viewer.url}/api/v1/orders`)).status).toBe(404);
  });

  it('runs as `npm run start:viewer` in its own process and stops on SIGTERM', async () => {
    const dataDir = mkdtempSync(path.join(os.tmpdir(), 'cb-viewer-'));
    const child = spawn(process.execPath, ['--import', 'tsx', 'viewer/main.ts'], {
      env: { ...process.env, DATA_DIR: dataDir, VIEWER_PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'silent' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    try {
      let out = '';
      const url = await new Promise<string>((resolve, reject) => {
        child.stdout.on('data', (b: Buffer) => {
          out += b.toString();
          const m = /running at (http:\/\/\S+)/.exec(out);
          if (m) resolve(m[1]!);
        });
        child.stderr.on('data', (b: Buffer) => (out += b.toString()));
        child.on('exit', (code) => reject(new Error(`exited ${code}: ${out}`)));
      });
      const missing = await fetch(`${url}/view/no-such-catalog`);
      expect(missing.status).toBe(404);
      expect(await missing.text()).toContain('Catalog not found');
      const exited = new Promise<number | null>((r) => child.on('exit', (code) => r(code)));
      child.kill('SIGTERM');
      expect(await exited).toBe(0);
    } finally {
      if (child.exitCode === null) child.kill('SIGKILL');
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});
