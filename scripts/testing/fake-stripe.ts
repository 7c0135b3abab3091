import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { checkoutPage, portalPage, readForm, type PageAnswer } from './fake-stripe-pages.ts';
import {
  cardFromNumber,
  invoiceObject,
  list,
  missing,
  paymentMethodObject,
  parseStripeForm,
  stripeError,
  stripeId,
  subscriptionObject,
  type Obj,
} from './fake-stripe-objects.ts';
import { attachSource, changeSource, createCardToken } from './fake-stripe-tokens.ts';

type Answer = { status: number; body: unknown };

/**
 * A local HTTP server that answers the Stripe API calls the real `stripe` client makes (customers, prices,
 * coupons, Checkout Sessions in subscription and setup mode, the billing portal, subscriptions, invoices, payment
 * methods, setup intents, card tokens made in the browser with the publishable key and attached as customer
 * sources) in Stripe's shapes, with a hosted checkout page a browser can pay on. Paying sends the
 * webhooks Stripe sends, signed like Stripe signs them, to `webhookUrl`, then redirects to the success URL.
 * The app reaches it through STRIPE_API_URL; nothing reaches Stripe.
 */
export class FakeStripe {
  server!: Server;
  url = '';
  readonly secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  readonly publishableKey = `pk_test_${randomBytes(12).toString('hex')}`;
  readonly webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  /** Where events are delivered (the app's /webhooks/stripe). */
  webhookUrl: string | null = null;
  /** Seconds added to the clock events and objects are stamped with (ordering tests move it). */
  clockOffset = 0;
  readonly customers = new Map<string, Obj>();
  readonly prices = new Map<string, Obj>();
  readonly coupons = new Map<string, Obj>();
  readonly sessions = new Map<string, Obj>();
  readonly subscriptions = new Map<string, Obj>();
  readonly invoices = new Map<string, Obj>();
  readonly paymentMethods = new Map<string, Obj>();
  readonly setupIntents = new Map<string, Obj>();
  readonly portalSessions = new Map<string, Obj>();
  readonly tokens = new Map<string, Obj>();
  /** Every API call: method, path and decoded parameters. */
  readonly requests: { method: string; path: string; params: Obj }[] = [];
  /** Every event sent and the status the webhook answered. */
  readonly deliveries: { event: Obj; status: number }[] = [];
  private invoiceSeq = 1;

  now(): number {
    return Math.floor(Date.now() / 1000) + this.clockOffset;
  }

  async start(): Promise<void> {
    this.server = createServer((req, res) => void this.handle(req, res));
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', () => r()));
    this.url = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise<void>((r) => this.server.close(() => r()));
  }

  /** The environment that points the product at this server. */
  env(): Record<string, string> {
    return {
      STRIPE_SECRET_KEY: this.secretKey,
      STRIPE_PUBLISHABLE_KEY: this.publishableKey,
      STRIPE_WEBHOOK_SECRET: this.webhookSecret,
      STRIPE_API_URL: this.url,
    };
  }

  /** An event as Stripe builds it. */
  event(type: string, object: Obj, opts: { created?: number; previous?: Obj } = {}): Obj {
    return {
      id: stripeId('evt'),
      object: 'event',
      api_version: '2026-10-28.endive',
      created: opts.created ?? this.now(),
      data: {
        object: structuredClone(object),
        ...(opts.previous ? { previous_attributes: opts.previous } : {}),
      },
      livemode: false,
      pending_webhooks: 1,
      request: { id: stripeId('req'), idempotency_key: null },
      type,
    };
  }

  /** The body and Stripe-Signature header of an event, signed with `secret` (the endpoint's by default). */
  sign(event: Obj, opts: { secret?: string; timestamp?: number } = {}) {
    const payload = JSON.stringify(event, null, 2);
    const t = opts.timestamp ?? Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', opts.secret ?? this.webhookSecret)
      .update(`${t}.${payload}`)
      .digest('hex');
    return { payload, header: `t=${t},v1=${v1}` };
  }

  /** Deliver an event to the webhook endpoint as Stripe does; answers the endpoint's status. */
  async deliver(event: Obj): Promise<number> {
    if (!this.webhookUrl) throw new Error('FakeStripe.webhookUrl is not set');
    const { payload, header } = this.sign(event);
    const res = await fetch(this.webhookUrl, {
      method: 'POST',
      headers: {
        'Content-Type': 'application/json; charset=utf-8',
        'Stripe-Signature': header,
        'User-Agent': 'Stripe/1.0 (+https://stripe.com/docs/webhooks)',
      },
      body: payload,
    });
    await res.arrayBuffer();
    this.deliveries.push({ event, status: res.status });
    return res.status;
  }

