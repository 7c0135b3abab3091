import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** No serious or critical axe finding on the page as it is now (the bar of DESIGN: people first). */
export async function expectNoSeriousA11yIssues(
  page: Page,
  opts: { exclude?: string[] } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page });
  for (const selector of opts.exclude ?? []) builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(serious).toEqual([]);
}

/** The page scrolls no wider than its viewport (a phone must not scroll sideways). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(viewport);
}

/** Screenshots to look at, not to compare: E2E_SHOTS=<dir> keeps them. */
export async function shot(page: Page, name: string): Promise<void> {
  const dir = process.env.E2E_SHOTS;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: true });
}
