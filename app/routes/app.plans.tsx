import { Banner, Layout, Page } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import type { BillingPeriod } from '../../core/billing/index.ts';
import { useEmbeddedHref } from '../components/embedded-href.ts';
import { EmbeddedPlanCard } from '../components/pricing/embedded-plan-card.tsx';
import { PlanGrid, type PricingPlan } from '../components/pricing/plan-grid.tsx';
import { PricingCart } from '../components/pricing/pricing-cart.tsx';

export const meta: MetaFunction = () => [{ title: 'Plan · Catalog Builder' }];

/**
 * The embedded app's plans (SPEC §2.4 inside the Shopify admin): the shop's current plan and the public plans,
 * paid through Shopify's Billing API. Shopify's confirmation page returns here with charge_id: the subscription
 * is asked of Shopify and recorded before the page shows, so the new plan appears without waiting for the webhook.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { authenticateAdmin } = await import('../shopify.server.ts');
  const { session } = await authenticateAdmin(request);
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { shopUser } = await import('../../server/accounts/index.ts');
  const { getEntitlements, isRemoteSubscriptionActive, listPlans } =
    await import('../../server/billing/index.ts');
  const { db, config, logger } = getRuntime();
  const userId = (await shopUser({ db, shop: session.shop }))?.id;
  if (!userId) throw new Response('This shop has no Catalog Builder account yet', { status: 404 });
  const url = new URL(request.url);
  const returned = url.searchParams.has('charge_id');
  if (returned)
    await isRemoteSubscriptionActive({ db, appSecret: config.appSecret, userId }).catch((err: unknown) =>
      logger.warn({ err }, 'shopify subscription check failed'),
    );
  const ent = await getEntitlements({ db, userId });
  const plans = (await listPlans({ db })).filter((p) => p.pay_as_you_go_price > 0);
  const wanted = url.searchParams.get('planId');
  return {
    plans: plans as PricingPlan[],
    current: {
      planId: ent.planId,
      title: ent.planTitle,
      isTrial: ent.isTrial,
      hasExpired: ent.hasExpired,
      daysLeft: ent.daysLeft,
      included: ent.billing === 'off',
    },
    returned: returned
      ? !ent.isTrial && !ent.hasExpired && ent.planId === wanted
        ? 'active'
        : 'pending'
      : null,
  };
}

export default function EmbeddedPlans() {
  const { t } = useTranslation('billing');
  const { plans, current, returned } = useLoaderData<typeof loader>();
  const embeddedHref = useEmbeddedHref();
  const paid = !current.isTrial && !current.hasExpired;
  return (
    <Page title={t('embedded.title')} backAction={{ content: t('embedded.back'), url: embeddedHref('/app') }}>
      <Layout>
        {returned ? (
          <Layout.Section>
            <Banner tone={returned === 'active' ? 'success' : 'info'}>
              {returned === 'active'
                ? t('embedded.activated', { plan: current.title })
                : t('embedded.pending')}
            </Banner>
          </Layout.Section>
        ) : null}
        <Layout.Section>
          <EmbeddedPlanCard plan={current} />
        </Layout.Section>
        {current.included ? null : <PlansAndCart plans={plans} paid={paid} currentPlanId={current.planId} />}
      </Layout>
    </Page>
  );
}

/** The plans Shopify bills, and the cart that subscribes through Shopify. */
function PlansAndCart(props: { plans: PricingPlan[]; paid: boolean; currentPlanId: string | null }) {
  const { plans, paid } = props;
  const [period, setPeriod] = useState<BillingPeriod>('yearly');
  const [planId, setPlanId] = useState<string | null>(null);
  return (
    <>
      <Layout.Section>
        <PlanGrid
          plans={plans}
          period={period}
          onPeriod={setPeriod}
          currency="USD"
          currentPlanId={paid ? props.currentPlanId : null}
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
          plan={plans.find((p) => p.plan_id === planId) ?? null}
          period={period}
          currency="USD"
          signedIn
          canPay
          provider="shopify"
          onRemove={() => setPlanId(null)}
        />
      </Layout.Section>
    </>
  );
}