  async emit(type: string, object: Obj, opts: { created?: number; previous?: Obj } = {}): Promise<number> {
    return this.deliver(this.event(type, object, opts));
  }

  /** A renewal that fails: an open invoice, the subscription past_due, and the events Stripe sends. */
  async failPayment(subscriptionId: string): Promise<void> {
    const sub = this.subscriptions.get(subscriptionId)!;
    const invoice = this.newInvoice(sub, { paid: false, reason: 'subscription_cycle' });
    sub.status = 'past_due';
    sub.latest_invoice = invoice.id;
    await this.emit('invoice.payment_failed', invoice);
    await this.emit('customer.subscription.updated', sub, { previous: { status: 'active' } });
  }

  /** The subscription ends (retries exhausted, or cancelled): customer.subscription.deleted. */
  async cancelSubscription(subscriptionId: string): Promise<void> {
    const sub = this.subscriptions.get(subscriptionId)!;
    Object.assign(sub, { status: 'canceled', canceled_at: this.now(), ended_at: this.now() });
    await this.emit('customer.subscription.deleted', sub);
  }

  newInvoice(sub: Obj, opts: { paid: boolean; reason: string }): Obj {
    const price = sub.items.data[0].price;
    const coupon = sub.discounts[0] ? this.coupons.get(String(sub.discounts[0]).replace(/^di_/, '')) : null;
    const discountAmount = coupon ? Math.min(price.unit_amount, Number(coupon.amount_off ?? 0)) : 0;
    const invoice = invoiceObject({
      baseUrl: this.url,
      number: `CB-${String(this.invoiceSeq++).padStart(4, '0')}`,
      subscription: sub,
      amount: price.unit_amount - discountAmount,
      discountAmount,
      paid: opts.paid,
      created: this.now(),
      reason: opts.reason,
    });
    this.invoices.set(invoice.id, invoice);
    return invoice;
  }

  /** Complete a Checkout Session as the hosted page does after a successful card. */
  async completeSession(sessionId: string, card: { number: string; expMonth: number; expYear: number }) {
    const session = this.sessions.get(sessionId)!;
    const created = this.now();
    const pm = paymentMethodObject({
      customer: session.customer,
      card: cardFromNumber(card.number, card.expMonth, card.expYear),
      created,
    });
    this.paymentMethods.set(pm.id, pm);
    const customer = this.customers.get(session.customer)!;
    customer.invoice_settings.default_payment_method = pm.id;
    if (session.mode === 'setup') {
      const seti = {
        id: stripeId('seti'),
        object: 'setup_intent',
        customer: session.customer,
        payment_method: pm.id,
        status: 'succeeded',
        usage: 'off_session',
        created,
      };
      this.setupIntents.set(seti.id, seti);
      Object.assign(session, {
        status: 'complete',
        setup_intent: seti.id,
        payment_status: 'no_payment_required',
      });
      await this.emit('checkout.session.completed', session);
      return session;
    }
    const price = this.prices.get(session._line_items[0].price)!;
    const couponId = session.discounts?.[0]?.coupon ?? null;
    const sub = subscriptionObject({
      customer: session.customer,
      price,
      created,
      metadata: session._subscription_metadata ?? {},
      discount: couponId ? { id: `di_${couponId}` } : null,
      paymentMethod: pm.id,
    });
    this.subscriptions.set(sub.id, sub);
    const invoice = this.newInvoice(sub, { paid: true, reason: 'subscription_create' });
    sub.latest_invoice = invoice.id;
    Object.assign(session, {
      status: 'complete',
      subscription: sub.id,
      invoice: invoice.id,
      payment_status: 'paid',
    });
    await this.emit('customer.subscription.created', sub);
    await this.emit('invoice.paid', invoice);
    await this.emit('checkout.session.completed', session);
    return session;
  }

  private expand(obj: Obj, params: Obj): Obj {
    const out = structuredClone(obj);
    for (const k of Object.keys(out)) if (k.startsWith('_')) delete out[k];
    const expand: string[] = Array.isArray(params.expand) ? params.expand : [];
    const stores: Record<string, Map<string, Obj>> = {
      subscription: this.subscriptions,
      setup_intent: this.setupIntents,
      latest_invoice: this.invoices,
      customer: this.customers,
      default_payment_method: this.paymentMethods,
      payment_method: this.paymentMethods,
    };
    for (const field of expand) {
      const id = out[field];
      const store = stores[field];
      if (typeof id === 'string' && store?.get(id)) out[field] = structuredClone(store.get(id));
    }
    return out;
  }

