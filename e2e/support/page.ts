import type { Page } from 'playwright-core';

/**
 * Waits until React has taken over the server's HTML (app/root.tsx sets `window.__cbHydrated`): until then the
 * page shows its fields and buttons, but what a test types may be reset and a click may do nothing, and on a
 * loaded machine a test can act in that moment.
 */
export async function hydrated(page: Page) {
  await page.waitForFunction(() => (window as Window & { __cbHydrated?: boolean }).__cbHydrated === true);
}

/** Goes to `url` and waits until React has taken the page over. */
export async function openPage(page: Page, url: string) {
  const res = await page.goto(url);
  await hydrated(page);
  return res;
}
