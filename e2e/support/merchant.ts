import type { BrowserContext } from 'playwright-core';
import { setUpgradeByEmail } from '../../server/billing/index.ts';
import { client, type TestServer } from '../../scripts/testing/server.ts';
import { skipEditorTour } from './editor-tour.ts';

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
  await context.addCookies(
    c.jar
      .header()
      .split('; ')
      .map((pair) => {
        const k = pair.indexOf('=');
        return { name: pair.slice(0, k), value: pair.slice(k + 1), url: server.url };
      }),
  );
  return c;
}
