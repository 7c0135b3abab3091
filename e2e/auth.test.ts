import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../scripts/testing/server.ts';
import { launchBrowser } from './support/browser.ts';
import { expectText, expectVisible } from './support/expect.ts';
import { hydrated, openPage } from './support/page.ts';

let server: TestServer;
let browser: Browser;
let page: Page;

beforeAll(async () => {
  server = await startTestServer();
  browser = await launchBrowser();
  page = await browser.newPage();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});

const email = 'shop-owner@example.com';

async function logOut() {
  await openPage(page, `${server.url}/catalogs`);
  await page.getByRole('link', { name: 'Log out' }).click();
  await page.waitForURL(`${server.url}/`);
}

async function logIn(password: string) {
  await openPage(page, `${server.url}/login`);
  await page.getByLabel('Email').fill(email);
  await page.getByLabel('Password').fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

describe('account journey in Chromium', () => {
  it('registers a new merchant', async () => {
    await openPage(page, `${server.url}/register`);
    await page.getByLabel('Email').fill(email);
    await page.getByLabel('Password', { exact: true }).fill('first-password');
    await page.getByLabel('Confirm password').fill('first-password');
    await page.getByLabel('Business name').fill('Blue Ocean Apparel');
    await page.getByRole('button', { name: 'Create account' }).click();
    await page.waitForURL(`${server.url}/registered`);
    await expectVisible(page.getByText(`You are signed in as ${email}`));
    await expectVisible(page.getByText('Your free trial has 14 days left.'));
  });

  it('logs out, then fails a login with the SPEC message', async () => {
    await logOut();
    await logIn('not-my-password');
    await expectText(page.getByRole('alert'), 'Authentication failed.');
    expect(new URL(page.url()).pathname).toBe('/login');
  });

  it('logs in with the right password', async () => {
    await logIn('first-password');
    await page.waitForURL(`${server.url}/catalogs`);
    await expectVisible(page.getByRole('heading', { name: 'My catalogs' }));
    await expectVisible(page.getByText('Make your first catalog'));
  });

  it('resets the password through the mail in the outbox', async () => {
    await logOut();
    const before = server.outbox().length;
    await openPage(page, `${server.url}/login`);
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${server.url}/forgot-password`);
    await hydrated(page);
    await page.getByLabel('Email').fill(email);
    await page.getByRole('button', { name: 'Send the link' }).click();
    await expectText(
      page.getByRole('status'),
      'If an account exists for this email, we have sent a link to reset its password.',
    );

    const mails = server.outbox();
    expect(mails.length).toBe(before + 1);
    const mail = server.readMail(mails.at(-1)!).replace(/=\r?\n/g, '');
    const link = /(http:\/\/[^\s]+\/reset\/[A-Za-z0-9_-]+)/.exec(mail)?.[1];
    expect(link).toBeTruthy();

    await openPage(page, link!);
    await page.getByLabel('New password').fill('second-password');
    await page.getByLabel('Confirm password').fill('second-password');
    await page.getByRole('button', { name: 'Save the new password' }).click();
    await page.waitForURL(/\/login\?reset=1$/);
    await expectVisible(page.getByText('Your password was changed. Sign in with your new password.'));

    await logIn('first-password');
    await expectText(page.getByRole('alert'), 'Authentication failed.');
    await logIn('second-password');
    await page.waitForURL(`${server.url}/catalogs`);

    // The link works once only, and says so when opened again, without a form that could only fail.
    await openPage(page, link!);
    await expectText(
      page.getByRole('status'),
      'This link was already used: your password has been changed with it or with a newer link. Sign in with your new password, or ask for a new link.',
    );
    expect(await page.getByLabel('New password').count()).toBe(0);
    await expectVisible(page.getByRole('link', { name: 'Ask for a new link' }));
    // A link that was never ours (or expired) gives SPEC §8's message, and no form either.
    await openPage(page, `${server.url}/reset/${'x'.repeat(43)}`);
    await expectText(
      page.getByRole('alert'),
      'Could not update password as token is invalid or may have expired',
    );
    expect(await page.getByLabel('New password').count()).toBe(0);
  });
});
