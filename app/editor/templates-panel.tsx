import {
  Badge,
  Banner,
  BlockStack,
  Button,
  ButtonGroup,
  ChoiceList,
  Modal,
  Spinner,
  Text,
} from '@shopify/polaris';
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isProductElement, type Catalog, type Product, type ProductElement } from '../../core/model/index.ts';
import { deleteTemplate, listTemplates, type TemplateRecord } from '../components/templates/api.ts';
import { TemplateModal, type TemplateDraftMode } from '../components/templates/template-modal.tsx';
import {
  SAMPLE_PRODUCT,
  TemplatePreview,
  type TemplateKind,
} from '../components/templates/template-preview.tsx';
import { PricesTools } from './templates-prices.tsx';
import type { EditorStore } from './store.ts';
import { useEditorState } from './use-editor.ts';

/** The product element chosen on the current page, with where it is. */
function useSelectedProduct(store: EditorStore) {
  const catalog = useEditorState(store, (s) => s.catalog);
  const selection = useEditorState(store, (s) => s.selection);
  return useMemo(() => {
    if (!selection) return null;
    const page = catalog.pages.find((p) => p.id === selection.pageId);
    const element = page?.elements[selection.index];
    return page && isProductElement(element)
      ? { pageId: page.id, elementIndex: selection.index, element }
      : null;
  }, [catalog, selection]);
}

/** The product templates are shown on: the one selected, else the catalog's first, else a sample. */
function previewProduct(catalog: Catalog, selected: ProductElement | null): Product {
  if (selected) return selected.properties;
  for (const page of catalog.pages)
    for (const e of page.elements) if (isProductElement(e)) return e.properties;
  return SAMPLE_PRODUCT;
}

/**
 * The editor's template panel (SPEC §2.2 'price-template panel', issue 25 §1): the catalog's default price and
 * description templates and a product's own, chosen from a gallery where each template is drawn live on the
 * selected product by core/render; new ones and the user's own are written in the template modal, anyone
 * else's are copied (SPEC §6); the bulk price tools sit below.
 */
