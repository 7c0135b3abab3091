import type { Browser } from 'playwright-core';
import { createPage, getDefaultLayout } from '../../core/layouts/index.ts';
import { setUpgradeByEmail } from '../../server/billing/index.ts';
import { registeredClient, type TestServer } from '../../scripts/testing/server.ts';
import { skipEditorTour } from './editor-tour.ts';

/** A paid merchant with a one-page catalog, signed in in a fresh browser context, in the editor. */
export async function merchantInEditor(browser: Browser, on: TestServer, email: string) {
  const c = await registeredClient(on.url, email);
  await setUpgradeByEmail({ db: on.runtime.db, email, upgrade: true });
  await skipEditorTour(on.runtime.db, email);
  const res = await c.post('/api/v1/catalogs', {
    catalog: { title: 'Spring line', pages: [createPage({ layout: getDefaultLayout('products', 4) })] },
  });
  const catalogId = (await res.json()).data._id as string;
  const context = await browser.newContext({ viewport: { width: 1440, height: 900 } });
  await context.addCookies(
    c.jar
      .header()
      .split('; ')
      .map((pair) => {
        const k = pair.indexOf('=');
        return { name: pair.slice(0, k), value: pair.slice(k + 1), url: on.url };
      }),
  );
  const page = await context.newPage();
  await page.goto(`${on.url}/designs/${catalogId}/edit`);
  await page.locator('.cb-editor[data-hydrated]').waitFor();
  return { page, context };
}
