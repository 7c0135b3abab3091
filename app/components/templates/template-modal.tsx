import {
  Banner,
  BlockStack,
  Button,
  Checkbox,
  InlineStack,
  Modal,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captionKeywords, templateProblems, type CaptionKeyword } from '../../../core/captions/index.ts';
import type { Catalog, Product } from '../../../core/model/index.ts';
import { TemplateRichField } from '../../editor/template-rich-field.tsx';
import type { RichTextControls } from '../rich-text/index.ts';
import { saveTemplate, type TemplateRecord } from './api.ts';
import { SAMPLE_PRODUCT, TemplatePreview, type TemplateKind } from './template-preview.tsx';

/** What the modal opens on: a new template, one of the user's own to change, or someone else's to copy. */
export type TemplateDraftMode = 'new' | 'edit' | 'copy';

type VariantLayout = 'LIST' | 'TABLE' | 'LOOSE_TABLE' | 'STRICT_TABLE';
const VARIANT_COLUMNS = ['TITLE', 'SKU', 'PRICE_FULL', 'MSRP_FULL', 'STOCK', 'BARCODE(EAN13)'] as const;

/** The VARIANTS block the builder's choices write (SPEC §5: list, table and strict forms, headers, options, columns). */
export function variantsBlock(
  layout: VariantLayout,
  headers: boolean,
  options: boolean,
  columns: readonly string[],
): string {
  const words = [
    ...(layout === 'LIST' ? [] : [layout]),
    ...(headers && layout !== 'LIST' ? ['SHOW_HEADERS'] : []),
    ...(options ? ['OPTIONS'] : []),
    ...columns,
  ];
  return words.length ? `[VARIANTS(${words.join(', ')})]` : '[VARIANTS]';
}

/**
 * Creating or editing a price or description template (SPEC §4 Templates: a modal; saving creates when new,
 * updates otherwise; a template of someone else is saved as the user's copy, SPEC §6). The template is written
 * as it prints in the rich-text editor, each token a chip, and checked as it is typed (TemplateRichField); chips
 * come from a picker of every SPEC §5 token, the product's metafields of caption value types and its custom
 * fields, VARIANTS blocks and formulas from small builders, put at the caret; the preview draws it on the product
 * with core/render. What the server refuses is said in the modal.
 */
