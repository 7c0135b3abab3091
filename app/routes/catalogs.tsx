import { Banner, BlockStack, Card, Layout, Modal, Page, Text, TextField } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  useLoaderData,
  useSearchParams,
  useRevalidator,
  type LinksFunction,
  type LoaderFunctionArgs,
  type MetaFunction,
} from 'react-router';
import type { CatalogCard } from '../../server/catalogs/index.ts';
import { AppFrame } from '../components/app-frame.tsx';
import { CatalogSynchronizeModal } from '../components/catalog-synchronize-modal.tsx';
import { callApi } from '../components/catalogs/api.ts';
import { CatalogCardView, FeaturedCard, type CardAction } from '../components/catalogs/catalog-card.tsx';
import { useDeletedCatalogTitle } from '../components/catalogs/deleted-notice.ts';
import { editorUrl } from '../components/catalogs/links.ts';
import { NewCatalogWizard } from '../components/catalogs/new-catalog-wizard.tsx';
import {
  CATALOG_KINDS,
  CATALOG_PURPOSES,
  type CatalogKind,
  type CatalogPurpose,
} from '../../core/builder/index.ts';
import { EmptyState } from '../components/empty-state.tsx';
import catalogStyles from '../styles/catalogs.css?url';

export const meta: MetaFunction = () => [{ title: 'My catalogs · Catalog Builder' }];
export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export async function loader({ request }: LoaderFunctionArgs) {
  const { hasRole } = await import('../../server/accounts/index.ts');
  const { requireEntitledPageUser } = await import('../../server/billing/index.ts');
  const { getRuntime } = await import('../../server/runtime/index.ts');
  const { listCatalogCards, listFeaturedCatalogs, wizardChoices } =
    await import('../../server/catalogs/index.ts');
  const { getEntitlementsWithGates } = await import('../../server/billing/index.ts');
  // SPEC §6: an expired or inactive subscription goes to /subscribe.
  const { user } = await requireEntitledPageUser(request);
  const { db } = getRuntime();
  const [catalogs, featured, choices, { gates }] = await Promise.all([
    listCatalogCards({ db, ownerId: user.id }),
    listFeaturedCatalogs({ db }),
    wizardChoices({ db, ownerId: user.id }),
    getEntitlementsWithGates({ db, user }),
  ]);
  return {
    email: user.email,
    isStaff: hasRole(user, 'admin', 'manager'),
    catalogs,
    // The merchant's own catalogs are on the page already.
    featured: featured.filter((f) => !catalogs.some((c) => c._id === f._id)),
    choices,
    // After a downgrade a protected catalog stays protected; its card says why (SPEC §6 passwords).
    protectionAllowed: gates.password.kind === 'open' || gates.privacy.kind === 'open',
  };
}

type Pending = { action: 'rename' | 'delete' | 'synchronize'; card: CatalogCard };

