import { Banner, BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { nextPaymentRecheck } from '../../core/billing/index.ts';
import { AuthLayout } from '../components/auth-layout.tsx';

export const meta: MetaFunction = () => [{ title: 'Thank you · Catalog Builder' }];

/**
 * /thank-you?planId= (SPEC §2.4), where Stripe's Checkout and Shopify's confirmation page return: the session
 * or the app subscription is asked of the provider and recorded at once, so the plan shows before webhooks arrive.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageUser } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { confirmCheckoutSession, getEntitlements, getStripe, isRemoteSubscriptionActive } =
    await import('../../server/billing/index.ts');
  const user = await requirePageUser(request);
  const { db, config } = getRuntime();
  const url = new URL(request.url);
  const sessionId = url.searchParams.get('session_id');
  const stripe = getStripe(config);
  if (sessionId && stripe && /^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId))
    await confirmCheckoutSession({ db, stripe, user, sessionId });
  // Shopify's confirmation page returns here with charge_id: ask Shopify now rather than wait for its webhook.
  if (url.searchParams.has('charge_id'))
    await isRemoteSubscriptionActive({ db, appSecret: config.appSecret, userId: user.id }).catch(() => null);
  const ent = await getEntitlements({ db, user });
  const wanted = url.searchParams.get('planId');
  return {
    planTitle: ent.planTitle,
    active: !ent.hasExpired && !ent.isTrial && (!wanted || ent.planId === wanted),
  };
}

export default function ThankYouPage() {
  const { t } = useTranslation('billing');
  const { planTitle, active } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const openedAt = useRef<number | null>(null);
  const [gaveUp, setGaveUp] = useState(false);
  useEffect(() => {
    if (active || gaveUp || revalidator.state !== 'idle') return;
    openedAt.current ??= Date.now();
    const delay = nextPaymentRecheck(Date.now() - openedAt.current);
    if (delay === null) {
      setGaveUp(true);
      return;
    }
    const timer = setTimeout(() => void revalidator.revalidate(), delay);
    return () => clearTimeout(timer);
  }, [active, gaveUp, revalidator]);
  return (
    <AuthLayout title={t('thankYou.title')}>
      <BlockStack gap="400">
        {active ? (
          <Text as="p">{t('thankYou.body', { plan: planTitle })}</Text>
        ) : (
          <Banner tone={gaveUp ? 'warning' : 'info'}>
            {t(gaveUp ? 'thankYou.late' : 'thankYou.pending')}
          </Banner>
        )}
        <InlineStack gap="200">
          <Button variant="primary" url="/catalogs">
            {t('thankYou.start')}
          </Button>
          <Button url="/dashboard">{t('thankYou.dashboard')}</Button>
        </InlineStack>
      </BlockStack>
    </AuthLayout>
  );
}
