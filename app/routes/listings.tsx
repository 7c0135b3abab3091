import { Banner, BlockStack, Layout, Page } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, useSearchParams, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import { AppFrame } from '../components/app-frame.tsx';
import {
  CsvImportModal,
  ListingFormModal,
  importedMessage,
  ListingsPanel,
  type PanelListing,
} from '../components/listings-panel/index.ts';

export const meta: MetaFunction = () => [{ title: 'Products · Catalog Builder' }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { requireEntitledPageUser } = await import('../../server/billing/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { hasRole } = await import('../../server/accounts/index.ts');
  const { listAccounts } = await import('../../server/stores/index.ts');
  const { listListings } = await import('../../server/listings/index.ts');
  // SPEC §6: an expired or inactive subscription goes to /subscribe.
  const { user } = await requireEntitledPageUser(request);
  const db = getRuntime().db;
  const accounts = await listAccounts({ db, ownerId: user.id });
  // /listings?account= (the Stores screen's 'View products') opens that store's products.
  const asked = new URL(request.url).searchParams.get('account');
  const first = accounts.find((a) => a.id === asked) ?? accounts[0]!;
  return {
    email: user.email,
    isStaff: hasRole(user, 'admin', 'manager'),
    accounts: accounts.map((a) => ({ id: a.id, type: a.type, name: a.name, listing_count: a.listing_count })),
    initialAccountId: first.id,
    initialPage: await listListings({ db, ownerId: user.id, accountId: first.id }),
  };
}

/** SPEC §2.5 /listings: the products panel, hand-made products and the CSV import. */
export default function ListingsPage() {
  const { t } = useTranslation('app');
  const { t: ts } = useTranslation('stores');
  const { email, isStaff, accounts, initialAccountId, initialPage } = useLoaderData<typeof loader>();
  const [params] = useSearchParams();
  const [editing, setEditing] = useState<PanelListing | 'new' | null>(null);
  // /listings?import=1 (the Stores screen, for a platform without a connector) opens the CSV import.
  const [importing, setImporting] = useState(params.get('import') === '1');
  // Each opening gets fresh modal state (a new wizard, an empty form).
  const [openings, setOpenings] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [refreshKey, setRefreshKey] = useState(0);
  const done = (message: string) => {
    setEditing(null);
    setImporting(false);
    setNotice(message);
    setRefreshKey((k) => k + 1);
  };
  const openImport = () => {
    setOpenings((n) => n + 1);
    setImporting(true);
  };
  const openForm = (l: PanelListing | 'new') => {
    setOpenings((n) => n + 1);
    setEditing(l);
  };

  return (
    <AppFrame email={email} isStaff={isStaff}>
      <Page
        title={t('listings.title')}
        primaryAction={{ content: t('listings.import.open'), onAction: openImport }}
        secondaryActions={[
          { content: t('listings.add'), onAction: () => openForm('new') },
          { content: ts('links.connect'), url: '/stores' },
        ]}
      >
        <Layout>
          <Layout.Section>
            <BlockStack gap="400">
              {notice ? (
                <Banner tone="success" onDismiss={() => setNotice(null)}>
                  <p role="status" id="cb-listings-notice">
                    {notice}
                  </p>
                </Banner>
              ) : null}
              <ListingsPanel
                accounts={accounts}
                initialAccountId={initialAccountId}
                initialPage={initialPage}
                refreshKey={refreshKey}
                onOpen={openForm}
                onAdd={() => openForm('new')}
                onImport={openImport}
              />
            </BlockStack>
          </Layout.Section>
        </Layout>
      </Page>
      {importing ? (
        <CsvImportModal
          key={`import-${openings}`}
          open
          onClose={() => setImporting(false)}
          onImported={(outcome) => done(importedMessage(outcome, t))}
        />
      ) : null}
      {editing ? (
        <ListingFormModal
          key={`form-${openings}`}
          open
          listing={editing === 'new' ? null : editing}
          onClose={() => setEditing(null)}
          onSaved={done}
        />
      ) : null}
    </AppFrame>
  );
}
