// Where the system Chromium is: CHROME_PATH, else the usual install locations. Shared by start, tests and the worker.
import { existsSync } from 'node:fs';

export const CHROME_CANDIDATES = [
  '/usr/bin/chromium',
  '/usr/bin/chromium-browser',
  '/usr/bin/google-chrome',
  '/usr/bin/google-chrome-stable',
  '/snap/bin/chromium',
];

export function findChrome(env = process.env) {
  if (env.CHROME_PATH) return existsSync(env.CHROME_PATH) ? env.CHROME_PATH : null;
  return CHROME_CANDIDATES.find((p) => existsSync(p)) ?? null;
}
