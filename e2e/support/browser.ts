import { chromium, type Browser } from 'playwright-core';
import { findChrome } from '../../server/platform/index.ts';

/**
 * The system Chromium, driven by Playwright; never a downloaded browser, never the network.
 *
 * With E2E_CPU_SLOWDOWN=N (N > 1), every page's scripts run N times slower (Chromium's CPU throttling), as on a
 * loaded CI machine: a test that acts before the page is ready fails here instead of once in a while there.
 */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = findChrome();
  if (!executablePath) throw new Error('Chromium not found: install it or set CHROME_PATH');
  const browser = await chromium.launch({
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
  const slowdown = Number(process.env.E2E_CPU_SLOWDOWN ?? 1);
  if (slowdown > 1) {
    // Browser.newPage goes through newContext too, so every page of the test gets it.
    const newContext = browser.newContext.bind(browser);
    browser.newContext = async (options) => {
      const context = await newContext(options);
      context.on('page', (page) => {
        void context
          .newCDPSession(page)
          .then((cdp) => cdp.send('Emulation.setCPUThrottlingRate', { rate: slowdown }))
          .catch(() => {});
      });
      return context;
    };
  }
  return browser;
}
