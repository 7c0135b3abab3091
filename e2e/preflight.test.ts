import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog } from '../server/catalogs/index.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { registerMerchant, shareSession } from './support/merchant.ts';
import { openPage } from './support/page.ts';

let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  server = await startTestServer({}, { worker: { pollMs: 100 } });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
});

/** A merchant whose four-product catalog has a picture far too small for print (the second product's). */
async function merchantWithLowResPicture(email: string, opts: { locale?: string; width?: number } = {}) {
  const { api, userId } = await registerMerchant(server, email);
  const urls: string[] = [];
  for (let i = 0; i < 4; i++) {
    const key = `img/${userId.slice(0, 8)}-${i}.jpg`;
    await server.runtime.storage.put(key, await sampleProductImage(i, i === 1 ? 100 : 1800));
    urls.push(server.runtime.storage.url(key));
  }
  const doc = sampleCatalog({ products: 4, perPage: 4, imageUrl: (i) => urls[i]! });
  const { catalog } = await createCatalog({
    db: server.runtime.db,
    ownerId: userId,
    input: { catalog: doc },
  });
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1280, height: opts.width ? 844 : 900 },
    locale: opts.locale ?? 'en-US',
  });
  contexts.push(context);
  await shareSession(api, context, server.url);
  return { page: await context.newPage(), catalog };
}

describe('print preview: Check for print (issue 28 item 4)', () => {
  it('lists the problems per page, each linked to its element in the editor', async () => {
    const { page, catalog } = await merchantWithLowResPicture('preflight-ui@example.com');
    await openPage(page, `${server.url}/preview/${catalog._id}`);
    await expectVisible(page.getByRole('heading', { name: 'Check for print' }));
    await page.getByRole('button', { name: 'Check for print' }).click();
    const list = page.getByRole('list', { name: 'Problems found, by page' });
    await list.waitFor({ timeout: 60_000 });
    await expectVisible(page.getByText('1 error · 0 warnings'));
    const row = list.getByRole('listitem');
    expect(await row.count()).toBe(1);
    expect((await row.innerText()).replace(/\s+/g, ' ')).toMatch(
      /Error page 1, element 2 picture \d+ dpi at placed size$/,
    );
    await expectNoSeriousA11yIssues(page, { exclude: ['.cb-scaled-page'] });
    await shot(page, 'preflight-en');

    // The output to export as: Screen (RGB) unless Print (CMYK, PDF/X) is chosen.
    expect(await page.getByLabel('Output').inputValue()).toBe('rgb');
    await page.getByLabel('Output').selectOption('pdfx');

    // The row's place opens the editor on that page with that element selected, by keyboard.
    const link = row.getByRole('link', { name: 'page 1, element 2: open in the editor' });
    await link.focus();
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/designs\/.+\/edit\?page=.+&cell=2$/);
    await page.locator('.cb-editor[data-hydrated]').waitFor();
    await page.locator('[data-testid="cell-1"][aria-pressed="true"]').first().waitFor();
  });

  it('speaks French and fits a phone', async () => {
    const { page, catalog } = await merchantWithLowResPicture('preflight-fr@example.com', {
      locale: 'fr-FR',
      width: 390,
    });
    await openPage(page, `${server.url}/preview/${catalog._id}`);
    await page.getByRole('button', { name: "Vérifier pour l'impression" }).click();
    const list = page.getByRole('list', { name: 'Problèmes trouvés, par page' });
    await list.waitFor({ timeout: 60_000 });
    expect((await list.getByRole('listitem').innerText()).replace(/\s+/g, ' ')).toMatch(
      /Erreur page 1, élément 2 image à \d+ dpi à sa taille de placement$/,
    );
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yIssues(page, { exclude: ['.cb-scaled-page'] });
    await shot(page, 'preflight-fr-phone');
  });
});
