import { AxeBuilder } from '@axe-core/playwright';
import axe from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** A node axe found, as a failure message shows it: where, its opening tag, and why (the colours it measured). */
const described = (n: { target: unknown[]; html: string; failureSummary?: string }) =>
  `${n.target.join(' ')} ${n.html.slice(0, 160)} (${(n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 240)})`;

/** No serious or critical axe finding on the page as it is now (the bar of DESIGN: people first). */
export async function expectNoSeriousA11yIssues(
  page: Page,
  opts: { exclude?: string[]; label?: string } = {},
): Promise<void> {
  const builder = new AxeBuilder({ page });
  for (const selector of opts.exclude ?? []) builder.exclude(selector);
  const { violations } = await builder.analyze();
  const serious = violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map(described).join(', ')}`);
  expect(serious, opts.label).toEqual([]);
}

/** The page scrolls no wider than its viewport (a phone must not scroll sideways). */
export async function expectNoSidewaysScroll(page: Page): Promise<void> {
  const { scroll, viewport } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    viewport: window.innerWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(viewport);
}

/**
 * Screenshots to look at, not to compare: SCREENSHOTS_DIR=<dir> keeps them as <name>.png (the whole page, or
 * only the viewport with `fullPage: false`, as for the editor, whose panes scroll on their own).
 */
export async function shot(page: Page, name: string, opts: { fullPage?: boolean } = {}): Promise<void> {
  const dir = process.env.SCREENSHOTS_DIR;
  if (dir) await page.screenshot({ path: `${dir}/${name}.png`, fullPage: opts.fullPage ?? true });
}

/**
 * No serious or critical axe finding at each of these viewport sizes, the page as it is now: axe goes into the
 * page (and its frames) once and runs at each size in turn. Cheaper than expectNoSeriousA11yIssues once a size:
 * AxeBuilder puts axe's source into the page, and again into a blank page of its own, at every call.
 */
export async function expectNoSeriousA11yIssuesAt(
  page: Page,
  sizes: { width: number; height: number }[],
  opts: { label?: string } = {},
): Promise<void> {
  for (const frame of page.frames()) await frame.evaluate(axe.source);
  for (const size of sizes) {
    await page.setViewportSize(size);
    const violations = await page.evaluate(async () => {
      const run = (window as unknown as { axe: typeof axe }).axe.run;
      // Only violations are wanted: passing nodes are not described, which is most of axe's work on a big page.
      const results = await run(document, { resultTypes: ['violations'] });
      return results.violations.map((v) => ({
        id: v.id,
        impact: v.impact,
        targets: v.nodes.map((n) => ({ target: n.target, html: n.html, failureSummary: n.failureSummary })),
      }));
    });
    const serious = violations
      .filter((v) => v.impact === 'serious' || v.impact === 'critical')
      .map((v) => `${v.id}: ${v.targets.map(described).join(', ')}`);
    expect(serious, `${opts.label ?? page.url()} at ${size.width}`).toEqual([]);
  }
}
