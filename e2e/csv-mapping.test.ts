import type { Browser, BrowserContext, Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { signInMerchant } from './support/merchant.ts';
import { openPage } from './support/page.ts';

let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** A merchant's own price list as a French Excel saves it: semicolons, decimal commas, its own headers. */
const TARIFS = Buffer.from(
  [
    'Référence;Désignation;Prix TTC (€, unité);Rayon;Visuel;Stock',
    'CH-01;Chemise lin;12,50;Chemises;https://cdn.example.fr/chemise.jpg;1.200',
    'MA-02;Manteau laine;1.234,56;Manteaux;https://cdn.example.fr/manteau.jpg;3',
    '',
  ]
    .join('\r\n')
    .replace('€', '\u0080'),
  'latin1',
);

async function openImport(page: Page, button: string) {
  await page.getByRole('button', { name: button }).first().click();
  await page
    .locator('input[type=file]')
    .setInputFiles({ name: 'tarifs.csv', mimeType: 'text/csv', buffer: TARIFS });
}

describe.each([
  { width: 1440, lang: 'en' as const },
  { width: 390, lang: 'fr' as const },
])('importing a semicolon CSV through the column mapping ($width px, $lang)', ({ width, lang }) => {
  let context: BrowserContext;
  let page: Page;
  const en = lang === 'en';
  const name = `csv-mapping-${width}`;

  beforeAll(async () => {
    context = await browser.newContext({
      viewport: { width, height: width < 600 ? 844 : 900 },
      locale: en ? 'en-US' : 'fr-FR',
    });
    page = await context.newPage();
    await page.route('https://cdn.example.fr/**', (route) => route.abort());
    await signInMerchant(server, context, `mapping-${width}@example.com`);
    await openPage(page, `${server.url}/listings?lng=${lang}`);
  });
  afterAll(() => context?.close());

  it('offers the mapping step with the SPEC message, and names what is still to choose', async () => {
    await openImport(page, en ? 'Import a CSV' : 'Importer un CSV');
    await expectVisible(
      page.getByText(
        en
          ? 'The following columns are missing: title, price, category, image'
          : 'Il manque les colonnes suivantes : title, price, category, image',
      ),
    );
    // Each of the file's columns, with a value of its first product to recognise it by.
    await expectVisible(page.getByText(en ? 'For example: Chemise lin' : 'Par exemple : Chemise lin'));
    await page.getByLabel('Désignation').selectOption('title');
    await page.getByLabel('Prix TTC (€, unité)').selectOption('price');
    await page.getByRole('button', { name: en ? 'Next' : 'Suivant' }).click();
    await expectText(
      page.getByRole('alert').filter({ hasText: en ? 'Choose a column' : 'Choisissez une colonne' }),
      en ? 'Choose a column for: Category, Pictures' : 'Choisissez une colonne pour : Catégorie, Images',
    );
    await page.getByLabel('Rayon').selectOption('category');
    await page.getByLabel('Visuel').selectOption('image');
    await page.getByLabel('Référence').selectOption('sku');
    // "Stock" is one of our names: already chosen.
    expect(await page.getByLabel('Stock', { exact: true }).inputValue()).toBe('stock');
    await expectNoSeriousA11yIssues(page, { label: `mapping step at ${width}px` });
    await expectNoSidewaysScroll(page);
    await shot(page, `${name}-step`);
  });

  it('reads the file through the mapping and imports it', async () => {
    await page.getByRole('button', { name: en ? 'Next' : 'Suivant' }).click();
    await expectVisible(
      page.getByText(
        en
          ? '2 products read from tarifs.csv (CSV). Check them, then import them.'
          : '2 produits lus dans tarifs.csv (CSV). Vérifiez-les, puis importez-les.',
      ),
    );
    await expectVisible(page.getByRole('cell', { name: 'Manteau laine' }));
    // In euros, as the price column's header says.
    await expectVisible(page.getByText(en ? '€1,234.56' : /^1\s234,56\s€$/));
    await shot(page, `${name}-review`);
    await page.getByRole('button', { name: en ? 'Import 2 products' : 'Importer 2 produits' }).click();
    await expectText(page.locator('#cb-listings-notice'), en ? '2 products added' : '2 produits ajoutés');
  });

  it('applies the remembered mapping to the next file, shown and editable', async () => {
    await openImport(page, en ? 'Import a CSV' : 'Importer un CSV');
    await expectVisible(
      page.getByText(
        en ? 'Columns read as in your last import' : 'Colonnes lues comme lors de votre dernier import',
      ),
    );
    await expectVisible(page.getByText(en ? 'Désignation → Title' : 'Désignation → Titre'));
    await shot(page, `${name}-remembered`);
    await page.getByRole('button', { name: en ? 'Change columns' : 'Modifier les colonnes' }).click();
    expect(await page.getByLabel('Désignation').inputValue()).toBe('title');
    expect(await page.getByLabel('Visuel').inputValue()).toBe('image');
    await page.getByRole('button', { name: en ? 'Next' : 'Suivant' }).click();
    await expectVisible(page.getByRole('button', { name: en ? 'Import 2 products' : 'Importer 2 produits' }));
    await page.getByRole('button', { name: en ? 'Cancel' : 'Annuler' }).click();
  });

  it('says once that a picture renamed .csv is not a CSV file', async () => {
    const jpeg = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#224488' } })
      .jpeg()
      .toBuffer();
    await page
      .getByRole('button', { name: en ? 'Import a CSV' : 'Importer un CSV' })
      .first()
      .click();
    await page
      .locator('input[type=file]')
      .setInputFiles({ name: 'photo.csv', mimeType: 'text/csv', buffer: jpeg });
    const sentence = en ? 'This file is not a CSV file' : "Ce fichier n'est pas un fichier CSV";
    await expectVisible(page.getByText(sentence));
    expect(await page.getByText(sentence).count()).toBe(1);
    await page.getByRole('button', { name: en ? 'Cancel' : 'Annuler' }).click();
  });
});
