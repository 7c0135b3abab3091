import { eq, sql } from 'drizzle-orm';
import type { Browser, BrowserContext } from 'playwright-core';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../db/schema.ts';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { expectNoSeriousA11yIssues, expectNoSidewaysScroll, shot } from './support/axe.ts';
import { launchBrowser } from './support/browser.ts';
import { skipEditorTour } from './support/editor.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { merchantWithCatalog } from './support/merchant.ts';

let server: TestServer;
let browser: Browser;

/** The browser contexts a test opened, closed when it ends: an editor left open keeps its timers running. */
const opened: BrowserContext[] = [];

/** A merchant with one catalog who has not seen the tour, signed in in a fresh browser context. */
const merchant = async (email: string, opts: { paid?: boolean; locale?: string; width?: number } = {}) => {
  const m = await merchantWithCatalog(browser, server, email, { ...opts, tourSeen: false });
  opened.push(m.context);
  return m;
};

const flagsOf = async (email: string) =>
  (await server.runtime.db.select({ flags: users.flags }).from(users).where(eq(users.email, email)))[0]!
    .flags as Record<string, unknown>;
const setUser = (email: string, set: Partial<typeof users.$inferInsert>) =>
  server.runtime.db.update(users).set(set).where(eq(users.email, email));

beforeAll(async () => {
  server = await startTestServer({ WORKER: 'off' });
  browser = await launchBrowser();
});
afterEach(async () => {
  await Promise.all(opened.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

describe('around the editor: help, tooltips, tour, rating, organizer (SPEC §2.2, §4)', () => {
  it('runs the five-step tour on the first visit only, by keyboard, Escape closing it', async () => {
    const { page, open } = await merchant('tour@example.com');
    await open();
    const tour = page.getByRole('dialog');
    await expectVisible(tour.getByRole('heading', { name: 'Your products' }));
    await expectText(page.getByTestId('tour-step'), 'Step 1 of 5');
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'editor-tour-1440');
    const next = tour.getByRole('button', { name: 'Next' });
    for (const [step, title] of [
      [2, 'The pages'],
      [3, 'The page'],
      [4, 'The selection'],
    ] as const) {
      await next.focus();
      await page.keyboard.press('Enter');
      await expectText(page.getByTestId('tour-step'), `Step ${step} of 5`);
      await expectVisible(tour.getByRole('heading', { name: title, exact: true }));
    }
    await tour.getByRole('button', { name: 'Back' }).click();
    await expectText(page.getByTestId('tour-step'), 'Step 3 of 5');
    await page.keyboard.press('Escape');
    await tour.waitFor({ state: 'detached' });
    await expect.poll(async () => (await flagsOf('tour@example.com')).tourDone).toBe(true);
    // Run once: the stored flag keeps it away on the next visit.
    await open();
    await expectVisible(page.getByRole('button', { name: 'Help' }));
    expect(await page.getByRole('dialog').count()).toBe(0);
  });

  it('skips the tour from the keyboard and ends on the fifth step with Start editing', async () => {
    const { page, open } = await merchant('skip@example.com');
    await open();
    const tour = page.getByRole('dialog');
    await tour.getByRole('button', { name: 'Skip tour' }).focus();
    await page.keyboard.press('Enter');
    await tour.waitFor({ state: 'detached' });
    await expect.poll(async () => (await flagsOf('skip@example.com')).tourDone).toBe(true);

    const second = await merchant('finish@example.com');
    await second.open();
    const dialog = second.page.getByRole('dialog');
    for (let i = 0; i < 4; i++) await dialog.getByRole('button', { name: 'Next' }).click();
    await expectVisible(dialog.getByRole('heading', { name: 'Help is at hand' }));
    await dialog.getByRole('button', { name: 'Start editing' }).click();
    await dialog.waitFor({ state: 'detached' });
    await expect.poll(async () => (await flagsOf('finish@example.com')).tourDone).toBe(true);
  });

  it('lists the 14 tutorial videos in a keyboard menu, and the tooltip toggle hides the tips for good', async () => {
    const { page, open } = await merchant('help@example.com');
    await skipEditorTour(server.runtime.db, 'help@example.com');
    await open();
    await page.getByRole('button', { name: 'Help' }).focus();
    await page.keyboard.press('Enter');
    const links = page.locator('#cb-help-menu a');
    await expectVisible(links.first());
    expect(await links.count()).toBe(14);
    await expectText(links.first(), 'Getting started with the editor');
    expect(await links.first().getAttribute('href')).toBe('/help/getting-started');
    expect(await links.first().getAttribute('target')).toBe('_blank');
    // The first video has the focus; arrows and Tab move through them, Escape closes and gives focus back.
    await expect
      .poll(() => page.evaluate(() => document.activeElement?.textContent))
      .toContain('Getting started');
    await expectNoSeriousA11yIssues(page);
    await shot(page, 'editor-help-1440');
    await page.keyboard.press('Escape');
    await links.first().waitFor({ state: 'detached' });

    const tips = page.getByRole('button', { name: 'Tooltips' });
    const hint = page.getByText('Drag a product onto a cell of the page');
    await expectVisible(hint);
    expect(await tips.getAttribute('aria-pressed')).toBe('true');
    await tips.click();
    await hint.waitFor({ state: 'hidden' });
    expect(await tips.getAttribute('aria-pressed')).toBe('false');
    // Kept in this browser's localStorage: still off after a reload.
    await open();
    expect(await page.evaluate(() => localStorage.getItem('cb.editor.tips'))).toBe('off');
    await expect.poll(() => hint.isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Tooltips' }).click();
    await expectVisible(hint);
  });

  it('asks store-platform merchants not on trial to rate, once; later waits 7 days', async () => {
    const rater = await merchant('rater@example.com');
    await skipEditorTour(server.runtime.db, 'rater@example.com');
    // A standalone merchant is never asked.
    await rater.open();
    await expectVisible(rater.page.getByRole('button', { name: 'Help' }));
    expect(await rater.page.getByText('How do you like Catalog Builder?').count()).toBe(0);

    await setUser('rater@example.com', { platform: 'shopify' });
    await rater.open();
    await expectVisible(rater.page.getByText('How do you like Catalog Builder?'));
    await expectNoSeriousA11yIssues(rater.page);
    await shot(rater.page, 'editor-rating-1440');
    await rater.page.getByRole('button', { name: '4 stars' }).click();
    await expectVisible(rater.page.getByText('Thank you for rating Catalog Builder!'));
    expect(await flagsOf('rater@example.com')).toMatchObject({ rated: true, stars: 4 });
    await rater.open();
    await expectVisible(rater.page.getByRole('button', { name: 'Help' }));
    expect(await rater.page.getByText('How do you like Catalog Builder?').count()).toBe(0);

    const later = await merchant('later@example.com');
    await skipEditorTour(server.runtime.db, 'later@example.com');
    await setUser('later@example.com', { platform: 'shopify' });
    await later.open();
    await later.page.getByRole('button', { name: 'Ask me later' }).click();
    await later.page.getByText('How do you like Catalog Builder?').waitFor({ state: 'detached' });
    const until = Date.parse(String((await flagsOf('later@example.com')).ratingPostponedUntil));
    expect(Math.round((until - Date.now()) / 86_400_000)).toBe(7);
    await later.open();
    await expectVisible(later.page.getByRole('button', { name: 'Help' }));
    expect(await later.page.getByText('How do you like Catalog Builder?').count()).toBe(0);
    // Once the postponed date has passed, it is back.
    await setUser('later@example.com', {
      flags: sql`${users.flags} || '{"ratingPostponedUntil": "2020-01-01T00:00:00.000Z"}'::jsonb`,
    });
    await later.open();
    await expectVisible(later.page.getByText('How do you like Catalog Builder?'));

    // A store-platform merchant on trial is not asked.
    const trial = await merchant('trial-shop@example.com', { paid: false });
    await skipEditorTour(server.runtime.db, 'trial-shop@example.com');
    await setUser('trial-shop@example.com', { platform: 'shopify' });
    await trial.open();
    await expectVisible(trial.page.getByRole('button', { name: 'Help' }));
    expect(await trial.page.getByText('How do you like Catalog Builder?').count()).toBe(0);
  });

  it('offers organizer mode only to users created before 3 Oct 2017', async () => {
    const early = await merchant('early@example.com');
    await skipEditorTour(server.runtime.db, 'early@example.com');
    await setUser('early@example.com', { createdAt: new Date('2017-10-02T23:59:59Z') });
    await early.open();
    const organizer = early.page.getByRole('button', { name: 'Organizer mode' });
    await expectVisible(organizer);
    await organizer.click();
    await early.page.locator('.cb-editor--organizer').waitFor();
    await expect.poll(() => early.page.locator('.cb-editor-main').isVisible()).toBe(false);
    await expectVisible(early.page.getByRole('navigation', { name: 'Pages of the catalog' }));
    await shot(early.page, 'editor-organizer-1440');
    await organizer.click();
    await expectVisible(early.page.locator('.cb-editor-main'));

    await setUser('early@example.com', { createdAt: new Date('2017-10-03T00:00:00Z') });
    await early.open();
    await expectVisible(early.page.getByRole('button', { name: 'Help' }));
    expect(await early.page.getByRole('button', { name: 'Organizer mode' }).count()).toBe(0);
  });

  it('speaks French and fits a 390 px phone', async () => {
    const { page, open } = await merchant('fr@example.com', { locale: 'fr-FR', width: 390 });
    await open();
    const tour = page.getByRole('dialog');
    await expectVisible(tour.getByRole('heading', { name: 'Vos produits' }));
    await expectText(page.getByTestId('tour-step'), 'Étape 1 sur 5');
    await shot(page, 'editor-tour-390');
    await tour.getByRole('button', { name: 'Passer la visite' }).click();
    await tour.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Aide' }).click();
    await expectText(page.locator('#cb-help-menu a').first(), "Premiers pas dans l'éditeur");
    await expectVisible(page.getByRole('button', { name: 'Infobulles' }));
    await expectNoSeriousA11yIssues(page);
    await expectNoSidewaysScroll(page);
    await shot(page, 'editor-help-390');
  });
});