  private found(store: Map<string, Obj>, kind: string, id: string, params: Obj): Answer {
    const obj = store.get(id);
    return obj ? { status: 200, body: this.expand(obj, params) } : missing(kind, id);
  }

  private api(method: string, path: string, p: Obj): Answer {
    const seg = path.split('/').filter(Boolean).slice(1); // drop v1
    const [a, b, c, d] = seg;
    const now = this.now();
    if (a === 'customers' && !b && method === 'POST') {
      const customer = {
        id: stripeId('cus'),
        object: 'customer',
        created: now,
        email: p.email ?? null,
        name: p.name ?? null,
        metadata: p.metadata ?? {},
        default_source: null,
        invoice_settings: {
          default_payment_method: null,
          custom_fields: null,
          footer: null,
          rendering_options: null,
        },
        livemode: false,
      };
      this.customers.set(customer.id, customer);
      return { status: 200, body: customer };
    }
    if (a === 'customers' && b && !c) {
      const customer = this.customers.get(b);
      if (!customer) return missing('customer', b);
      if (method === 'POST') {
        if (p.invoice_settings?.default_payment_method !== undefined)
          customer.invoice_settings.default_payment_method =
            p.invoice_settings.default_payment_method || null;
        for (const k of ['email', 'name']) if (p[k] !== undefined) customer[k] = p[k];
        if (p.metadata) Object.assign(customer.metadata, p.metadata);
      }
      return { status: 200, body: this.expand(customer, p) };
    }
    if (a === 'tokens' && !b && method === 'POST') return createCardToken(this.tokens, p, now);
    if (a === 'customers' && b && c === 'sources' && !d && method === 'POST')
      return attachSource(this, b, p, now);
    if (a === 'customers' && b && c === 'sources' && d) return changeSource(this, method, b, d, p);
    if (
      (a === 'customers' && c === 'payment_methods') ||
      (a === 'payment_methods' && !b && method === 'GET')
    ) {
      const customer = a === 'customers' ? b : p.customer;
      if (!this.customers.has(customer)) return missing('customer', customer, 'customer');
      const cards = [...this.paymentMethods.values()].filter((m) => m.customer === customer);
      return { status: 200, body: list(cards, `/v1/customers/${customer}/payment_methods`) };
    }
    if (a === 'payment_methods' && b) {
      const pm = this.paymentMethods.get(b);
      if (!pm) return missing('payment_method', b);
      if (method === 'POST' && c === 'detach') pm.customer = null;
      else if (method === 'POST' && p.card) {
        const month = Number(p.card.exp_month ?? pm.card.exp_month);
        const year = Number(p.card.exp_year ?? pm.card.exp_year);
        if (!(month >= 1 && month <= 12))
          return stripeError(402, "Your card's expiration month is invalid.", {
            code: 'invalid_expiry_month',
            param: 'exp_month',
          });
        if (year < new Date().getUTCFullYear())
          return stripeError(402, "Your card's expiration year is invalid.", {
            code: 'invalid_expiry_year',
            param: 'exp_year',
          });
        Object.assign(pm.card, { exp_month: month, exp_year: year });
      }
      return { status: 200, body: pm };
    }
    if (a === 'prices' && !b && method === 'GET') {
      const keys: string[] = p.lookup_keys ?? [];
      const found = [...this.prices.values()].filter(
        (x) =>
          (keys.length ? keys.includes(x.lookup_key) : true) &&
          (p.active === undefined || String(x.active) === p.active),
      );
      return { status: 200, body: list(found, '/v1/prices') };
    }
    if (a === 'prices' && !b && method === 'POST') {
      const product = p.product ?? stripeId('prod');
      const price = {
        id: stripeId('price'),
        object: 'price',
        active: true,
        billing_scheme: 'per_unit',
        created: now,
        currency: p.currency,
        livemode: false,
        lookup_key: p.lookup_key ?? null,
        metadata: p.metadata ?? {},
        nickname: p.nickname ?? p.product_data?.name ?? null,
        product,
        recurring: p.recurring
          ? {
              interval: p.recurring.interval,
              interval_count: Number(p.recurring.interval_count ?? 1),
              usage_type: 'licensed',
              meter: null,
              trial_period_days: null,
            }
          : null,
        tax_behavior: 'unspecified',
        type: p.recurring ? 'recurring' : 'one_time',
        unit_amount: Number(p.unit_amount),
        unit_amount_decimal: String(p.unit_amount),
      };
      if (!p.currency || !Number.isInteger(price.unit_amount))
        return stripeError(400, 'Missing required param: unit_amount.', { param: 'unit_amount' });
      this.prices.set(price.id, price);
      return { status: 200, body: price };
    }
    if (a === 'prices' && b) return this.found(this.prices, 'price', b, p);
    if (a === 'coupons' && b && method === 'GET') return this.found(this.coupons, 'coupon', b, p);
    if (a === 'coupons' && !b && method === 'POST') {
      if (p.id && this.coupons.has(p.id))
        return stripeError(400, 'Coupon already exists.', { code: 'resource_already_exists' });
      const coupon = {
        id: p.id ?? stripeId('co'),
        object: 'coupon',
        amount_off: p.amount_off !== undefined ? Number(p.amount_off) : null,
        percent_off: p.percent_off !== undefined ? Number(p.percent_off) : null,
        currency: p.currency ?? null,
        duration: p.duration ?? 'once',
        name: p.name ?? null,
        valid: true,
        created: now,
        metadata: p.metadata ?? {},
        livemode: false,
      };
      this.coupons.set(coupon.id, coupon);
      return { status: 200, body: coupon };
    }
    if (a === 'checkout' && b === 'sessions' && !c && method === 'POST') return this.createSession(p);
    if (a === 'checkout' && b === 'sessions' && c) return this.found(this.sessions, 'checkout.session', c, p);
    if (a === 'billing_portal' && b === 'sessions' && method === 'POST') {
      if (!this.customers.has(p.customer)) return missing('customer', p.customer, 'customer');
      const id = stripeId('bps');
      const portal = {
        id,
        object: 'billing_portal.session',
        created: now,
        customer: p.customer,
        livemode: false,
        return_url: p.return_url ?? null,
        url: `${this.url}/portal/${id}`,
      };
      this.portalSessions.set(id, portal);
      return { status: 200, body: portal };
    }
    if (a === 'subscriptions' && !b && method === 'GET') {
      const subs = [...this.subscriptions.values()].filter((s) => !p.customer || s.customer === p.customer);
      return { status: 200, body: list(subs, '/v1/subscriptions') };
    }
    if (a === 'subscriptions' && b) {
      const sub = this.subscriptions.get(b);
      if (!sub) return missing('subscription', b);
      if (method === 'DELETE') Object.assign(sub, { status: 'canceled', canceled_at: now, ended_at: now });
      if (method === 'POST') {
        if (sub.status === 'canceled')
          return stripeError(
            400,
            'A canceled subscription can only update its cancellation_details and metadata.',
          );
        if (p.cancel_at_period_end !== undefined)
          sub.cancel_at_period_end = p.cancel_at_period_end === 'true';
        if (p.metadata) Object.assign(sub.metadata, p.metadata);
        const change = p.items?.[0];
        if (change?.price) {
          const price = this.prices.get(change.price);
          if (!price) return missing('price', change.price, 'items[0][price]');
          const item = sub.items.data.find((i: Obj) => i.id === change.id);
          if (!item) return missing('subscription_item', change.id, 'items[0][id]');
          item.price = price;
        }
        if (p.discounts !== undefined)
          sub.discounts = Array.isArray(p.discounts) ? p.discounts.map((d: Obj) => `di_${d.coupon}`) : [];
      }
      return { status: 200, body: this.expand(sub, p) };
    }
    if (a === 'invoices' && !b && method === 'GET') {
      const invoices = [...this.invoices.values()]
        .filter((i) => !p.customer || i.customer === p.customer)
        .sort((x, y) => y.created - x.created)
        .slice(0, Number(p.limit ?? 10));
      return { status: 200, body: list(invoices, '/v1/invoices') };
    }
    if (a === 'invoices' && b) return this.found(this.invoices, 'invoice', b, p);
    if (a === 'setup_intents' && b) return this.found(this.setupIntents, 'setup_intent', b, p);
    return stripeError(404, `Unrecognized request URL (${method}: ${path}).`);
  }

