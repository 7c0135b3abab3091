import { z } from 'zod';
import { extendTrialByEmail, listSubscriptions, setUpgradeByEmail } from '../../server/billing/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

export const SubscriptionSchema = z.object({
  id: z.string(),
  plan: z.string(),
  title: z.string(),
  type: z.string(),
  is_trial: z.boolean(),
  start_date: z.string(),
  duration: z.number(),
  status: z.string(),
  expires_at: z.string(),
  days_left: z.number(),
  hasExpired: z.boolean(),
  period: z.string().nullable(),
  amount: z.number().nullable(),
  currency: z.string().nullable(),
  cancel_at_period_end: z.boolean(),
});

const booleanParam = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export const upgradeEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/subscriptions/upgrade',
    changesState: true,
    summary: 'Staff: upgrade (upgrade=true) or downgrade (upgrade=false) an account by email',
    tags: ['subscriptions', 'admin'],
    auth: 'admin',
    query: z.object({ email: z.string().email(), upgrade: booleanParam, plan: z.string().optional() }),
    response: z.object({ subscription: SubscriptionSchema.nullable() }),
    errors: [403, 404],
  },
  async ({ user, query, runtime }) => ({
    subscription: await setUpgradeByEmail({
      db: runtime.db,
      email: query.email,
      upgrade: query.upgrade,
      planId: query.plan,
      actor: user,
    }),
  }),
);

export const extendEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/subscriptions/extend',
    changesState: true,
    summary: "Staff: extend an account's trial by email",
    tags: ['subscriptions', 'admin'],
    auth: 'admin',
    query: z.object({ email: z.string().email() }),
    response: z.object({ subscription: SubscriptionSchema }),
    errors: [403, 404],
  },
  async ({ user, query, runtime }) => ({
    subscription: await extendTrialByEmail({ db: runtime.db, email: query.email, actor: user }),
  }),
);

export const mySubscriptionsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/subscriptions',
    summary: "The signed-in user's subscriptions, latest first",
    tags: ['subscriptions'],
    auth: 'user',
    response: z.object({ data: z.array(SubscriptionSchema) }),
  },
  async ({ user, runtime }) => ({ data: await listSubscriptions({ db: runtime.db, userId: user.id }) }),
);
