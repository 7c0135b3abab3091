import type { Browser, BrowserContext } from 'playwright-core';
import { createPage, getDefaultLayout } from '../../core/layouts/index.ts';
import { setUpgradeByEmail } from '../../server/billing/index.ts';
import { client, type TestServer } from '../../scripts/testing/server.ts';
import { openEditor, skipEditorTour } from './editor.ts';

type Client = ReturnType<typeof client>;

/** The client's session cookies, put into the browser context: both act as the same signed-in merchant. */
export async function shareSession(c: Client, context: BrowserContext, url: string) {
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

export type MerchantOptions = {
  /** Paying (the default), or on the trial. */
  paid?: boolean;
  /** Has seen the editor's first-visit tour (the default), or will be shown it. */
  tourSeen?: boolean;
  businessName?: string;
  shopUrl?: string;
};

/**
 * A merchant registered through the API, signed in in the client it answers: paying and past the editor's tour
 * unless told otherwise. Throws when registering fails, so a test never goes on as nobody.
 */
export async function registerMerchant(server: TestServer, email: string, opts: MerchantOptions = {}) {
  const c = client(server.url);
  const res = await c.post('/auth/register', {
    email,
    password: 'correct-horse',
    confirmPassword: 'correct-horse',
    businessName: opts.businessName ?? 'Maison Nord',
    shopUrl: opts.shopUrl ?? 'https://maison.example',
  });
  if (res.status !== 200) throw new Error(`Registering ${email} answered ${res.status}`);
  const userId = ((await res.json()) as { user: { _id: string } }).user._id;
  if (opts.paid !== false) await setUpgradeByEmail({ db: server.runtime.db, email, upgrade: true });
  if (opts.tourSeen !== false) await skipEditorTour(server.runtime.db, email);
  return { api: c, userId };
}

/**
 * A merchant (paying and past the tour unless told otherwise), signed in both in `context` (the browser, whose
 * earlier cookies go) and in the client it answers (the same session), so a test drives the screens and reads
 * what they saved through the API.
 */
export async function signInMerchant(
  server: TestServer,
  context: BrowserContext,
  email: string,
  opts: MerchantOptions = {},
) {
  const merchant = await registerMerchant(server, email, opts);
  await context.clearCookies();
  await shareSession(merchant.api, context, server.url);
  return merchant;
}

/**
 * A merchant (paying and past the tour unless told otherwise) with a one-page catalog, signed in in a fresh
 * browser context of the given width and locale; `open` goes to the editor and waits for it to hydrate.
 */
export async function merchantWithCatalog(
  browser: Browser,
  on: TestServer,
  email: string,
  opts: MerchantOptions & { locale?: string; width?: number } = {},
) {
  const { api } = await registerMerchant(on, email, opts);
  const res = await api.post('/api/v1/catalogs', {
    catalog: { title: 'Spring line', pages: [createPage({ layout: getDefaultLayout('products', 4) })] },
  });
  if (res.status !== 200) throw new Error(`Creating a catalog for ${email} answered ${res.status}`);
  const catalogId = (await res.json()).data._id as string;
  const context = await browser.newContext({
    viewport: { width: opts.width ?? 1440, height: opts.width ? 844 : 900 },
    locale: opts.locale ?? 'en-US',
  });
  await shareSession(api, context, on.url);
  const page = await context.newPage();
  const open = async () => {
    await openEditor(page, `${on.url}/designs/${catalogId}/edit`);
  };
  return { page, context, open, api, catalogId };
}

/** A paid merchant with a one-page catalog, signed in in a fresh browser context, in the editor. */
export async function merchantInEditor(browser: Browser, on: TestServer, email: string) {
  const merchant = await merchantWithCatalog(browser, on, email);
  await merchant.open();
  return merchant;
}
