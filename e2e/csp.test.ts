import { eq } from 'drizzle-orm';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { subscriptions, users } from '../db/schema.ts';
import { createCatalog } from '../server/catalogs/index.ts';
import { sampleCatalog } from '../scripts/testing/sample-catalog.ts';
import { client, startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { launchBrowser } from './support/browser.ts';
import { expectVisible } from './support/expect.ts';

// The main pages under their Content-Security-Policy (app/entry.server.tsx) in Chromium: each hydrates (its
// scripts ran) and the browser reports no violation, neither as a securitypolicyviolation event nor on the
// console.
let server: TestServer;
let browser: Browser;
let page: Page;
let catalogId: string;
const violations: string[] = [];

const STAFF = { email: 'staff@example.com', password: 'staff-password-1' };
const MERCHANT = 'merchant@example.com';

beforeAll(async () => {
  server = await startTestServer({ ADMIN_EMAIL: STAFF.email, ADMIN_PASSWORD: STAFF.password });
  const res = await client(server.url).post('/auth/register', {
    email: MERCHANT,
    password: 'correct-horse',
    confirmPassword: 'correct-horse',
    businessName: 'Maison Nord',
    shopUrl: 'https://maison.example',
  });
  expect(res.status).toBe(200);
  const [staff] = await server.runtime.db.select().from(users).where(eq(users.email, STAFF.email));
  const doc = sampleCatalog({ products: 3, imageUrl: () => null });
  catalogId = (await createCatalog({ db: server.runtime.db, ownerId: staff!.id, input: { catalog: doc } }))
    .catalog._id;

  browser = await launchBrowser();
  const context = await browser.newContext();
  await context.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) =>
      console.error(
        `securitypolicyviolation: ${e.violatedDirective} ${e.blockedURI} at ${e.sourceFile}:${e.lineNumber}`,
      ),
    );
  });
  page = await context.newPage();
  page.on('console', (m) => {
    if (/securitypolicyviolation|Content Security Policy/i.test(m.text())) violations.push(m.text());
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

/** Open a page and wait until React has hydrated it (hydrateRoot marks the document). */
async function visit(path: string) {
  await page.goto(`${server.url}${path}`);
  await page
    .waitForFunction(() => Object.keys(document).some((k) => k.startsWith('__reactContainer')), null, {
      timeout: 10_000,
    })
    .catch(() => {
      throw new Error(`${path} did not hydrate. Policy violations:\n${violations.join('\n')}`);
    });
  expect(violations, path).toEqual([]);
}

describe('pages under the Content-Security-Policy', () => {
  it('shows the signed-out pages with their scripts running', async () => {
    for (const path of ['/', '/login', '/register', '/forgot-password']) await visit(path);
  });

  it('signs in through the form and shows the signed-in and staff pages', async () => {
    await visit('/login');
    await page.getByLabel('Email').fill(STAFF.email);
    await page.getByLabel('Password').fill(STAFF.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${server.url}/catalogs`);
    for (const path of ['/catalogs', '/listings', `/preview/${catalogId}`, '/manager/allcatalogs'])
      await visit(path);
  });

  it("upgrades an account from /admin/users: the page's state-changing GET is same-origin", async () => {
    await visit('/admin/users');
    const row = page.getByRole('row').filter({ hasText: MERCHANT });
    await row.getByRole('button', { name: 'Upgrade' }).click();
    // Staff confirm each change of plan (issue 26).
    await page.getByRole('dialog').getByRole('button', { name: 'Upgrade' }).click();
    await expectVisible(page.getByText('Subscription updated'));
    const [merchant] = await server.runtime.db.select().from(users).where(eq(users.email, MERCHANT));
    const subs = await server.runtime.db
      .select()
      .from(subscriptions)
      .where(eq(subscriptions.userId, merchant!.id));
    expect(subs.map((s) => s.planId)).toContain('BUSINESS');
    expect(violations).toEqual([]);
  });
});
