import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sessionCookie } from '../accounts/index.ts';
import { ConfigError, loadConfig } from './config.server.ts';

const dirs: string[] = [];
const tmp = () => {
  const d = mkdtempSync(path.join(os.tmpdir(), 'cb-config-'));
  dirs.push(d);
  return d;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

describe('configuration (environment variables, .env.example)', () => {
  it('generates APP_SECRET once under DATA_DIR and keeps it across starts', () => {
    const dataDir = tmp();
    const first = loadConfig({ DATA_DIR: dataDir });
    const file = path.join(dataDir, 'app-secret');
    expect(first.appSecret.length).toBeGreaterThanOrEqual(32);
    expect(readFileSync(file, 'utf8').trim()).toBe(first.appSecret);
    expect(statSync(file).mode & 0o077).toBe(0);
    expect(loadConfig({ DATA_DIR: dataDir }).appSecret).toBe(first.appSecret);
    expect(loadConfig({ DATA_DIR: dataDir, APP_SECRET: 'x'.repeat(40) }).appSecret).toBe('x'.repeat(40));
    for (const d of ['db', 'files', 'outbox', 'tmp'])
      expect(statSync(path.join(dataDir, d)).isDirectory()).toBe(true);
  });

  it('stops on a wrong variable with a message naming it', () => {
    const dataDir = tmp();
    const bad = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(bad({ PORT: 'abc' })).toThrow(ConfigError);
    expect(bad({ PORT: 'abc' })).toThrow(/PORT/);
    expect(bad({ APP_SECRET: 'short' })).toThrow(/APP_SECRET: must be at least 32 characters/);
    expect(bad({ STORE_ACCESS_IPS: '1.2.3.4, nope' })).toThrow(/STORE_ACCESS_IPS/);
    expect(bad({ DATABASE_URL: 'not a url' })).toThrow(/DATABASE_URL/);
    expect(bad({ REDIS_PREFIX: 'shop a' })).toThrow(
      /REDIS_PREFIX: must be 1 to 64 letters, digits, dots, dashes or underscores/,
    );
    expect(bad({ JOB_LEASE_SECONDS: '1' })).toThrow(/JOB_LEASE_SECONDS/);
  });

  it('reads the queue settings several processes share: a Redis key prefix and the job lease', () => {
    const config = loadConfig({ DATA_DIR: tmp(), REDIS_PREFIX: 'shop-a.prod', JOB_LEASE_SECONDS: '5' });
    expect([config.REDIS_PREFIX, config.JOB_LEASE_SECONDS]).toEqual(['shop-a.prod', 5]);
    const defaults = loadConfig({ DATA_DIR: tmp() });
    expect([defaults.REDIS_PREFIX, defaults.JOB_LEASE_SECONDS]).toEqual([undefined, 30]);
  });

  it('turns billing off on the embedded defaults, on with a payment provider, as BILLING says otherwise', () => {
    const dataDir = tmp();
    const load = (env: Record<string, string> = {}) => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(load()).toMatchObject({ billing: 'off', defaultPlanId: 'CUSTOM', contactEmail: null });
    expect(load({ BILLING: '' }).billing).toBe('off');
    expect(load({ STRIPE_SECRET_KEY: 'sk_test_1' }).billing).toBe('on');
    expect(load({ SHOPIFY_API_KEY: 'k', SHOPIFY_API_SECRET: 's' }).billing).toBe('on');
    expect(load({ SHOPIFY_API_KEY: 'k', SHOPIFY_API_SECRET: 's', BILLING: 'off' }).billing).toBe('off');
    expect(load({ BILLING: 'on' }).billing).toBe('on');
    expect(load({ DEFAULT_PLAN: 'essential' }).defaultPlanId).toBe('ESSENTIAL');
    expect(load({ DEFAULT_PLAN: 'Business' }).defaultPlanId).toBe('BUSINESS');
    expect(load({ ADMIN_EMAIL: 'boss@example.com' }).contactEmail).toBe('boss@example.com');
    expect(load({ ADMIN_EMAIL: 'boss@example.com', CONTACT_EMAIL: 'plans@example.com' }).contactEmail).toBe(
      'plans@example.com',
    );
  });

  it('names BILLING, DEFAULT_PLAN and CONTACT_EMAIL when they are wrong', () => {
    const dataDir = tmp();
    const bad = (env: Record<string, string>) => () => loadConfig({ DATA_DIR: dataDir, ...env });
    expect(bad({ BILLING: 'maybe' })).toThrow(/BILLING: must be on or off/);
    expect(bad({ DEFAULT_PLAN: 'GOLD' })).toThrow(
      /DEFAULT_PLAN: must name a plan: ESSENTIAL, PERSONAL, BUSINESS, ENTERPRISE, PREMIUM, CUSTOM/,
    );
    // The trial is not a plan to give everyone: billing off means no trial.
    expect(bad({ DEFAULT_PLAN: 'trial' })).toThrow(/DEFAULT_PLAN: must name a plan/);
    expect(bad({ CONTACT_EMAIL: 'plans at example' })).toThrow(/CONTACT_EMAIL: must be an email address/);
  });

  it('reads TRUST_PROXY as Express does: boolean, hop count or addresses', () => {
    const dataDir = tmp();
    const trust = (v?: string) => loadConfig({ DATA_DIR: dataDir, TRUST_PROXY: v }).TRUST_PROXY;
    expect(trust(undefined)).toBe('loopback');
    expect(trust('true')).toBe(true);
    expect(trust('false')).toBe(false);
    expect(trust('2')).toBe(2);
    expect(trust('10.0.0.0/8, loopback')).toBe('10.0.0.0/8, loopback');
  });

  it('marks the session cookie Secure exactly when the public address is HTTPS', async () => {
    const dataDir = tmp();
    const cookie = (env: Record<string, string>) =>
      sessionCookie(loadConfig({ DATA_DIR: dataDir, ...env })).serialize('token-value-123');
    // `npm start` serves a production build over plain HTTP: the cookie must still come back.
    expect(await cookie({ NODE_ENV: 'production' })).not.toMatch(/Secure/i);
    expect(await cookie({ APP_URL: 'https://catalogs.example.com' })).toMatch(/; Secure/i);
    expect(await cookie({ APP_URL: 'https://catalogs.example.com' })).toMatch(/HttpOnly/i);
  });
});
