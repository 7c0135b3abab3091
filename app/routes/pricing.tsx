import { Banner, BlockStack, Box, Layout, Page, Text } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { savingsEstimate, type BillingPeriod } from '../../core/billing/index.ts';
import { PricingCart, type PaymentProvider } from '../components/pricing/pricing-cart.tsx';
import { PlanGrid, type PricingPlan } from '../components/pricing/plan-grid.tsx';
import { OfferBanner, type PricingOffer } from '../components/pricing/offer-banner.tsx';
import { PricingHeader } from '../components/pricing/pricing-header.tsx';
import { ContactLine } from '../components/pricing/contact-line.tsx';
import { IncludedPlan } from '../components/pricing/included-plan.tsx';
import { formatMoney } from '../components/pricing/money.ts';

export const meta: MetaFunction = () => [{ title: 'Plans and pricing · Catalog Builder' }];

/** /pricing, /fr/pricing and /subscribe (SPEC §2.4): the same view, public, with the signed-in merchant's plan. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { currentUser, hasRole } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { getEntitlements, includedPlan, listOffers, listPlans } =
    await import('../../server/billing/index.ts');
  const { ESSENTIAL_ANNUAL_OFFER_CODE } = await import('../../core/constants.ts');
  const { db, config } = getRuntime();
  const url = new URL(request.url);
  const user = await currentUser(request);
  const included = await includedPlan(db);
  // SPEC §2.5 query options: nonav (the page without its navigation, e.g. inside another site).
  const nonav = url.searchParams.has('nonav') && !/^(0|false)$/i.test(url.searchParams.get('nonav') ?? '');
  if (included)
    return {
      nonav,
      included: { title: included.title, limits: included.limits },
      contactEmail: config.contactEmail,
      user: user ? { email: user.email, isStaff: hasRole(user, 'admin', 'manager') } : null,
    } as const;
  const ent = user ? await getEntitlements({ db, user }) : null;
  const plans = (await listPlans({ db })).filter((p) => p.pay_as_you_go_price > 0);
  const offer = (await listOffers({ db })).find((o) => o.id === ESSENTIAL_ANNUAL_OFFER_CODE) ?? null;
  const period = url.searchParams.get('period') === 'monthly' ? 'monthly' : 'yearly';
  // Shopify merchants pay through Shopify's Billing API (the App Store requires it), in US dollars.
  const provider: PaymentProvider = user?.platform === 'shopify' ? 'shopify' : 'stripe';
  return {
    nonav,
    included: null,
    contactEmail: config.contactEmail,
    // SPEC §2.5 coupon_id: the coupon a link brings, entered in the cart and checked once a plan is chosen.
    coupon: (url.searchParams.get('coupon_id') ?? '').trim().slice(0, 64),
    plans: plans as PricingPlan[],
    offer: offer as PricingOffer | null,
    now: Date.now(),
    provider,
    paymentReady: provider === 'shopify' ? config.shopifyConfigured : config.stripeConfigured,
    currency: provider === 'shopify' ? 'USD' : config.STRIPE_CURRENCY,
    canceled: url.searchParams.get('canceled') === '1',
    initialPlan: plans.some((p) => p.plan_id === url.searchParams.get('planId'))
      ? url.searchParams.get('planId')
      : null,
    initialPeriod: period as BillingPeriod,
    user: user
      ? {
          email: user.email,
          isStaff: hasRole(user, 'admin', 'manager'),
          planId: ent && !ent.hasExpired && !ent.isTrial ? ent.planId : null,
          expired: Boolean(ent?.hasExpired),
          pricingVisible: ent?.pricingVisible ?? true,
        }
      : null,
  };
}

export default function PricingPage() {
  const data = useLoaderData<typeof loader>();
  if (data.included)
    return (
      <>
        <PricingHeader
          email={data.user?.email ?? null}
          isStaff={data.user?.isStaff ?? false}
          nav={!data.nonav}
        />
        <IncludedPlan plan={data.included} contactEmail={data.contactEmail} signedIn={Boolean(data.user)} />
      </>
    );
  return <PlansForSale data={data} />;
}

type ForSale = Exclude<Awaited<ReturnType<typeof loader>>, { included: object }>;

function PlansForSale({ data }: { data: ForSale }) {
  const { t, i18n } = useTranslation('billing');
  const savings = savingsEstimate();
  const [period, setPeriod] = useState<BillingPeriod>(data.initialPeriod);
  const [planId, setPlanId] = useState<string | null>(data.initialPlan);
  const chosen = data.plans.find((p) => p.plan_id === planId) ?? null;
  const notice = !data.paymentReady
    ? data.contactEmail
      ? null
      : t('pricing.notConfigured')
    : data.provider === 'shopify'
      ? t('pricing.shopify')
      : data.user && !data.user.pricingVisible
        ? t('pricing.legacy')
        : null;
  return (
    <>
      <PricingHeader
        email={data.user?.email ?? null}
        isStaff={data.user?.isStaff ?? false}
        nav={!data.nonav}
      />
      <Page>
        <BlockStack gap="500">
          <Box paddingBlockStart="400">
            <BlockStack gap="200" inlineAlign="center">
              <Text as="h1" variant="heading2xl" alignment="center">
                {t('pricing.title')}
              </Text>
              <Text as="p" tone="subdued" alignment="center">
                {t('pricing.subtitle')}
              </Text>
            </BlockStack>
          </Box>
          {data.user?.expired ? <Banner tone="warning">{t('pricing.expired')}</Banner> : null}
          {data.canceled ? <Banner tone="info">{t('pricing.canceled')}</Banner> : null}
          {notice ? <Banner tone="info">{notice}</Banner> : null}
          {!data.paymentReady && data.contactEmail ? (
            // Billing on without a payment provider: subscribing goes through the operator, who can be written to.
            <Banner tone="info">
              <ContactLine i18nKey="pricing.contactUs" email={data.contactEmail} />
            </Banner>
          ) : null}
          {data.offer ? <OfferBanner offer={data.offer} serverNow={data.now} /> : null}
          <Layout>
            <Layout.Section>
              <PlanGrid
                plans={data.plans}
                period={period}
                onPeriod={setPeriod}
                currency={data.currency}
                currentPlanId={data.user?.planId ?? null}
                chosenPlanId={planId}
                onChoose={(id) => {
                  setPlanId(id);
                  // On a phone the cart sits below every plan: bring it to the merchant.
                  if (window.matchMedia('(max-width: 1039px)').matches)
                    document.getElementById('cart')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
                }}
              />
            </Layout.Section>
            <Layout.Section variant="oneThird">
              <div id="cart" />
              <PricingCart
                plan={chosen}
                period={period}
                currency={data.currency}
                signedIn={Boolean(data.user)}
                canPay={data.paymentReady && (data.user?.pricingVisible ?? true)}
                provider={data.provider}
                initialCoupon={data.coupon}
                onRemove={() => setPlanId(null)}
              />
            </Layout.Section>
          </Layout>
          <Box paddingBlockEnd="800">
            <Text as="p" tone="subdued" alignment="center">
              {t('pricing.savings', {
                pages: savings.nbPages,
                hours: savings.hours,
                amount: formatMoney(savings.amount, data.currency, i18n.language),
                rate: formatMoney(savings.hourlyRate, data.currency, i18n.language),
              })}
            </Text>
          </Box>
        </BlockStack>
      </Page>
    </>
  );
}
