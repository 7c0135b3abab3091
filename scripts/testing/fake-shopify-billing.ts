import { createHmac } from 'node:crypto';

const DAY_MS = 86_400_000;

export type FakeAppSubscription = {
  id: string;
  name: string;
  status: 'PENDING' | 'ACTIVE' | 'DECLINED' | 'CANCELLED' | 'EXPIRED' | 'FROZEN';
  test: boolean;
  returnUrl: string;
  createdAt: string;
  updatedAt: string;
  currentPeriodEnd: string | null;
  interval: 'EVERY_30_DAYS' | 'ANNUAL';
  amount: number;
  /** The discount as Shopify takes it: a fraction of the price (0.2 for 20 %). */
  discountPercentage: number | null;
};

export type UserError = { field: string[]; message: string };

/**
 * One shop's side of Shopify's Billing API as the Admin GraphQL API shows it: appSubscriptionCreate (validated
 * as Shopify does, answering userErrors or a PENDING subscription with its confirmationUrl) and
 * currentAppInstallation.activeSubscriptions. Tests play the merchant on the confirmation page with approve(),
 * decline() and cancel(), and take the APP_SUBSCRIPTIONS_UPDATE payload Shopify would then send.
 */
export class FakeShopifyBilling {
  readonly subscriptions: FakeAppSubscription[] = [];
  /** Each entry is what Shopify answers one coming appSubscriptionCreate with (a shop it cannot bill...). */
  readonly forcedUserErrors: UserError[][] = [];

  constructor(
    private readonly shop: string,
    private readonly gid: (type: string) => string,
  ) {}

  create(args: Record<string, unknown>) {
    const errors: UserError[] = [...(this.forcedUserErrors.shift() ?? [])];
    const name = typeof args.name === 'string' ? args.name.trim() : '';
    if (!name) errors.push({ field: ['name'], message: "Name can't be blank" });
    const returnUrl = String(args.returnUrl ?? '');
    if (!/^https?:\/\/[^\s]+$/.test(returnUrl))
      errors.push({ field: ['returnUrl'], message: 'Return url is invalid' });
    const items = Array.isArray(args.lineItems) ? (args.lineItems as Record<string, any>[]) : [];
    const recurring = items.map((i) => i?.plan?.appRecurringPricingDetails).filter(Boolean);
    if (recurring.length !== 1)
      errors.push({
        field: ['lineItems'],
        message: 'A subscription takes exactly one recurring line item here',
      });
    const pricing = recurring[0] ?? {};
    const amount = Number(pricing.price?.amount);
    if (!(amount > 0))
      errors.push({ field: ['lineItems', '0', 'plan', 'price'], message: 'Price must be greater than 0' });
    if (pricing.interval !== 'EVERY_30_DAYS' && pricing.interval !== 'ANNUAL')
      errors.push({ field: ['lineItems', '0', 'plan', 'interval'], message: 'Interval is invalid' });
    const percentage = pricing.discount?.value?.percentage;
    if (percentage !== undefined && !(Number(percentage) > 0 && Number(percentage) <= 1))
      errors.push({
        field: ['lineItems', '0', 'plan', 'discount', 'value', 'percentage'],
        message: 'Percentage must be between 0 and 1',
      });
    if (errors.length) return { userErrors: errors, confirmationUrl: null, appSubscription: null };
    const now = new Date().toISOString();
    const sub: FakeAppSubscription = {
      id: this.gid('AppSubscription'),
      name,
      status: 'PENDING',
      test: args.test === true,
      returnUrl,
      createdAt: now,
      updatedAt: now,
      currentPeriodEnd: null,
      interval: pricing.interval,
      amount,
      discountPercentage: percentage === undefined ? null : Number(percentage),
    };
    this.subscriptions.push(sub);
    const chargeId = sub.id.split('/').pop();
    return {
      userErrors: [],
      confirmationUrl: `https://${this.shop}/admin/charges/4242/${chargeId}/RecurringApplicationCharge/confirm_recurring_application_charge?signature=${createHmac('sha256', 'fake').update(sub.id).digest('hex')}`,
      appSubscription: { __typename: 'AppSubscription', ...sub },
    };
  }

  /** Subscriptions Shopify lists as active on the installation. */
  installation() {
    return {
      __typename: 'AppInstallation',
      activeSubscriptions: this.subscriptions
        .filter((s) => s.status === 'ACTIVE')
        .map((s) => ({ __typename: 'AppSubscription', ...s })),
    };
  }

  private set(id: string, status: FakeAppSubscription['status']): FakeAppSubscription {
    const sub = this.subscriptions.find((s) => s.id === id);
    if (!sub) throw new Error(`No app subscription ${id} on ${this.shop}`);
    sub.status = status;
    sub.updatedAt = new Date(Math.max(Date.now(), Date.parse(sub.updatedAt) + 1000)).toISOString();
    if (status === 'ACTIVE')
      sub.currentPeriodEnd = new Date(
        Date.now() + (sub.interval === 'ANNUAL' ? 365 : 30) * DAY_MS,
      ).toISOString();
    return sub;
  }

  /** The merchant approves the charge on the confirmation page. */
  approve = (id: string) => this.set(id, 'ACTIVE');
  decline = (id: string) => this.set(id, 'DECLINED');
  cancel = (id: string) => this.set(id, 'CANCELLED');

  /** The body of the APP_SUBSCRIPTIONS_UPDATE webhook Shopify sends about one subscription now. */
  webhookPayload(id: string) {
    const sub = this.subscriptions.find((s) => s.id === id);
    if (!sub) throw new Error(`No app subscription ${id} on ${this.shop}`);
    return {
      app_subscription: {
        admin_graphql_api_id: sub.id,
        name: sub.name,
        status: sub.status,
        admin_graphql_api_shop_id: 'gid://shopify/Shop/1',
        created_at: sub.createdAt,
        updated_at: sub.updatedAt,
        currency: 'USD',
        capped_amount: null,
        price: sub.amount.toFixed(2),
        interval: sub.interval === 'ANNUAL' ? 'annual' : 'every_30_days',
        plan_handle: null,
      },
    };
  }
}
