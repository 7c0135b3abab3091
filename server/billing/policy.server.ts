import { BILLING_ON, type BillingPolicy } from '../../core/billing/index.ts';
import { conflict } from '../platform/index.ts';

export const BILLING_OFF_MESSAGE =
  'Billing is off on this server: every account already has its plan, with nothing to pay.';

/**
 * The server's billing mode (BILLING, DEFAULT_PLAN), set once when a process builds its runtime and read by every
 * entitlement question in it. Kept under a global symbol for the same reason as the runtime: the React Router
 * server bundle carries its own copy of this module. Unset (a test that calls the services directly), billing is
 * on, as every test of plans and trials expects.
 */
const KEY = Symbol.for('catalog-builder.billing-policy');
type WithPolicy = { [KEY]?: BillingPolicy };

export function setBillingPolicy(policy: BillingPolicy | undefined): void {
  (globalThis as WithPolicy)[KEY] = policy;
}

export function billingPolicy(): BillingPolicy {
  return (globalThis as WithPolicy)[KEY] ?? BILLING_ON;
}

/** The policy a configuration asks for (server/platform's BILLING and DEFAULT_PLAN, defaults applied). */
export function billingPolicyOf(config: { billing: 'on' | 'off'; defaultPlanId: string }): BillingPolicy {
  return config.billing === 'off' ? { mode: 'off', planId: config.defaultPlanId } : BILLING_ON;
}

/** Starting a payment (Stripe Checkout, a Shopify charge, a plan change, a trial extension) needs billing on: 409. */
export function assertBillingOn(): void {
  if (billingPolicy().mode === 'off') throw conflict(BILLING_OFF_MESSAGE);
}
