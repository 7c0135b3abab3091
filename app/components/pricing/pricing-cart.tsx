import {
  BlockStack,
  Button,
  Card,
  Divider,
  InlineStack,
  InlineError,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { BillingPeriod, Quote } from '../../../core/billing/index.ts';
import type { PricingPlan } from './plan-grid.tsx';
import { formatMoney } from './money.ts';

type ApiError = { message?: string; details?: { path: string[]; message: string }[] };

async function readError(res: Response, fallback: string): Promise<string> {
  const body = (await res.json().catch(() => ({}))) as ApiError;
  return body.details?.[0]?.message ?? body.message ?? fallback;
}

/** App Bridge's global inside the Shopify admin (app/routes/app.tsx loads it): it issues session tokens. */
type AppBridge = { idToken?: () => Promise<string> };

/** Who takes the money: Stripe for standalone merchants, Shopify's Billing API for Shopify merchants. */
export type PaymentProvider = 'stripe' | 'shopify';

/**
 * Starts paying and answers the page to send the merchant to: Stripe's Checkout, or Shopify's confirmation page
 * (inside the admin, with a session token, since the embedded app has no cookie).
 */
async function startPayment(
  provider: PaymentProvider,
  body: { plan: PricingPlan; period: BillingPeriod; coupon: string },
): Promise<{ ok: true; url: string } | { ok: false; res: Response }> {
  const coupon = body.coupon ? { coupon: body.coupon } : {};
  const headers: Record<string, string> = { 'Content-Type': 'application/json', Accept: 'application/json' };
  const payload =
    provider === 'stripe'
      ? { planId: body.plan.plan_id, period: body.period, ...coupon }
      : {
          planId: body.plan.plan_id,
          name: body.plan.title,
          yearlySubscription: body.period === 'yearly',
          ...coupon,
        };
  const bridge = (globalThis as { shopify?: AppBridge }).shopify;
  if (provider === 'shopify' && bridge?.idToken) headers.Authorization = `Bearer ${await bridge.idToken()}`;
  const res = await fetch(
    provider === 'stripe' ? '/api/v1/stripe/subscriptions' : '/api/v1/shopify/subscriptions',
    {
      method: 'POST',
      headers,
      credentials: 'same-origin',
      body: JSON.stringify(payload),
    },
  );
  if (!res.ok) return { ok: false, res };
  const answer = (await res.json()) as { url?: string; redirect_url?: string };
  return { ok: true, url: (provider === 'stripe' ? answer.url : answer.redirect_url) ?? '' };
}

/**
 * The cart of SPEC §2.4: the chosen plan and period priced by the server (coupon and offer, SPEC §5/§9), then
 * Stripe's Checkout page for the card, or Shopify's confirmation page for a Shopify merchant.
 */
export function PricingCart(props: {
  plan: PricingPlan | null;
  period: BillingPeriod;
  currency: string;
  signedIn: boolean;
  canPay: boolean;
  provider?: PaymentProvider;
  /** A coupon the page's link brought (?coupon_id): entered, and checked with the first quote. */
  initialCoupon?: string;
  onRemove: () => void;
}) {
  const provider = props.provider ?? 'stripe';
  const { t, i18n } = useTranslation('billing');
  const money = (n: number) => formatMoney(n, props.currency, i18n.language);
  const [couponInput, setCouponInput] = useState(props.initialCoupon ?? '');
  const [coupon, setCoupon] = useState(props.initialCoupon ?? '');
  const [quote, setQuote] = useState<Quote | null>(null);
  const [couponError, setCouponError] = useState<string | null>(null);
  const [payError, setPayError] = useState<string | null>(null);
  const [paying, setPaying] = useState(false);
  const planId = props.plan?.plan_id ?? null;

  useEffect(() => {
    if (!planId) return setQuote(null);
    let live = true;
    const q = new URLSearchParams({ period: props.period, ...(coupon ? { coupon } : {}) });
    void fetch(`/api/v1/plans/${encodeURIComponent(planId)}/quote?${q}`, {
      headers: { Accept: 'application/json' },
    }).then(async (res) => {
      if (!live) return;
      if (res.ok) {
        setQuote(((await res.json()) as { quote: Quote }).quote);
        if (coupon) setCouponError(null);
      } else {
        setCouponError(await readError(res, t('pricing.error')));
        setCoupon('');
      }
    });
    return () => {
      live = false;
    };
  }, [planId, props.period, coupon, t]);

  async function pay() {
    if (!props.plan) return;
    setPaying(true);
    setPayError(null);
    const started = await startPayment(provider, { plan: props.plan, period: props.period, coupon });
    if (!started.ok) {
      setPayError(await readError(started.res, t('pricing.error')));
      setPaying(false);
      return;
    }
    // Shopify's confirmation page refuses to be framed: inside the admin it replaces the whole admin page.
    if (window.top !== window.self) window.open(started.url, '_top');
    else window.location.assign(started.url);
  }

  const couponNote =
    quote?.coupon === 'monthly_excluded'
      ? t('pricing.cart.couponMonthly')
      : quote?.coupon === 'offer_better'
        ? t('pricing.cart.couponOfferBetter')
        : quote?.coupon === 'applied'
          ? t('pricing.cart.couponApplied', { code: quote.discount?.id ?? coupon, percent: quote.percentOff })
          : null;

  return (
    <Card>
      <BlockStack gap="400">
        <Text as="h2" variant="headingMd">
          {t('pricing.cart.title')}
        </Text>
        {!props.plan ? (
          <Text as="p" tone="subdued">
            {t('pricing.cart.empty')}
          </Text>
        ) : (
          <BlockStack gap="300">
            <InlineStack align="space-between" blockAlign="center" wrap={false}>
              <Text as="p" fontWeight="semibold">
                {t('pricing.cart.plan', {
                  plan: props.plan.title,
                  period: t(`pricing.period.${props.period}`),
                })}
              </Text>
              <Button variant="plain" onClick={props.onRemove}>
                {t('pricing.cart.remove')}
              </Button>
            </InlineStack>
            <form
              onSubmit={(e) => {
                e.preventDefault();
                setCoupon(couponInput.trim());
              }}
            >
              <InlineStack gap="200" blockAlign="end" wrap={false}>
                <div style={{ flex: 1 }}>
                  <TextField
                    label={t('pricing.cart.coupon')}
                    value={couponInput}
                    onChange={(v) => {
                      setCouponInput(v);
                      setCouponError(null);
                    }}
                    autoComplete="off"
                    error={couponError ?? undefined}
                  />
                </div>
                <Button submit>{t('pricing.cart.apply')}</Button>
              </InlineStack>
            </form>
            {couponNote ? (
              <Text as="p" tone={quote?.coupon === 'applied' ? 'success' : 'subdued'}>
                {couponNote}
              </Text>
            ) : null}
            <Divider />
            {quote ? (
              <BlockStack gap="150">
                <InlineStack align="space-between">
                  <Text as="span">{t('pricing.cart.list')}</Text>
                  <Text as="span">{money(quote.listPrice)}</Text>
                </InlineStack>
                {quote.discount ? (
                  <InlineStack align="space-between">
                    <Text as="span">{t('pricing.cart.discount', { code: quote.discount.id })}</Text>
                    <Text as="span" tone="success">
                      −{money(quote.listPrice - quote.price)}
                    </Text>
                  </InlineStack>
                ) : null}
                <InlineStack align="space-between">
                  <Text as="span" fontWeight="bold">
                    {t('pricing.cart.total')}
                  </Text>
                  <Text as="span" fontWeight="bold" variant="headingLg">
                    <span data-testid="cart-total">{money(quote.price)}</span>
                  </Text>
                </InlineStack>
              </BlockStack>
            ) : null}
            {props.signedIn ? (
              <BlockStack gap="200">
                <Button
                  variant="primary"
                  size="large"
                  fullWidth
                  disabled={!props.canPay || !quote}
                  loading={paying}
                  onClick={() => void pay()}
                >
                  {t(provider === 'stripe' ? 'pricing.cart.pay' : 'pricing.cart.payShopify')}
                </Button>
                {payError ? <InlineError message={payError} fieldID="pay" /> : null}
                <Text as="p" tone="subdued" variant="bodySm">
                  {t(provider === 'stripe' ? 'pricing.cart.secure' : 'pricing.cart.secureShopify')}
                </Text>
              </BlockStack>
            ) : (
              <BlockStack gap="200">
                <Button variant="primary" size="large" fullWidth url="/register">
                  {t('pricing.cart.signIn')}
                </Button>
                <Text as="p" tone="subdued" variant="bodySm">
                  {t('pricing.cart.signInBody')}
                </Text>
              </BlockStack>
            )}
          </BlockStack>
        )}
      </BlockStack>
    </Card>
  );
}
