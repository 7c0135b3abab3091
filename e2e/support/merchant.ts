import type { Browser, BrowserContext } from 'playwright-core';
import { createPage, getDefaultLayout } from '../../core/layouts/index.ts';
import { setUpgradeByEmail } from '../../server/billing/index.ts';
import { client, registeredClient, type TestServer } from '../../scripts/testing/server.ts';
import { skipEditorTour } from './editor-tour.ts';

type Client = ReturnType<typeof client>;

/** The client's session cookies, put into the browser context: both act as the same signed-in merchant. */
async function shareSession(c: Client, context: BrowserContext, url: string) {
  await context.addCookies(
    c.jar
      .header()
      .split('; ')
      .map((pair) => {
        const k = pair.indexOf('=');
        return { name: pair.slice(0, k), value: pair.slice(k + 1), url };
      }),
  );
}

/**
 * A paying merchant who has seen the editor's tour, signed in both in `context` (the browser) and in the client
 * it answers (the same session), so a test drives the screens and reads what they saved through the API.
 */
export async function signInMerchant(server: TestServer, context: BrowserContext, email: string) {
  const c = client(server.url);
  const res = await c.post('/auth/register', {
    email,
    password: 'correct-horse',
    confirmPassword: 'correct-horse',
    businessName: 'Maison Nord',
    shopUrl: 'https://maison.example',
  });
  if (res.status !== 200) throw new Error(`Registering ${email} answered ${res.status}`);
  await setUpgradeByEmail({ db: server.runtime.db, email, upgrade: true });
  await skipEditorTour(server.runtime.db, email);
  await context.clearCookies();
  await shareSession(c, context, server.url);
  return c;
}

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
  await shareSession(c, context, on.url);
  const page = await context.newPage();
  await page.goto(`${on.url}/designs/${catalogId}/edit`);
  await page.locator('.cb-editor[data-hydrated]').waitFor();
  return { page, context };
}
