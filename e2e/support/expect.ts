import type { Locator } from 'playwright-core';
import { expect } from 'vitest';

const TIMEOUT = 10_000;

/** Wait until the element is visible (fails after 10 s with the locator in the message). */
export async function expectVisible(locator: Locator): Promise<void> {
  await locator.first().waitFor({ state: 'visible', timeout: TIMEOUT });
}

/** Wait until the element's text, whitespace collapsed, equals `text`. */
export async function expectText(locator: Locator, text: string): Promise<void> {
  const deadline = Date.now() + TIMEOUT;
  let actual = '';
  while (Date.now() < deadline) {
    if ((await locator.count()) > 0) {
      actual = ((await locator.first().textContent()) ?? '').replace(/\s+/g, ' ').trim();
      if (actual === text) return;
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  expect(actual, `text of ${locator}`).toBe(text);
}
