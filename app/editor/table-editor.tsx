import {
  Badge,
  BlockStack,
  Button,
  InlineError,
  InlineStack,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { ArrowDownIcon, ArrowUpIcon, DeleteIcon } from '@shopify/polaris-icons';
import { useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { filledVariantColumns } from '../../core/captions/index.ts';
import { listProducts } from '../../core/commands/index.ts';
import type { Catalog, Product, TableColumn } from '../../core/model/index.ts';
import { createRenderContext, visibleColumns } from '../../core/render/index.ts';
import {
  addColumn,
  columnChoices,
  columnProblem,
  moveColumn,
  removeColumn,
  renameColumn,
  type ColumnProblem,
} from '../../core/tables/index.ts';
import type { EditorStore } from './store.ts';

const columnId = (c: Pick<TableColumn, 'key' | 'is_custom' | 'is_option'>) =>
  `${c.is_custom ? 'custom' : c.is_option ? 'option' : 'field'}:${c.key}`;

/** Which table the editor configures: the product tables of table pages, or the variations tables of captions. */
export type TableEditorKind = 'products' | 'variants';

const CONFIG = {
  products: 'table_configuration',
  variants: 'variants_table_configuration',
} as const;

/**
 * The table editor (SPEC §2.2, §3 table_configuration): the columns of the catalog's product tables
 * (`table_configuration`), or of the variations tables in captions (`variants_table_configuration`, the
 * VARIANTS tables naming no columns: options as columns of their own), chosen, ordered, renamed, with custom
 * columns added. Every change is one `updateSettings` command, so one undo step; the page renderer (core/render
 * `tableColumns`, core/captions VARIANTS) draws the same list in the editor, the viewer and the PDF, leaving out
 * a column no product (no variation) fills (SPEC §5), which is said here.
 */
export function TableEditor({
  store,
  catalog,
  readonly,
  kind = 'products',
}: {
  store: EditorStore;
  catalog: Catalog;
  readonly: boolean;
  kind?: TableEditorKind;
}) {
  const { t } = useTranslation('contentTools');
  const id = useId();
  const config = catalog[CONFIG[kind]];
  const columns = config.columns;
  const products = useMemo<Product[]>(
    () => listProducts(catalog).map((el) => el.properties as Product),
    [catalog],
  );
  const shown = useMemo(() => {
    if (kind === 'variants')
      return new Set(filledVariantColumns(columns, products, catalog.settings.language).map(columnId));
    const ctx = createRenderContext(catalog);
    return new Set(visibleColumns(columns, products, ctx).map(columnId));
  }, [catalog, columns, products, kind]);
  // In a variations table the title is the variant's (S / Sand), not the product's.
  const fieldTitle = (key: string) =>
    kind === 'variants' && key === 'title'
      ? t('table.variantTitle')
      : t(`table.fields.${key}`, { defaultValue: key });
  const choices = useMemo(
    () => columnChoices(products, fieldTitle).filter((c) => !columnProblem(columns, c)),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- fieldTitle follows t
    [products, columns, t, kind],
  );
  const [choice, setChoice] = useState('');
  const [customKey, setCustomKey] = useState('');
  const [customTitle, setCustomTitle] = useState('');
  const [problem, setProblem] = useState<ColumnProblem | null>(null);
  const [titles, setTitles] = useState<string[]>(columns.map((c) => c.title));
  useEffect(() => setTitles(columns.map((c) => c.title)), [columns]);

  const save = (next: TableColumn[]) => {
    if (next === columns) return;
    store.getState().dispatch({
      name: 'updateSettings',
      args: { fields: { [CONFIG[kind]]: { ...config, columns: next } } },
    });
  };
  const chosen = choices.find((c) => columnId(c) === choice) ?? choices[0];
  const addChosen = () => {
    if (!chosen) return;
    save(addColumn(columns, chosen));
    setChoice('');
  };
  const addCustom = () => {
    const column = { key: customKey, title: customTitle || customKey, is_custom: true, is_option: false };
    const p = columnProblem(columns, { ...column, key: column.key.trim(), title: column.title.trim() });
    setProblem(p);
    if (p) return;
    save(addColumn(columns, column));
    setCustomKey('');
    setCustomTitle('');
  };
  const kindOf = (c: TableColumn) =>
    c.is_custom ? t('table.kind.custom') : c.is_option ? t('table.kind.option') : fieldTitle(c.key);

  return (
    <section
      className="cb-table-editor"
      aria-labelledby={`${id}-title`}
      data-testid={kind === 'variants' ? 'variants-table-editor' : 'table-editor'}
    >
      <BlockStack gap="300">
        <Text as="h3" variant="headingSm" id={`${id}-title`}>
          {t(kind === 'variants' ? 'table.variantsTitle' : 'table.title')}
        </Text>
        <Text as="p" tone="subdued" variant="bodySm">
          {t(kind === 'variants' ? 'table.variantsHelp' : 'table.help')}
        </Text>
        {kind === 'variants' && columns.length === 0 ? (
          <Text as="p" variant="bodySm">
            {t('table.variantsNone')}
          </Text>
        ) : null}
        <ol className="cb-table-editor__columns">
          {columns.map((c, i) => (
            <li key={columnId(c)} className="cb-table-editor__column" data-testid="table-column">
              <div className="cb-table-editor__row">
                <div className="cb-table-editor__name">
                  <TextField
                    label={t('table.columnTitle', { n: i + 1 })}
                    labelHidden
                    value={titles[i] ?? c.title}
                    disabled={readonly}
                    autoComplete="off"
                    onChange={(v) => setTitles((all) => all.map((x, j) => (j === i ? v : x)))}
                    onBlur={() => save(renameColumn(columns, i, titles[i] ?? ''))}
                  />
                </div>
                <InlineStack gap="100" wrap={false}>
                  <Button
                    size="slim"
                    icon={ArrowUpIcon}
                    disabled={readonly || i === 0}
                    accessibilityLabel={t('table.moveUp', { title: c.title })}
                    onClick={() => save(moveColumn(columns, i, -1))}
                  />
                  <Button
                    size="slim"
                    icon={ArrowDownIcon}
                    disabled={readonly || i === columns.length - 1}
                    accessibilityLabel={t('table.moveDown', { title: c.title })}
                    onClick={() => save(moveColumn(columns, i, 1))}
                  />
                  <Button
                    size="slim"
                    icon={DeleteIcon}
                    tone="critical"
                    disabled={readonly}
                    accessibilityLabel={t('table.remove', { title: c.title })}
                    onClick={() => save(removeColumn(columns, i))}
                  />
                </InlineStack>
              </div>
              <InlineStack gap="200" blockAlign="center">
                <Text as="span" tone="subdued" variant="bodySm">
                  {kindOf(c)}
                </Text>
                {shown.has(columnId(c)) ? null : (
                  <Badge tone="attention" size="small">
                    {t('table.hidden')}
                  </Badge>
                )}
              </InlineStack>
            </li>
          ))}
        </ol>
        {choices.length ? (
          <div className="cb-table-editor__add">
            <Select
              label={t('table.addLabel')}
              options={choices.map((c) => ({
                value: columnId(c),
                label: c.source === 'field' ? c.title : `${c.title} (${t(`table.source.${c.source}`)})`,
              }))}
              value={chosen ? columnId(chosen) : ''}
              disabled={readonly}
              onChange={setChoice}
            />
            <Button disabled={readonly} onClick={addChosen}>
              {t('table.add')}
            </Button>
          </div>
        ) : null}
        <fieldset className="cb-table-editor__custom">
          <legend>{t('table.customLegend')}</legend>
          <TextField
            label={t('table.customKey')}
            helpText={t('table.customKeyHelp')}
            value={customKey}
            disabled={readonly}
            autoComplete="off"
            onChange={(v) => {
              setCustomKey(v);
              setProblem(null);
            }}
          />
          <TextField
            label={t('table.customTitle')}
            value={customTitle}
            disabled={readonly}
            autoComplete="off"
            onChange={(v) => {
              setCustomTitle(v);
              setProblem(null);
            }}
          />
          {problem ? <InlineError fieldID={`${id}-custom`} message={t(`table.problem.${problem}`)} /> : null}
          <div id={`${id}-custom`}>
            <Button disabled={readonly} onClick={addCustom}>
              {t('table.addCustom')}
            </Button>
          </div>
        </fieldset>
      </BlockStack>
    </section>
  );
}