  private createSession(p: Obj): Answer {
    if (!['subscription', 'setup', 'payment'].includes(p.mode))
      return stripeError(400, 'Invalid mode', { param: 'mode' });
    if (!p.success_url)
      return stripeError(400, 'Missing required param: success_url.', { param: 'success_url' });
    if (p.customer && !this.customers.has(p.customer)) return missing('customer', p.customer, 'customer');
    const lineItems: Obj[] = p.line_items ?? [];
    if (p.mode === 'subscription') {
      if (!lineItems.length)
        return stripeError(400, 'Missing required param: line_items.', { param: 'line_items' });
      for (const [i, li] of lineItems.entries())
        if (!this.prices.has(li.price)) return missing('price', li.price, `line_items[${i}][price]`);
    }
    if (p.mode === 'setup' && !p.currency && !p.payment_method_types)
      return stripeError(400, 'You must provide `currency` in setup mode.', { param: 'currency' });
    const discounts: Obj[] = p.discounts ?? [];
    for (const d of discounts)
      if (!this.coupons.has(d.coupon)) return missing('coupon', d.coupon, 'discounts[0][coupon]');
    const price = lineItems[0] ? this.prices.get(lineItems[0].price)! : null;
    const off = discounts[0] ? Number(this.coupons.get(discounts[0].coupon)!.amount_off ?? 0) : 0;
    const id = stripeId('cs');
    const session = {
      id,
      object: 'checkout.session',
      amount_subtotal: price ? price.unit_amount : null,
      amount_total: price ? price.unit_amount - off : null,
      cancel_url: p.cancel_url ?? null,
      client_reference_id: p.client_reference_id ?? null,
      created: this.now(),
      currency: price?.currency ?? p.currency ?? null,
      customer: p.customer ?? null,
      customer_email: p.customer_email ?? null,
      discounts: discounts.map((d) => ({ coupon: d.coupon, promotion_code: null })),
      expires_at: this.now() + 86_400,
      invoice: null,
      livemode: false,
      metadata: p.metadata ?? {},
      mode: p.mode,
      payment_status: 'unpaid',
      setup_intent: null,
      status: 'open',
      subscription: null,
      success_url: p.success_url,
      ui_mode: 'hosted',
      url: `${this.url}/checkout/${id}`,
      _line_items: lineItems,
      _subscription_metadata: p.subscription_data?.metadata ?? {},
    };
    this.sessions.set(id, session);
    return { status: 200, body: this.expand(session, {}) };
  }