export function TemplatesPanel({ store, readonly }: { store: EditorStore; readonly: boolean }) {
  const { t } = useTranslation('templates');
  const catalog = useEditorState(store, (s) => s.catalog);
  const selected = useSelectedProduct(store);
  const [open, setOpen] = useState(false);
  const [kind, setKind] = useState<TemplateKind>('price');
  const [target, setTarget] = useState<'catalog' | 'product'>('catalog');
  const [list, setList] = useState<TemplateRecord[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState<{ mode: TemplateDraftMode; row: TemplateRecord | null } | null>(
    null,
  );
  const [deleting, setDeleting] = useState<TemplateRecord | null>(null);
  const product = previewProduct(catalog, selected?.element ?? null);
  const onProduct = target === 'product' && selected !== null;

  const load = useCallback(async () => {
    setError(null);
    setList(null);
    const result = await listTemplates(kind);
    if ('error' in result) setError(result.error);
    else setList(result.data);
  }, [kind]);
  useEffect(() => {
    if (open) void load();
  }, [load, open]);
  // A product chosen on the page is what the panel applies to, until the merchant says otherwise.
  useEffect(() => setTarget(selected ? 'product' : 'catalog'), [selected?.element.id]); // eslint-disable-line react-hooks/exhaustive-deps

  const field = kind === 'price' ? 'price_template' : 'description_template';
  const catalogHtml = kind === 'price' ? catalog.priceTemplate : catalog.descriptionTemplate;
  const current = onProduct ? (selected.element[field] ?? catalogHtml) : catalogHtml;
  const dispatch = store.getState().dispatch;

  const apply = (row: TemplateRecord) => {
    if (onProduct) {
      dispatch({
        name: 'setCaptionTemplate',
        args: {
          pageId: selected.pageId,
          elementIndex: selected.elementIndex,
          template: row.html,
          which: kind,
        },
      });
    } else if (kind === 'price') {
      dispatch({
        name: 'updateSettings',
        args: { fields: { priceTemplate: row.html, default_price_template: row._id } },
      });
    } else {
      dispatch({ name: 'updateSettings', args: { fields: { descriptionTemplate: row.html } } });
    }
    store.getState().notify('success', t('panel.applied'));
  };

  const remove = async (row: TemplateRecord) => {
    setDeleting(null);
    const result = await deleteTemplate(kind, row._id);
    if ('error' in result) store.getState().notify('critical', result.error);
    void load();
  };

  const kindLabel = t(`kinds.${kind}`);
  return (
    <section
      className="cb-templates-panel"
      data-testid="templates-panel"
      aria-labelledby="cb-templates-title"
    >
      <button
        type="button"
        className="cb-templates-panel__toggle"
        aria-expanded={open}
        aria-controls="cb-templates-body"
        onClick={() => setOpen(!open)}
      >
        <span id="cb-templates-title">{t('panel.title')}</span>
        <span aria-hidden="true">{open ? '▴' : '▾'}</span>
      </button>
      {open ? (
        <div id="cb-templates-body">
          <BlockStack gap="400">
            <ButtonGroup variant="segmented">
              {(['price', 'description'] as const).map((k) => (
                <Button key={k} pressed={kind === k} onClick={() => setKind(k)}>
                  {t(`kinds.${k}`)}
                </Button>
              ))}
            </ButtonGroup>
            <Text as="p" tone="subdued" variant="bodySm">
              {t('panel.help', {
                product: product === SAMPLE_PRODUCT ? t('panel.noProduct') : product.title,
              })}
            </Text>
            {selected ? (
              <ChoiceList
                title={t('panel.target')}
                choices={[
                  { label: t('panel.targetCatalog'), value: 'catalog' },
                  {
                    label: t('panel.targetProduct', { product: selected.element.properties.title }),
                    value: 'product',
                  },
                ]}
                selected={[target]}
                onChange={(v) => setTarget(v[0] === 'product' ? 'product' : 'catalog')}
              />
            ) : null}
            {onProduct && selected.element[field] !== null ? (
              <Button
                disabled={readonly}
                onClick={() =>
                  dispatch({
                    name: 'setCaptionTemplate',
                    args: {
                      pageId: selected.pageId,
                      elementIndex: selected.elementIndex,
                      template: null,
                      which: kind,
                    },
                  })
                }
              >
                {t('panel.useCatalog')}
              </Button>
            ) : null}
            {kind === 'description' && !catalog.settings.showDescription ? (
              <Banner
                tone="info"
                action={{
                  content: t('panel.showDescriptionOn'),
                  disabled: readonly,
                  onAction: () =>
                    dispatch({ name: 'updateSettings', args: { settings: { showDescription: true } } }),
                }}
              >
                <p>{t('panel.showDescription')}</p>
              </Banner>
            ) : null}
            <Button disabled={readonly} onClick={() => setEditing({ mode: 'new', row: null })}>
              {t('panel.new')}
            </Button>
            {error ? (
              <Banner tone="critical" action={{ content: t('panel.retry'), onAction: () => void load() }}>
                <p>
                  {t('panel.loadFailed')} {error}
                </p>
              </Banner>
            ) : list === null ? (
              <InlineLoading label={t('panel.loading')} />
            ) : (
              <ul className="cb-template-gallery" aria-label={t('panel.gallery', { kind: kindLabel })}>
                {list.map((row) => {
                  const inUse = row.html === current;
                  const own = row.isOwner && !row.library;
                  return (
                    <li
                      key={row._id}
                      className={`cb-template-card${inUse ? ' cb-template-card--current' : ''}`}
                      data-testid="template-card"
                    >
                      <TemplatePreview
                        kind={kind}
                        html={row.html}
                        product={product}
                        catalog={catalog}
                        id={row._id}
                        width={150}
                        height={180}
                      />
                      <span className="cb-template-card__title">{row.title}</span>
                      {inUse ? <Badge tone="info">{t('panel.current')}</Badge> : null}
                      {!row.library ? <Badge>{t('panel.mine')}</Badge> : null}
                      <div className="cb-template-card__actions">
                        <Button
                          size="slim"
                          variant="primary"
                          disabled={readonly || inUse}
                          accessibilityLabel={`${t('panel.apply')}: ${row.title}`}
                          onClick={() => apply(row)}
                        >
                          {t('panel.apply')}
                        </Button>
                        <Button
                          size="slim"
                          disabled={readonly}
                          accessibilityLabel={`${own ? t('panel.edit') : t('panel.copy')}: ${row.title}`}
                          onClick={() => setEditing({ mode: own ? 'edit' : 'copy', row })}
                        >
                          {own ? t('panel.edit') : t('panel.copy')}
                        </Button>
                        {own ? (
                          <Button
                            size="slim"
                            tone="critical"
                            disabled={readonly}
                            accessibilityLabel={`${t('panel.delete')}: ${row.title}`}
                            onClick={() => setDeleting(row)}
                          >
                            {t('panel.delete')}
                          </Button>
                        ) : null}
                      </div>
                    </li>
                  );
                })}
              </ul>
            )}
            <PricesTools store={store} readonly={readonly} />
          </BlockStack>
        </div>
      ) : null}
      <TemplateModal
        open={editing !== null}
        kind={kind}
        mode={editing?.mode ?? 'new'}
        initial={editing?.row ?? null}
        product={product}
        catalog={catalog}
        onClose={() => setEditing(null)}
        onSaved={(saved) => {
          setEditing(null);
          void load();
          // A template just written is meant for this catalog: it is applied where the panel points.
          apply(saved);
        }}
      />
      <Modal
        open={deleting !== null}
        onClose={() => setDeleting(null)}
        title={t('panel.deleteTitle', { title: deleting?.title ?? '' })}
        primaryAction={{
          content: t('panel.delete'),
          destructive: true,
          onAction: () => (deleting ? void remove(deleting) : undefined),
        }}
        secondaryActions={[{ content: t('form.cancel'), onAction: () => setDeleting(null) }]}
      >
        <Modal.Section>
          <Text as="p">{t('panel.deleteBody')}</Text>
        </Modal.Section>
      </Modal>
    </section>
  );
}

function InlineLoading({ label }: { label: string }) {
  return (
    <div role="status" className="cb-inline-loading">
      <Spinner size="small" accessibilityLabel={label} /> <span>{label}</span>
    </div>
  );
}
