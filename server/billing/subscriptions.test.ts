import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema.ts';
import { openTestDatabase } from '../../scripts/testing/database.ts';
import { getEntitlements } from './entitlements.server.ts';
import {
  describeSubscription,
  extendOwnTrial,
  extendTrialByEmail,
  setUpgradeByEmail,
  startTrial,
} from './subscriptions.server.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const DAY = 86_400_000;
const newUser = async (email: string) => (await database.db.insert(users).values({ email }).returning())[0]!;

describe('entitlements over the database (SPEC §4 Trial and subscription, §9)', () => {
  it('applies the no-plan defaults of SPEC §9 to a user without any subscription', async () => {
    const u = await newUser('noplan@example.com');
    const ent = await getEntitlements({ db: database.db, userId: u.id });
    expect(ent).toMatchObject({ planId: null, hasExpired: true, status: 'none' });
    expect(ent.limits).toMatchObject({
      max_catalogs: 9999,
      max_pages_per_catalog: 9999,
      max_products_per_catalog: 999_999,
      max_orders: 0,
      embeddable: false,
      wholesale_features: false,
    });
  });

  it('gives a new trial its plan limits and 14 days', async () => {
    const u = await newUser('trial@example.com');
    const now = new Date('2026-11-01T10:00:00Z');
    const sub = await startTrial({ db: database.db, userId: u.id, now });
    expect(describeSubscription(sub, now)).toMatchObject({
      is_trial: true,
      days_left: 14,
      hasExpired: false,
      expires_at: '2026-11-15T10:00:00.000Z',
    });
    const ent = await getEntitlements({ db: database.db, userId: u.id, now });
    expect(ent).toMatchObject({ planId: 'trial', isTrial: true, status: 'trial', watermark: true });
    expect(ent.limits).toMatchObject({ max_catalogs: 3, embeddable: false });
  });

  it('lets staff extension visibly add 14 days, from the end or from now once ended', async () => {
    const u = await newUser('extend@example.com');
    const now = new Date('2026-11-01T10:00:00Z');
    await startTrial({ db: database.db, userId: u.id, now });
    const running = await extendTrialByEmail({ db: database.db, email: 'extend@example.com', now });
    expect(running).toMatchObject({ days_left: 28, hasExpired: false });
    const later = new Date(now.getTime() + 40 * DAY + 3_600_000);
    expect((await getEntitlements({ db: database.db, userId: u.id, now: later })).hasExpired).toBe(true);
    const again = await extendTrialByEmail({ db: database.db, email: 'extend@example.com', now: later });
    expect(again).toMatchObject({ days_left: 14, hasExpired: false });
    expect(await getEntitlements({ db: database.db, userId: u.id, now: later })).toMatchObject({
      daysLeft: 14,
      hasExpired: false,
    });
  });

  it('extends a paid staff-made plan too, and refuses one a provider bills', async () => {
    const u = await newUser('paid-extend@example.com');
    const now = new Date();
    await startTrial({ db: database.db, userId: u.id, now });
    const up = await setUpgradeByEmail({
      db: database.db,
      email: 'paid-extend@example.com',
      upgrade: true,
      now,
    });
    expect(up).toMatchObject({ plan: 'BUSINESS', days_left: 365 });
    expect(
      await extendTrialByEmail({ db: database.db, email: 'paid-extend@example.com', now }),
    ).toMatchObject({
      plan: 'BUSINESS',
      days_left: 379,
    });
    await database.db
      .update(subscriptions)
      .set({ type: 'stripe', externalId: 'sub_x' })
      .where(eq(subscriptions.id, up!.id));
    await expect(
      extendTrialByEmail({ db: database.db, email: 'paid-extend@example.com', now }),
    ).rejects.toMatchObject({
      status: 409,
    });
    await expect(
      setUpgradeByEmail({ db: database.db, email: 'paid-extend@example.com', upgrade: false, now }),
    ).rejects.toMatchObject({ status: 409 });
  });

  it('lets a merchant extend their own trial once by 7 days', async () => {
    const u = await newUser('self@example.com');
    const now = new Date();
    await startTrial({ db: database.db, userId: u.id, now });
    expect(await extendOwnTrial({ db: database.db, userId: u.id, now })).toMatchObject({ days_left: 21 });
    await expect(extendOwnTrial({ db: database.db, userId: u.id, now })).rejects.toMatchObject({
      status: 409,
      message: 'Your trial was already extended once.',
    });
    const paid = await newUser('self-paid@example.com');
    await startTrial({ db: database.db, userId: paid.id, now });
    await setUpgradeByEmail({ db: database.db, email: 'self-paid@example.com', upgrade: true, now });
    await expect(extendOwnTrial({ db: database.db, userId: paid.id, now })).rejects.toMatchObject({
      status: 409,
      message: 'Only a free trial can be extended.',
    });
  });
});