  private async handle(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', this.url);
    const send = (a: Answer | PageAnswer) => {
      if ('html' in a) {
        res.writeHead(a.status, {
          'Content-Type': 'text/html; charset=utf-8',
          ...(a.location ? { Location: a.location } : {}),
        });
        return res.end(a.html);
      }
      // Stripe's API answers browsers from any origin (Stripe.js calls it with the publishable key).
      res.writeHead(a.status, {
        'Content-Type': 'application/json',
        'Request-Id': stripeId('req'),
        'Access-Control-Allow-Origin': '*',
      });
      res.end(JSON.stringify(a.body));
    };
    try {
      if (url.pathname.startsWith('/checkout/') || url.pathname.startsWith('/portal/')) {
        const form = req.method === 'POST' ? await readForm(req) : null;
        return send(
          url.pathname.startsWith('/portal/') ? portalPage(this, url) : await checkoutPage(this, url, form),
        );
      }
      if (!url.pathname.startsWith('/v1/')) return send(stripeError(404, 'Not found'));
      if (req.method === 'OPTIONS') {
        res.writeHead(204, {
          'Access-Control-Allow-Origin': '*',
          'Access-Control-Allow-Methods': 'GET, POST, DELETE',
          'Access-Control-Allow-Headers': 'Authorization, Content-Type, Stripe-Version, Idempotency-Key',
          'Access-Control-Max-Age': '300',
        });
        return res.end();
      }
      const publishable = req.headers.authorization === `Bearer ${this.publishableKey}`;
      if (publishable && !(url.pathname === '/v1/tokens' && req.method === 'POST'))
        return send(
          stripeError(
            401,
            'This API call cannot be made with a publishable API key. Please use a secret API key. You can find a list of your API keys at https://dashboard.stripe.com/account/apikeys.',
          ),
        );
      if (!publishable && req.headers.authorization !== `Bearer ${this.secretKey}`)
        return send(stripeError(401, 'Invalid API Key provided: sk_test_****'));
      const chunks: Buffer[] = [];
      for await (const c of req) chunks.push(c as Buffer);
      const params = {
        ...parseStripeForm(url.search.slice(1)),
        ...parseStripeForm(Buffer.concat(chunks).toString('utf8')),
      };
      this.requests.push({ method: req.method ?? 'GET', path: url.pathname, params });
      send(this.api(req.method ?? 'GET', url.pathname, params));
    } catch (err) {
      send({ status: 500, body: { error: { type: 'api_error', message: (err as Error).message } } });
    }
  }
}
