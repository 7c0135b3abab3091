import { Banner, Card, Layout, Page } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useRevalidator, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import { EmptyState } from '../components/empty-state.tsx';
import { CardForm } from '../components/pricing/card-form.tsx';
import { CardRow } from '../components/pricing/card-row.tsx';

export const meta: MetaFunction = () => [{ title: 'Cards · Catalog Builder' }];

/**
 * /cards (SPEC §5, §7 stripe/cards): the merchant's cards. A new one is entered in our own form and tokenized by
 * Stripe from the browser when STRIPE_PUBLISHABLE_KEY is set (the page's connect-src names Stripe's API, see
 * entry.server.tsx); otherwise on Stripe's Checkout page.
 */
export async function loader({ request }: LoaderFunctionArgs) {
  const { requirePageUser, hasRole } = await import('../../server/accounts/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { confirmCheckoutSession, getStripe, listCards, stripeBrowserApi } =
    await import('../../server/billing/index.ts');
  const user = await requirePageUser(request);
  const { db, config } = getRuntime();
  const stripe = config.stripeConfigured ? getStripe(config) : null;
  const url = new URL(request.url);
  const sessionId = url.searchParams.get('session_id');
  if (stripe && sessionId && /^cs_[A-Za-z0-9_]{1,200}$/.test(sessionId))
    await confirmCheckoutSession({ db, stripe, user, sessionId });
  return {
    email: user.email,
    isStaff: hasRole(user, 'admin', 'manager'),
    paymentReady: Boolean(stripe),
    // Only what the browser needs to ask Stripe for a token: never the secret key.
    tokens: stripe ? stripeBrowserApi(config) : null,
    added: url.searchParams.get('added') === '1',
    cards: stripe ? await listCards({ stripe, user }) : [],
  };
}

export default function CardsPage() {
  const { t } = useTranslation('billing');
  const d = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  const [notice, setNotice] = useState<{ tone: 'success' | 'critical'; text: string } | null>(
    d.added ? { tone: 'success', text: t('cards.added') } : null,
  );
  const [adding, setAdding] = useState(false);
  const [formOpen, setFormOpen] = useState(false);
  const tokens = d.tokens;

  async function addCard() {
    setNotice(null);
    if (tokens) return setFormOpen(true);
    setAdding(true);
    const res = await fetch('/api/v1/stripe/cards', {
      method: 'POST',
      headers: { Accept: 'application/json' },
    });
    const body = (await res.json()) as { url?: string; message?: string };
    if (res.ok && body.url) return window.location.assign(body.url);
    setAdding(false);
    setNotice({ tone: 'critical', text: body.message ?? t('cards.saveFailed') });
  }

  const done = (text: string) => {
    setNotice({ tone: 'success', text });
    void revalidator.revalidate();
  };

  return (
    <AppFrame email={d.email} isStaff={d.isStaff}>
      <Page
        title={t('cards.title')}
        backAction={{ content: t('cards.back'), url: '/dashboard' }}
        primaryAction={
          d.paymentReady && !formOpen
            ? { content: t('cards.add'), onAction: () => void addCard(), loading: adding }
            : undefined
        }
      >
        <Layout>
          {!d.paymentReady ? (
            <Layout.Section>
              <Banner tone="info">{t('cards.notConfigured')}</Banner>
            </Layout.Section>
          ) : null}
          {notice ? (
            <Layout.Section>
              <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
                {notice.text}
              </Banner>
            </Layout.Section>
          ) : null}
          {formOpen && tokens ? (
            <Layout.Section>
              <Card>
                <CardForm
                  publishableKey={tokens.publishableKey}
                  apiBase={tokens.apiBase}
                  onCancel={() => setFormOpen(false)}
                  onSaved={() => {
                    setFormOpen(false);
                    done(t('cards.added'));
                  }}
                />
              </Card>
            </Layout.Section>
          ) : null}
          <Layout.Section>
            <Card padding={d.cards.length ? '0' : undefined}>
              {d.cards.length === 0 ? (
                <EmptyState
                  heading={t('cards.empty')}
                  action={
                    d.paymentReady && !formOpen
                      ? { content: t('cards.add'), onAction: () => void addCard() }
                      : undefined
                  }
                >
                  <p>{t('cards.emptyBody')}</p>
                </EmptyState>
              ) : (
                d.cards.map((card) => (
                  <CardRow
                    key={card.id}
                    card={card}
                    onSaved={() => done(t('cards.saved'))}
                    onDeleted={() => done(t('cards.deleted'))}
                  />
                ))
              )}
            </Card>
          </Layout.Section>
        </Layout>
      </Page>
    </AppFrame>
  );
}
