import { chromium, type Browser } from 'playwright-core';
import { findChrome } from '../../server/platform/index.ts';

/** The system Chromium, driven by Playwright; never a downloaded browser, never the network. */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChrome();
  if (!executablePath) throw new Error('Chromium not found: install it or set CHROME_PATH');
  return chromium.launch({
    executablePath,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
      '--disable-quic',
    ],
  });
}
