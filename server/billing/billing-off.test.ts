import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { users } from '../../db/schema.ts';
import { openTestDatabase } from '../../scripts/testing/database.ts';
import {
  catalogActions,
  getEntitlements,
  getEntitlementsWithGates,
  includedPlan,
  loadPlanFacts,
} from './index.ts';
import { assertFeature, templateAllowed } from './entitlements.server.ts';
import { BILLING_OFF_MESSAGE, billingPolicyOf, setBillingPolicy } from './policy.server.ts';
import { extendOwnTrial, setUpgradeByEmail, startTrial } from './subscriptions.server.ts';

/**
 * Issue 22 item 2: BILLING=off. Every account has the plan DEFAULT_PLAN names (default the highest), with no trial,
 * no watermark and no upgrade anywhere; with BILLING=on, trials and plans decide as before. Entitlements are
 * server/billing's answer alone (DESIGN §8b), so this is where billing off is decided and tested.
 */
let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());
afterEach(() => setBillingPolicy(undefined));

let n = 0;
/** A merchant who registered a day ago, on the trial every registration starts. */
async function merchant() {
  const [u] = await database.db
    .insert(users)
    .values({ email: `m${++n}@example.com` })
    .returning();
  await startTrial({ db: database.db, userId: u!.id, now: new Date(Date.now() - 86_400_000) });
  return u!;
}

describe('entitlements with billing off', () => {
  it('give every account the highest plan by default: no trial, no watermark, no end, every gate open', async () => {
    setBillingPolicy(billingPolicyOf({ billing: 'off', defaultPlanId: 'CUSTOM' }));
    const u = await merchant();
    const { entitlements: ent, gates } = await getEntitlementsWithGates({ db: database.db, user: u });
    expect(ent).toMatchObject({
      billing: 'off',
      status: 'active',
      planId: 'CUSTOM',
      planTitle: 'Custom',
      isTrial: false,
      hasExpired: false,
      watermark: false,
      expiresAt: null,
    });
    expect(ent.limits).toMatchObject({ embeddable: true, csv_export: true, custom_design: true });
    expect(Object.values(gates).every((g) => g.kind === 'open')).toBe(true);
    expect(catalogActions(ent, await loadPlanFacts(database.db))).toEqual({
      download: true,
      print: true,
      embed: true,
    });
  });

  it('give the plan DEFAULT_PLAN names, and say a feature it leaves out is not included, never to upgrade', async () => {
    setBillingPolicy(billingPolicyOf({ billing: 'off', defaultPlanId: 'ESSENTIAL' }));
    const u = await merchant();
    const { entitlements: ent, gates } = await getEntitlementsWithGates({ db: database.db, user: u });
    expect(ent).toMatchObject({ planId: 'ESSENTIAL', isTrial: false, watermark: false });
    expect(ent.limits).toMatchObject({ max_catalogs: 1, embeddable: false, csv_export: false });
    // Download and print are every plan's; what Essential lacks is unavailable, with no plan to move to.
    expect(gates.download).toEqual({ kind: 'open' });
    expect(gates.print).toEqual({ kind: 'open' });
    expect(gates.embed).toEqual({ kind: 'unavailable' });
    expect(gates.csv_export).toEqual({ kind: 'unavailable' });
    expect(
      Object.values(gates).some((g) => ['upgrade', 'essential', 'custom', 'trial'].includes(g.kind)),
    ).toBe(false);
    await expect(assertFeature({ db: database.db, ent, feature: 'csv_export' })).rejects.toMatchObject({
      status: 403,
      message: "This feature is not included in this server's plan.",
    });
    expect(
      await templateAllowed({
        db: database.db,
        ent,
        template: { id: 'not-an-essential-template', slug: null },
      }),
    ).toEqual({ kind: 'unavailable' });
    expect(await includedPlan(database.db)).toMatchObject({ id: 'ESSENTIAL', title: 'Essential' });
  });

  it('ignore the subscriptions staff or a trial left, and keep nobody from working once they end', async () => {
    setBillingPolicy(billingPolicyOf({ billing: 'off', defaultPlanId: 'CUSTOM' }));
    const u = await merchant();
    await setUpgradeByEmail({ db: database.db, email: u.email!, upgrade: true, planId: 'ESSENTIAL' });
    const years = new Date(Date.now() + 3 * 365 * 86_400_000);
    expect(await getEntitlements({ db: database.db, userId: u.id, now: years })).toMatchObject({
      planId: 'CUSTOM',
      hasExpired: false,
      watermark: false,
    });
  });

  it('refuse to start a payment or extend a trial (409): there is nothing to pay', async () => {
    setBillingPolicy(billingPolicyOf({ billing: 'off', defaultPlanId: 'CUSTOM' }));
    const u = await merchant();
    await expect(extendOwnTrial({ db: database.db, userId: u.id })).rejects.toMatchObject({
      status: 409,
      message: BILLING_OFF_MESSAGE,
    });
  });
});

describe('entitlements with billing on', () => {
  it('keep the trial, its watermark and its gates, whatever DEFAULT_PLAN says', async () => {
    setBillingPolicy(billingPolicyOf({ billing: 'on', defaultPlanId: 'ESSENTIAL' }));
    const u = await merchant();
    const { entitlements: ent, gates } = await getEntitlementsWithGates({ db: database.db, user: u });
    expect(ent).toMatchObject({
      billing: 'on',
      planId: 'trial',
      isTrial: true,
      watermark: true,
      daysLeft: 13,
    });
    expect(gates.download).toEqual({ kind: 'trial' });
    expect(await includedPlan(database.db)).toBeNull();
  });

  it('is what a process that set no policy gets, as every test of plans expects', async () => {
    const u = await merchant();
    expect(await getEntitlements({ db: database.db, user: u })).toMatchObject({
      billing: 'on',
      isTrial: true,
    });
  });

  it('lets a test ask for billing off on one call', async () => {
    const u = await merchant();
    expect(
      await getEntitlements({ db: database.db, user: u, billing: { mode: 'off', planId: 'PERSONAL' } }),
    ).toMatchObject({ billing: 'off', planId: 'PERSONAL' });
  });
});
