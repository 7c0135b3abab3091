import {
  Banner,
  BlockStack,
  Button,
  Checkbox,
  ChoiceList,
  InlineStack,
  Modal,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { GatedControl } from '../gated-control.tsx';
import {
  BUILD_SORTS,
  CATALOG_KINDS,
  CATALOG_PURPOSES,
  kindProductLayout,
} from '../../../core/builder/index.ts';
import type { BuildSort, CatalogKind, CatalogPurpose } from '../../../core/builder/index.ts';
import type { WizardChoices } from '../../../server/catalogs/index.ts';
import { LayoutPicker } from '../layouts/layout-picker.tsx';
import { callApi } from './api.ts';
import { CoverImage } from './catalog-card.tsx';

type Step = 'kind' | 'products' | 'finish' | 'templates';
type Start = 'build' | 'empty';

/** The purpose each kind is usually made for, chosen for the merchant until they pick another. */
const PURPOSE_OF: Record<CatalogKind, CatalogPurpose> = {
  catalog: 'print',
  line_sheet: 'wholesale',
  wholesale_order_form: 'wholesale',
  price_list: 'print',
};

/**
 * The new-catalog wizard (SPEC §2.6): a kind, then categories and a purpose, then a sort and a title, built on
 * the server (POST api/v1/catalogs/build); or a template (POST .../copy) or an empty catalog. A merchant
 * without products is offered the CSV import and the store connection first. `onCreated` opens the result.
 */
export function NewCatalogWizard({
  choices,
  initialKind,
  initialPurpose,
  onClose,
  onCreated,
}: {
  choices: WizardChoices;
  /** The kind chosen beforehand (a template page's 'Use this template': /catalogs?new=<kind>). */
  initialKind?: CatalogKind;
  /** The purpose chosen beforehand (/catalogs?new=<kind>&purpose=<purpose>); else the kind's usual one. */
  initialPurpose?: CatalogPurpose;
  onClose: () => void;
  onCreated: (catalogId: string) => void;
}) {
  const { t } = useTranslation('catalogs');
  const hasProducts = choices.stores.length > 0;
  const [step, setStep] = useState<Step>('kind');
  const [start, setStart] = useState<Start>('build');
  const [kind, setKind] = useState<CatalogKind>(initialKind ?? 'catalog');
  const [purpose, setPurpose] = useState<CatalogPurpose>(
    initialPurpose ?? PURPOSE_OF[initialKind ?? 'catalog'],
  );
  const [storeId, setStoreId] = useState(choices.stores.length === 1 ? choices.stores[0]!.id : '');
  const [onlySome, setOnlySome] = useState(false);
  const [categories, setCategories] = useState<string[]>([]);
  const [sort, setSort] = useState<BuildSort>('title');
  const [title, setTitle] = useState('');
  // The product pages' layout: the kind's own until the merchant picks another.
  const kindLayoutId = kindProductLayout(kind)?._id ?? null;
  const [pickedLayout, setPickedLayout] = useState<string | null>(null);
  const layoutId = pickedLayout ?? kindLayoutId;
  const offersLayouts = kind !== 'price_list' && choices.layouts.length > 0;
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [titleError, setTitleError] = useState<string | null>(null);
  const [categoryError, setCategoryError] = useState<string | null>(null);

  const store = choices.stores.find((s) => s.id === storeId);
  const steps: Step[] = start === 'empty' ? ['finish'] : ['kind', 'products', 'finish'];
  const stepNumber = steps.indexOf(step) + 1;

  const create = async (call: () => Promise<{ data: { _id: string } }>) => {
    setBusy(true);
    setError(null);
    try {
      onCreated((await call()).data._id);
    } catch {
      setError(t('wizard.failed'));
      setBusy(false);
    }
  };
  const submit = () => {
    const trimmed = title.trim();
    if (!trimmed) return setTitleError(t('wizard.titleRequired'));
    if (start === 'empty') return create(() => callApi('POST', '/api/v1/catalogs', { title: trimmed }));
    return create(() =>
      callApi('POST', '/api/v1/catalogs/build', {
        kind,
        purpose,
        sort,
        title: trimmed,
        ...(store ? { accountId: store.id } : {}),
        categories: store && onlySome ? categories : [],
        ...(offersLayouts && pickedLayout && pickedLayout !== kindLayoutId ? { layoutId: pickedLayout } : {}),
      }),
    );
  };
  const next = () => {
    if (step === 'kind') return setStep('products');
    if (onlySome && categories.length === 0) return setCategoryError(t('wizard.pickCategory'));
    if (!title) setTitle(t(`wizard.kinds.${kind}.label`));
    setStep('finish');
  };
  const back = () => {
    setError(null);
    if (step === 'finish' && start === 'build') return setStep('products');
    setStart('build');
    setStep('kind');
  };

  const primary =
    step === 'finish'
      ? { content: t('wizard.create'), onAction: submit, loading: busy, disabled: busy }
      : step === 'templates'
        ? undefined
        : step === 'kind' && !hasProducts
          ? undefined
          : { content: t('wizard.next'), onAction: next };
  const secondary =
    step === 'kind'
      ? [{ content: t('wizard.cancel'), onAction: onClose }]
      : [{ content: t('wizard.back'), onAction: back, disabled: busy }];

  return (
    <Modal
      open
      onClose={onClose}
      title={t('wizard.title')}
      primaryAction={primary}
      secondaryActions={secondary}
    >
      <Modal.Section>
        <BlockStack gap="400">
          {stepNumber > 0 && steps.length > 1 ? (
            <Text as="p" tone="subdued" variant="bodySm">
              {t('wizard.step', { step: stepNumber, total: steps.length })}
            </Text>
          ) : null}
          {error ? (
            <Banner tone="critical">
              <p role="alert">{error}</p>
            </Banner>
          ) : null}
          {busy ? (
            <p role="status" className="cb-wizard__busy">
              {t('wizard.building')}
            </p>
          ) : null}

          {step === 'kind' ? (
            <>
              {hasProducts ? (
                <ChoiceList
                  title={
                    <Text as="span" variant="headingMd">
                      {t('wizard.kindTitle')}
                    </Text>
                  }
                  choices={CATALOG_KINDS.map((k) => ({
                    label: t(`wizard.kinds.${k}.label`),
                    value: k,
                    helpText: t(`wizard.kinds.${k}.help`),
                  }))}
                  selected={[kind]}
                  onChange={([k]) => {
                    setKind(k as CatalogKind);
                    setPurpose(PURPOSE_OF[k as CatalogKind]);
                    setPickedLayout(null);
                  }}
                />
              ) : (
                <Banner tone="info" title={t('wizard.noProductsTitle')}>
                  <BlockStack gap="200">
                    <p>{t('wizard.noProductsBody')}</p>
                    <InlineStack gap="200">
                      <Button url="/listings" variant="primary">
                        {t('wizard.importCsv')}
                      </Button>
                      <Button url="/stores">{t('wizard.connectStore')}</Button>
                    </InlineStack>
                  </BlockStack>
                </Banner>
              )}
              <BlockStack gap="200">
                <Text as="h3" variant="headingSm">
                  {t('wizard.otherStarts')}
                </Text>
                <InlineStack gap="200">
                  <Button onClick={() => setStep('templates')}>{t('wizard.fromTemplate')}</Button>
                  <Button
                    onClick={() => {
                      setStart('empty');
                      setStep('finish');
                    }}
                  >
                    {t('wizard.empty')}
                  </Button>
                </InlineStack>
              </BlockStack>
            </>
          ) : null}

          {step === 'templates' ? (
            choices.templates.length === 0 ? (
              <Text as="p">{t('wizard.noTemplates')}</Text>
            ) : (
              <>
                <p className="cb-wizard__template-products" data-testid="template-products">
                  {t(hasProducts ? 'wizard.templateOwnProducts' : 'wizard.templateSampleProducts')}
                </p>
                <ul className="cb-template-list">
                  {choices.templates.map((tpl) => (
                    <li key={tpl._id}>
                      <GatedControl gate={tpl.gate}>
                        <button
                          type="button"
                          className="cb-template-list__item"
                          disabled={busy}
                          onClick={() =>
                            create(() =>
                              callApi('POST', `/api/v1/catalogs/${encodeURIComponent(tpl._id)}/copy`, {
                                title: tpl.title,
                                // The merchant's products in the template's cells (the store chosen, if any).
                                ...(hasProducts ? { ownProducts: store ? { accountId: store.id } : {} } : {}),
                              }),
                            )
                          }
                        >
                          <CoverImage cover={tpl.cover} height={150} />
                          <span>{tpl.title}</span>
                        </button>
                      </GatedControl>
                    </li>
                  ))}
                </ul>
              </>
            )
          ) : null}

          {step === 'products' ? (
            <>
              <Text as="h3" variant="headingMd">
                {t('wizard.productsTitle')}
              </Text>
              {choices.stores.length > 1 ? (
                <Select
                  label={t('wizard.store')}
                  options={[
                    { label: t('wizard.allStores'), value: '' },
                    ...choices.stores.map((s) => ({ label: s.name, value: s.id })),
                  ]}
                  value={storeId}
                  onChange={(v) => {
                    setStoreId(v);
                    setCategories([]);
                    setOnlySome(false);
                  }}
                />
              ) : null}
              {store && store.categories.length > 0 ? (
                <BlockStack gap="200">
                  <ChoiceList
                    title={t('wizard.productsTitle')}
                    titleHidden
                    choices={[
                      { label: t('wizard.allCategories'), value: 'all' },
                      { label: t('wizard.someCategories'), value: 'some' },
                    ]}
                    selected={[onlySome ? 'some' : 'all']}
                    onChange={([v]) => setOnlySome(v === 'some')}
                  />
                  {onlySome ? (
                    <div
                      className="cb-wizard__categories"
                      role="group"
                      aria-label={t('wizard.someCategories')}
                    >
                      {store.categories.map((c) => (
                        <Checkbox
                          key={c.id}
                          label={t('wizard.categoryCount', { name: c.name, count: c.count })}
                          checked={categories.includes(c.id)}
                          onChange={(on) => {
                            setCategoryError(null);
                            setCategories((list) => (on ? [...list, c.id] : list.filter((x) => x !== c.id)));
                          }}
                        />
                      ))}
                      {categoryError ? (
                        <p role="alert" className="cb-wizard__error">
                          {categoryError}
                        </p>
                      ) : null}
                    </div>
                  ) : null}
                </BlockStack>
              ) : null}
              <ChoiceList
                title={t('wizard.purpose')}
                choices={CATALOG_PURPOSES.map((p) => ({ label: t(`wizard.purposes.${p}`), value: p }))}
                selected={[purpose]}
                onChange={([p]) => setPurpose(p as CatalogPurpose)}
              />
              {offersLayouts ? (
                <LayoutPicker
                  label={t('wizard.layout')}
                  layouts={choices.layouts}
                  value={layoutId}
                  onChange={(l) => setPickedLayout(l._id)}
                />
              ) : null}
            </>
          ) : null}

          {step === 'finish' ? (
            <>
              {start === 'build' ? (
                <Select
                  label={t('wizard.sort')}
                  options={BUILD_SORTS.map((s) => ({ label: t(`app:listings.sorts.${s}`), value: s }))}
                  value={sort}
                  onChange={(v) => setSort(v as BuildSort)}
                />
              ) : null}
              <TextField
                label={t('wizard.titleLabel')}
                value={title}
                onChange={(v) => {
                  setTitle(v);
                  setTitleError(null);
                }}
                autoComplete="off"
                maxLength={200}
                error={titleError ?? undefined}
                autoFocus
              />
            </>
          ) : null}
        </BlockStack>
      </Modal.Section>
    </Modal>
  );
}