export function TemplateModal({
  open,
  kind,
  mode,
  initial,
  staff = false,
  product = SAMPLE_PRODUCT,
  catalog,
  onClose,
  onSaved,
}: {
  open: boolean;
  kind: TemplateKind;
  mode: TemplateDraftMode;
  initial: TemplateRecord | null;
  /** Staff keep the library: new templates go there, with their order. */
  staff?: boolean;
  product?: Product;
  catalog?: Catalog;
  onClose: () => void;
  onSaved: (saved: TemplateRecord) => void;
}) {
  const { t, i18n } = useTranslation('templates');
  const { t: te } = useTranslation('editorText');
  const id = useId();
  const [title, setTitle] = useState('');
  const [html, setHtml] = useState('');
  const [isPublic, setPublic] = useState(true);
  const [ordering, setOrdering] = useState('100');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const field = useRef<RichTextControls>(null);

  useEffect(() => {
    if (!open) return;
    setTitle(
      mode === 'copy' && initial ? t('form.copyOf', { title: initial.title }) : (initial?.title ?? ''),
    );
    setHtml(initial?.html ?? '');
    setPublic(mode === 'copy' ? false : (initial?.public ?? true));
    setOrdering(String(initial?.ordering ?? 100));
    setError(null);
  }, [open, initial, mode, t]);

  const keywords = useMemo(() => captionKeywords(product, i18n.language), [product, i18n.language]);
  const [token, setToken] = useState('');
  const groups = useMemo(() => {
    const by = new Map<CaptionKeyword['group'], CaptionKeyword[]>();
    for (const k of keywords) by.set(k.group, [...(by.get(k.group) ?? []), k]);
    return [...by].map(([group, list]) => ({
      title: te(`caption.groups.${group}`),
      options: list.map((k) => ({ label: `${k.keyword} — ${k.label}`, value: k.keyword })),
    }));
  }, [keywords, te]);
  const chosenToken = token || keywords[0]?.keyword || '';

  const [layout, setLayout] = useState<VariantLayout>('TABLE');
  const [headers, setHeaders] = useState(true);
  const [withOptions, setWithOptions] = useState(true);
  const [columns, setColumns] = useState<string[]>(['SKU', 'PRICE_FULL']);
  const [formula, setFormula] = useState('PRICE*0.9');
  const [round, setRound] = useState(false);

  const problems = useMemo(() => templateProblems(html), [html]);

  // A chip at the caret the text kept while the picker or a builder had the focus.
  const insert = (text: string) => field.current?.insertToken(text);

  const save = async () => {
    if (problems.length) {
      setError(t('form.problems'));
      return;
    }
    setBusy(true);
    setError(null);
    const order = Number(ordering);
    const result = await saveTemplate(kind, mode === 'edit' && initial ? initial._id : null, {
      title,
      html,
      public: isPublic,
      ...(staff ? { ordering: Number.isFinite(order) ? Math.round(order) : 100 } : {}),
      ...(kind === 'price' && initial && 'replacements' in initial
        ? { replacements: initial.replacements ?? [], options: initial.options ?? {} }
        : {}),
      ...(staff && mode !== 'edit' ? { library: true } : {}),
    });
    setBusy(false);
    if ('error' in result) setError(result.error);
    else onSaved(result.data);
  };

  const heading =
    mode === 'new'
      ? t('form.newTitle')
      : mode === 'copy'
        ? t('form.copyTitle', { title: initial?.title ?? '' })
        : t('form.editTitle', { title: initial?.title ?? '' });

  return (
    <Modal
      open={open}
      onClose={onClose}
      title={heading}
      size="large"
      primaryAction={{
        content: mode === 'copy' ? t('form.saveCopy') : t('form.save'),
        onAction: () => void save(),
        loading: busy,
        disabled: !title.trim(),
      }}
      secondaryActions={[{ content: t('form.cancel'), onAction: onClose }]}
    >
      <Modal.Section>
        <div className="cb-template-form">
          <BlockStack gap="300">
            {error ? (
              <Banner tone="critical">
                <p data-testid="template-error">{error}</p>
              </Banner>
            ) : null}
            <TextField
              label={t('form.title')}
              value={title}
              onChange={setTitle}
              autoComplete="off"
              maxLength={200}
              error={error && /title/i.test(error) ? error : undefined}
            />
            <TemplateRichField
              id={`${id}-html`}
              label={t('form.html')}
              controls={field}
              value={html}
              disabled={busy}
              help={t('form.help')}
              onChange={(next) => {
                setHtml(next);
                // The 'fix the marked tokens' warning goes once nothing is marked any more.
                if (error === t('form.problems') && templateProblems(next).length === 0) setError(null);
              }}
            />
            <div className="cb-token-picker">
              <Select label={t('form.token')} options={groups} value={chosenToken} onChange={setToken} />
              <Button onClick={() => insert(chosenToken)} disabled={!chosenToken}>
                {t('form.insert')}
              </Button>
            </div>
            <fieldset className="cb-template-builder">
              <legend>{t('form.variants')}</legend>
              <BlockStack gap="200">
                <Select
                  label={t('form.variantsLayout')}
                  value={layout}
                  onChange={(v) => setLayout(v as VariantLayout)}
                  options={[
                    { label: t('form.variantsList'), value: 'LIST' },
                    { label: t('form.variantsTable'), value: 'TABLE' },
                    { label: t('form.variantsLoose'), value: 'LOOSE_TABLE' },
                    { label: t('form.variantsStrict'), value: 'STRICT_TABLE' },
                  ]}
                />
                <InlineStack gap="300">
                  <Checkbox
                    label={t('form.variantsHeaders')}
                    checked={headers && layout !== 'LIST'}
                    disabled={layout === 'LIST'}
                    onChange={setHeaders}
                  />
                  <Checkbox
                    label={t('form.variantsOptions')}
                    checked={withOptions}
                    onChange={setWithOptions}
                  />
                </InlineStack>
                <fieldset className="cb-template-builder__columns">
                  <legend>{t('form.variantsColumns')}</legend>
                  <InlineStack gap="300">
                    {VARIANT_COLUMNS.map((c) => (
                      <Checkbox
                        key={c}
                        label={c}
                        checked={columns.includes(c)}
                        onChange={(on) =>
                          setColumns(
                            on
                              ? VARIANT_COLUMNS.filter((x) => x === c || columns.includes(x))
                              : columns.filter((x) => x !== c),
                          )
                        }
                      />
                    ))}
                  </InlineStack>
                </fieldset>
                <InlineStack gap="200" blockAlign="center">
                  <code className="cb-template-builder__code">
                    {variantsBlock(layout, headers, withOptions, columns)}
                  </code>
                  <Button onClick={() => insert(variantsBlock(layout, headers, withOptions, columns))}>
                    {t('form.insertVariants')}
                  </Button>
                </InlineStack>
              </BlockStack>
            </fieldset>
            <fieldset className="cb-template-builder">
              <legend>{t('form.formula')}</legend>
              <BlockStack gap="200">
                <TextField
                  label={t('form.formula')}
                  labelHidden
                  helpText={t('form.formulaHelp')}
                  value={formula}
                  onChange={setFormula}
                  autoComplete="off"
                  monospaced
                />
                <InlineStack gap="300" blockAlign="center">
                  <Checkbox label={t('form.formulaRound')} checked={round} onChange={setRound} />
                  <Button
                    disabled={!formula.trim()}
                    onClick={() => insert(`[${round ? 'OP_ROUND' : 'OP'}[${formula.trim()}]]`)}
                  >
                    {t('form.insertFormula')}
                  </Button>
                </InlineStack>
              </BlockStack>
            </fieldset>
            <Checkbox label={t('form.public')} checked={isPublic} onChange={setPublic} />
            {staff ? (
              <TextField
                label={t('form.ordering')}
                type="number"
                value={ordering}
                onChange={setOrdering}
                autoComplete="off"
              />
            ) : null}
          </BlockStack>
          <div className="cb-template-form__preview">
            <Text as="h3" variant="headingSm">
              {t('form.preview', { product: product.title })}
            </Text>
            <TemplatePreview
              kind={kind}
              html={html}
              product={product}
              catalog={catalog}
              id="modal"
              width={260}
              height={320}
            />
          </div>
        </div>
      </Modal.Section>
    </Modal>
  );
}
