import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../db/client.ts';
import { subscriptions, users } from '../../db/schema.ts';
import { openTestDatabase } from '../../scripts/testing/database.ts';
import { describeSubscription, getPlanLimits, startTrial } from './subscriptions.server.ts';

let database: Database;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

const DAY = 86_400_000;

describe('subscriptions (SPEC §4 Trial and subscription, §9)', () => {
  it('applies the no-plan defaults of SPEC §9 to a user without any subscription', async () => {
    const [u] = await database.db.insert(users).values({ email: 'noplan@example.com' }).returning();
    const limits = await getPlanLimits({ db: database.db, userId: u!.id });
    expect(limits).toMatchObject({
      max_catalogs: 9999,
      max_pages_per_catalog: 9999,
      max_products_per_catalog: 999_999,
      max_orders: 0,
      embeddable: false,
      wholesale_features: false,
      planId: null,
      hasExpired: true,
    });
  });

  it('gives a new trial its plan limits and 14 days', async () => {
    const [u] = await database.db.insert(users).values({ email: 'trial@example.com' }).returning();
    const now = new Date('2026-11-01T10:00:00Z');
    const sub = await startTrial({ db: database.db, userId: u!.id, now });
    expect(describeSubscription(sub, now)).toMatchObject({
      is_trial: true,
      days_left: 14,
      hasExpired: false,
      expires_at: '2026-11-15T10:00:00.000Z',
    });
    const limits = await getPlanLimits({ db: database.db, userId: u!.id });
    expect(limits).toMatchObject({ planId: 'trial', isTrial: true, max_catalogs: 3, embeddable: false });
  });

  it('expires a paid plan at start date plus duration, and never shows negative days left', () => {
    const start = new Date('2026-01-01T00:00:00Z');
    const row = {
      id: 's',
      userId: 'u',
      planId: 'BUSINESS',
      type: 'manual',
      isTrial: false,
      title: 'Business',
      startDate: start,
      durationDays: 30,
      status: 'active',
      externalId: null,
      createdAt: start,
      updatedAt: start,
    } as typeof subscriptions.$inferSelect;
    expect(describeSubscription(row, new Date(start.getTime() + 29.5 * DAY))).toMatchObject({
      days_left: 1,
      hasExpired: false,
    });
    expect(describeSubscription(row, new Date(start.getTime() + 30 * DAY))).toMatchObject({
      days_left: 0,
      hasExpired: true,
    });
    expect(describeSubscription(row, new Date(start.getTime() + 400 * DAY))).toMatchObject({
      days_left: 0,
      hasExpired: true,
    });
  });
});