export default function CatalogsPage() {
  const { t } = useTranslation('catalogs');
  const { email, isStaff, catalogs, featured, choices, protectionAllowed } = useLoaderData<typeof loader>();
  const revalidator = useRevalidator();
  // A template page's 'Use this template' (/catalogs?new=<kind>) opens the wizard on that kind.
  const [params] = useSearchParams();
  const asked = params.get('new');
  const initialKind = (CATALOG_KINDS as readonly string[]).includes(asked ?? '')
    ? (asked as CatalogKind)
    : undefined;
  const askedPurpose = params.get('purpose');
  const initialPurpose = (CATALOG_PURPOSES as readonly string[]).includes(askedPurpose ?? '')
    ? (askedPurpose as CatalogPurpose)
    : undefined;
  const [wizard, setWizard] = useState(!!initialKind);
  const [pending, setPending] = useState<Pending | null>(null);
  // Coming from the editor, which deleted a catalog (SPEC §2.2): the list says which.
  const deleted = useDeletedCatalogTitle();
  const [notice, setNotice] = useState<{ tone: 'success' | 'critical'; text: string } | null>(() =>
    deleted ? { tone: 'success', text: t('list.deletedTitle', { title: deleted }) } : null,
  );

  const run = async (call: () => Promise<unknown>, done: string) => {
    try {
      await call();
      setNotice({ tone: 'success', text: done });
      await revalidator.revalidate();
    } catch {
      setNotice({ tone: 'critical', text: t('list.failed') });
    }
  };
  const onAction = (card: CatalogCard) => (action: CardAction) => {
    if (action === 'publish' || action === 'unpublish')
      return void run(
        () =>
          callApi('PUT', `/api/v1/catalogs/${encodeURIComponent(card._id)}/settings`, {
            published: action === 'publish',
          }),
        t(action === 'publish' ? 'list.publishedDone' : 'list.unpublishedDone'),
      );
    if (action !== 'duplicate') return setPending({ action, card });
    void run(
      () =>
        callApi('POST', `/api/v1/catalogs/${encodeURIComponent(card._id)}/copy`, {
          title: t('list.copyOf', { title: card.title }).slice(0, 200),
        }),
      t('list.duplicated'),
    );
  };
  const newCatalog = { content: t('list.new'), onAction: () => setWizard(true) };

  return (
    <AppFrame email={email} isStaff={isStaff}>
      <Page title={t('list.title')} primaryAction={newCatalog}>
        <Layout>
          {notice ? (
            <Layout.Section>
              <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
                <p role={notice.tone === 'critical' ? 'alert' : 'status'}>{notice.text}</p>
              </Banner>
            </Layout.Section>
          ) : null}
          <Layout.Section>
            {catalogs.length === 0 ? (
              <Card>
                <EmptyState heading={t('list.emptyTitle')} action={newCatalog}>
                  <p>{t('list.emptyBody')}</p>
                </EmptyState>
              </Card>
            ) : (
              <ul className="cb-catalog-grid" aria-label={t('list.title')}>
                {catalogs.map((c) => (
                  <CatalogCardView
                    key={c._id}
                    card={c}
                    onAction={onAction(c)}
                    protectionAllowed={protectionAllowed}
                  />
                ))}
              </ul>
            )}
          </Layout.Section>
          {featured.length > 0 ? (
            <Layout.Section>
              <section className="cb-featured" aria-labelledby="cb-featured-title">
                <BlockStack gap="100">
                  <Text as="h2" variant="headingMd" id="cb-featured-title">
                    {t('list.featured')}
                  </Text>
                  <Text as="p" tone="subdued">
                    {t('list.featuredBody')}
                  </Text>
                </BlockStack>
                <ul className="cb-featured__strip">
                  {featured.map((c) => (
                    <FeaturedCard key={c._id} card={c} />
                  ))}
                </ul>
              </section>
            </Layout.Section>
          ) : null}
        </Layout>
        {wizard ? (
          <NewCatalogWizard
            choices={choices}
            initialKind={initialKind}
            initialPurpose={initialPurpose}
            onClose={() => setWizard(false)}
            // A document load: the editor is a large route of its own, with nothing to share with this page.
            onCreated={(id) => window.location.assign(editorUrl(id))}
          />
        ) : null}
        {pending?.action === 'synchronize' ? (
          <CatalogSynchronizeModal catalog={pending.card} onClose={() => setPending(null)} />
        ) : null}
        {pending?.action === 'rename' ? (
          <RenameModal
            card={pending.card}
            onClose={() => setPending(null)}
            onSave={(title) =>
              run(
                () => callApi('PUT', `/api/v1/catalogs/${encodeURIComponent(pending.card._id)}`, { title }),
                t('list.renamed'),
              ).then(() => setPending(null))
            }
          />
        ) : null}
        {pending?.action === 'delete' ? (
          <Modal
            open
            onClose={() => setPending(null)}
            title={t('list.deleteTitle', { title: pending.card.title })}
            primaryAction={{
              content: t('list.deleteConfirm'),
              destructive: true,
              onAction: () =>
                run(
                  () => callApi('DELETE', `/api/v1/catalogs/${encodeURIComponent(pending.card._id)}`),
                  t('list.deleted'),
                ).then(() => setPending(null)),
            }}
            secondaryActions={[{ content: t('list.cancel'), onAction: () => setPending(null) }]}
          >
            <Modal.Section>
              <Text as="p">{t('list.deleteBody')}</Text>
            </Modal.Section>
          </Modal>
        ) : null}
      </Page>
    </AppFrame>
  );
}

function RenameModal({
  card,
  onClose,
  onSave,
}: {
  card: CatalogCard;
  onClose: () => void;
  onSave: (title: string) => Promise<void>;
}) {
  const { t } = useTranslation('catalogs');
  const [title, setTitle] = useState(card.title);
  const [saving, setSaving] = useState(false);
  const save = () => {
    if (!title.trim()) return;
    setSaving(true);
    void onSave(title.trim());
  };
  return (
    <Modal
      open
      onClose={onClose}
      title={t('list.renameTitle', { title: card.title })}
      primaryAction={{ content: t('list.save'), onAction: save, loading: saving, disabled: !title.trim() }}
      secondaryActions={[{ content: t('list.cancel'), onAction: onClose }]}
    >
      <Modal.Section>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            save();
          }}
        >
          <TextField
            label={t('list.renameLabel')}
            value={title}
            onChange={setTitle}
            autoComplete="off"
            maxLength={200}
            autoFocus
          />
        </form>
      </Modal.Section>
    </Modal>
  );
}
