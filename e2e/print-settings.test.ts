import type { Browser, BrowserContext, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createCatalog, loadCatalogById } from '../server/catalogs/index.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';
import { merchantWithCatalog, registerMerchant, shareSession } from './support/merchant.ts';
import { openPage } from './support/page.ts';

// Issue 28 item 1: the print settings (bleed, crop and registration marks, colour bars, slug, safe margin) in the
// print preview, shown with the 'Print (CMYK, PDF/X)' output and saved with the catalog; the editor's guides and
// soft proof (item 2).
let server: TestServer;
let browser: Browser;
const contexts: BrowserContext[] = [];

beforeAll(async () => {
  // The worker runs the soft proof's job (the editor's last step).
  server = await startTestServer({}, { worker: { pollMs: 100 } });
  browser = await launchBrowser();
});
afterAll(async () => {
  for (const c of contexts) await c.close();
  await browser?.close();
  await server?.close();
});

async function merchant(email: string, opts: { locale?: string; width?: number } = {}) {
  const { api, userId } = await registerMerchant(server, email);
  const doc = sampleCatalog({ products: 2, perPage: 2, imageUrl: () => `${server.url}/missing.jpg` });
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
  return { page: await context.newPage(), catalogId: catalog._id };
}

const stored = async (catalogId: string) =>
  (await loadCatalogById({ db: server.runtime.db, catalogId }))!.catalog.settings.print;

async function choosePrintOutput(page: Page) {
  await page.getByLabel('Output').selectOption('pdfx');
  await expectVisible(page.getByRole('heading', { name: 'Print settings' }));
}

describe('print preview: Print settings (issue 28)', () => {
  it('shows with the print output only, and saves bleed, marks and safe margin by keyboard', async () => {
    const { page, catalogId } = await merchant('print-settings-ui@example.com');
    await openPage(page, `${server.url}/preview/${catalogId}`);
    expect(await page.getByRole('heading', { name: 'Print settings' }).count()).toBe(0);
    await choosePrintOutput(page);
    // The defaults: the format's bleed (empty), crop marks only, 5 mm safe margin.
    expect(await page.getByLabel('Bleed (mm)').inputValue()).toBe('');
    expect(await page.getByLabel('Crop marks').isChecked()).toBe(true);
    expect(await page.getByLabel('Colour bars').isChecked()).toBe(false);
    expect(await page.getByLabel('Safe margin (mm)').inputValue()).toBe('5');

    await page.getByLabel('Bleed (mm)').fill('5');
    await page.getByLabel('Safe margin (mm)').fill('8');
    for (const name of ['Crop marks', 'Registration marks', 'Colour bars', /^Slug/]) {
      await page.getByLabel(name).focus();
      await page.keyboard.press('Space');
    }
    await page.getByRole('button', { name: 'Save print settings' }).focus();
    await page.keyboard.press('Enter');
    await expectVisible(page.getByText('Print settings saved.'));
    expect(await stored(catalogId)).toEqual({
      bleed_mm: 5,
      crop_marks: false,
      registration_marks: true,
      color_bars: true,
      slug: true,
      safe_margin_mm: 8,
    });
    await expectNoSeriousA11yIssues(page, { exclude: ['.cb-scaled-page'] });
    await shot(page, 'print-settings-en');

    // Saved with the catalog: the page opens on them again.
    await openPage(page, `${server.url}/preview/${catalogId}`);
    await choosePrintOutput(page);
    expect(await page.getByLabel('Bleed (mm)').inputValue()).toBe('5');
    expect(await page.getByLabel('Registration marks').isChecked()).toBe(true);
    expect(await page.getByLabel('Crop marks').isChecked()).toBe(false);
  });

  it('says what a bleed out of range should be, and saves nothing', async () => {
    const { page, catalogId } = await merchant('print-settings-bad@example.com');
    await openPage(page, `${server.url}/preview/${catalogId}`);
    await choosePrintOutput(page);
    await page.getByLabel('Bleed (mm)').fill('12');
    await expectVisible(page.getByText('Enter a number from 0 to 10.'));
    expect(await page.getByRole('button', { name: 'Save print settings' }).isDisabled()).toBe(true);
    expect((await stored(catalogId)).bleed_mm).toBeNull();
  });

  it('speaks French and fits a phone', async () => {
    const { page, catalogId } = await merchant('print-settings-fr@example.com', {
      locale: 'fr-FR',
      width: 390,
    });
    await openPage(page, `${server.url}/preview/${catalogId}`);
    await page.getByLabel('Sortie').selectOption('pdfx');
    await expectVisible(page.getByRole('heading', { name: "Réglages d'impression" }));
    await page.getByLabel('Barres de couleur').check();
    await page.getByRole('button', { name: "Enregistrer les réglages d'impression" }).click();
    await expectVisible(page.getByText("Réglages d'impression enregistrés."));
    expect((await stored(catalogId)).color_bars).toBe(true);
    await expectNoSidewaysScroll(page);
    await expectNoSeriousA11yIssues(page, { exclude: ['.cb-scaled-page'] });
    await shot(page, 'print-settings-fr-phone', { fullPage: true });
  });

  it("shows the safe margin as a guide over the editor's page, at the margin saved, clicks passing through", async () => {
    const m = await merchantWithCatalog(browser, server, 'print-guides@example.com');
    contexts.push(m.context);
    const res = await m.api.put(`/api/v1/catalogs/${m.catalogId}/settings`, {
      print: { ...(await stored(m.catalogId)), safe_margin_mm: 10 },
    });
    expect(res.status).toBe(200);
    await m.open();
    const guide = m.page.getByTestId('safe-margin-guides');
    await guide.waitFor();
    const box = (await m.page.locator('.cb-editor-canvas .cb-editor-fit__box').boundingBox())!;
    const line = (await guide.boundingBox())!;
    // 10 mm of a 210 mm wide page (A4), at whatever scale the page is shown.
    const expected = (box.width * 10) / 210;
    expect(Math.abs(line.x - box.x - expected)).toBeLessThan(2);
    expect(Math.abs(box.x + box.width - (line.x + line.width) - expected)).toBeLessThan(2);
    expect(Math.abs(line.y - box.y - expected)).toBeLessThan(2);
    expect(await guide.evaluate((el) => getComputedStyle(el).pointerEvents)).toBe('none');
    // A cell under the guide is still chosen by a click.
    await m.page.locator('[data-testid="cell-0"]').first().click();
    await m.page.locator('[data-testid="cell-0"][aria-pressed="true"]').first().waitFor();
    await shot(m.page, 'safe-margin-guides');

    // The soft proof of the page (issue 28 §2), by keyboard: as it will print, then as the screen shows it.
    const open = m.page.getByRole('button', { name: 'Soft proof' });
    await open.focus();
    await m.page.keyboard.press('Enter');
    const dialog = m.page.getByRole('dialog', { name: 'Soft proof: the page as it will print' });
    const picture = dialog.getByRole('img', { name: 'The page as it will print' });
    await picture.waitFor({ timeout: 60_000 });
    await m.page.waitForFunction(() => {
      const img = document.querySelector<HTMLImageElement>('img.cb-soft-proof');
      return !!img && img.complete && img.naturalWidth > 0;
    });
    await expectVisible(dialog.getByText(/Output profile: .*FOGRA39/));
    await dialog.getByRole('button', { name: 'On screen (RGB)' }).focus();
    await m.page.keyboard.press('Enter');
    await dialog.getByRole('img', { name: 'The page as the screen shows it' }).waitFor();
    await expectNoSeriousA11yIssues(m.page, { exclude: ['.cb-scaled-page', '.cb-editor-canvas'] });
    await shot(m.page, 'soft-proof');
    await m.page.keyboard.press('Escape');
    await dialog.waitFor({ state: 'hidden' });
  });
});
