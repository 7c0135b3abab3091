import { BlockStack, Button, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import { formatPrice, resolveLocale, usesVariantColumns } from '../../core/captions/index.ts';
import { cellAccepts } from '../../core/layouts/index.ts';
import { isProductElement, isVoidElement, type Cell } from '../../core/model/index.ts';
import type { PanelAccount } from '../components/listings-panel/index.ts';
import { BandEditor } from './band-editor.tsx';
import { BandSummary } from './band-summary.tsx';
import { CaptionEditor } from './caption-editor.tsx';
import { EditListing } from './edit-listing.tsx';
import { PictureTools } from './picture-tools.tsx';
import { ReplaceProduct } from './replace-product.tsx';
import { SvgEditor } from './svg-editor.tsx';
import { TableEditor } from './table-editor.tsx';
import { TemplatesPanel } from './templates-panel.tsx';
import { TextCellEditor } from './text-cell-editor.tsx';
import { addSummaryPages } from './arrange-panel.tsx';
import { FlowPagePanel } from './flow-page-panel.tsx';
import { emptyCellTakes } from './screen-rules.ts';
import { currentPageIndex, type EditorStore } from './store.ts';
import { useEditorState } from './use-editor.ts';

/** How to fill the chosen empty cell, by what it takes (a cell that takes neither is a text cell: products). */
const EMPTY_CELL_HINT = {
  both: 'sidebar.emptyCellHintBoth',
  products: 'sidebar.emptyCellHint',
  images: 'sidebar.emptyCellHintImages',
} as const;

/** Whether an empty cell may hold a drawing (SPEC §3 image/svg+xml): a cell that takes pictures. */
const takesDrawing = (cell: Cell | undefined) =>
  !!cell && !cell.read_only && cellAccepts(cell, 'image/svg+xml');

/**
 * The contextual right sidebar (SPEC §2.2): what can be done to what is selected — several pages (bulk actions),
 * a cell and its content, or else the current page. Every button is a named command, one undo step.
 */
export function SelectionSidebar({ store, accounts }: { store: EditorStore; accounts: PanelAccount[] }) {
  const { t } = useTranslation('editor');
  const { t: ta } = useTranslation('arrange');
  const catalog = useEditorState(store, (s) => s.catalog);
  const selection = useEditorState(store, (s) => s.selection);
  const band = useEditorState(store, (s) => s.band);
  const selectedPages = useEditorState(store, (s) => s.selectedPages);
  const readonly = useEditorState(store, (s) => s.readonly);
  const pageIndex = useEditorState(store, currentPageIndex);
  const dispatch = store.getState().dispatch;
  const page = catalog.pages[pageIndex];
  const summaries = (
    <BlockStack gap="100">
      <Button disabled={readonly} onClick={() => addSummaryPages(store, ta)}>
        {t('sidebar.addSummaries')}
      </Button>
      <Text as="p" tone="subdued" variant="bodySm">
        {t('sidebar.addSummariesHelp')}
      </Text>
    </BlockStack>
  );

  let body;
  if (band && page && band.pageId === page.id && selectedPages.length <= 1) {
    body = (
      <BandEditor
        store={store}
        page={page}
        pageIndex={pageIndex}
        which={band.which}
        fonts={catalog.fonts.map((f) => f.family)}
        readonly={readonly}
      />
    );
  } else if (selectedPages.length > 1) {
    body = (
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('sidebar.pagesSelected', { count: selectedPages.length })}
        </Text>
        {summaries}
        <Button
          tone="critical"
          disabled={readonly}
          onClick={() => dispatch({ name: 'removePages', args: { pageIds: selectedPages } })}
        >
          {t('page.removeSelected', { count: selectedPages.length })}
        </Button>
      </BlockStack>
    );
  } else if (selection && page && selection.pageId === page.id) {
    const element = page.elements[selection.index];
    const cell = selection.index + 1;
    if (!element || isVoidElement(element)) {
      body = (
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t('sidebar.emptyCell', { cell })}
          </Text>
          <Text as="p" tone="subdued">
            {t(
              EMPTY_CELL_HINT[
                emptyCellTakes(page.layout.cells[selection.index] ?? { accepts: [] }) ?? 'products'
              ],
            )}
          </Text>
          {page.kind !== 'flow' && takesDrawing(page.layout.cells[selection.index]) ? (
            <SvgEditor
              store={store}
              pageId={page.id}
              elementIndex={selection.index}
              svg=""
              shapes={[]}
              readonly={readonly}
            />
          ) : null}
        </BlockStack>
      );
    } else {
      const product = isProductElement(element) ? element.properties : null;
      body = (
        <BlockStack gap="300">
          <Text as="h2" variant="headingMd">
            {product ? product.title : t(element.type.startsWith('image/') ? 'cell.image' : 'cell.text')}
          </Text>
          {product ? (
            <dl className="cb-sidebar-facts">
              {product.price != null ? (
                <>
                  <dt>{t('sidebar.price')}</dt>
                  {/* As the page's [PRICE_FULL] prints it: the product's currency, the catalog's language. */}
                  <dd>
                    {formatPrice(
                      product.price,
                      product.iso_currency_code,
                      resolveLocale(catalog.settings.language),
                      'full',
                    )}
                  </dd>
                </>
              ) : null}
              {product.sku ? (
                <>
                  <dt>{t('sidebar.sku')}</dt>
                  <dd>{product.sku}</dd>
                </>
              ) : null}
              {product.category ? (
                <>
                  <dt>{t('sidebar.category')}</dt>
                  <dd>{product.category}</dd>
                </>
              ) : null}
            </dl>
          ) : null}
          <Text as="p" tone="subdued">
            {t('sidebar.cellOf', { cell, page: pageIndex + 1 })}
          </Text>
          {isProductElement(element) ? (
            <EditListing store={store} product={element.properties} accounts={accounts} readonly={readonly} />
          ) : null}
          {isProductElement(element) || element.type.startsWith('image/') ? (
            <PictureTools
              store={store}
              catalog={catalog}
              pageId={page.id}
              elementIndex={selection.index}
              element={element}
              readonly={readonly}
            />
          ) : null}
          {isProductElement(element) ? (
            <>
              <ReplaceProduct
                store={store}
                pageId={page.id}
                elementId={element.id}
                title={element.properties.title}
                accounts={accounts}
                readonly={readonly}
              />
              <CaptionEditor
                store={store}
                pageId={page.id}
                elementIndex={selection.index}
                element={element}
                catalogTemplate={catalog.priceTemplate}
                readonly={readonly}
              />
              {usesVariantColumns(element.price_template ?? catalog.priceTemplate) ||
              usesVariantColumns(element.description_template ?? catalog.descriptionTemplate) ? (
                <TableEditor store={store} catalog={catalog} readonly={readonly} kind="variants" />
              ) : null}
            </>
          ) : element.type === 'image/svg+xml' ? (
            <SvgEditor
              store={store}
              pageId={page.id}
              elementIndex={selection.index}
              svg={String(element.properties.svg ?? '')}
              shapes={element.properties.shapes}
              readonly={readonly}
            />
          ) : element.type === 'application/table' ? (
            <TableEditor store={store} catalog={catalog} readonly={readonly} />
          ) : element.type === 'text/html' ? (
            <TextCellEditor
              store={store}
              pageId={page.id}
              elementIndex={selection.index}
              html={String(element.properties.html ?? '')}
              fonts={catalog.fonts.map((f) => f.family)}
              readonly={readonly}
            />
          ) : null}
          <Button
            tone="critical"
            disabled={readonly}
            onClick={() =>
              dispatch({ name: 'removeElement', args: { pageId: page.id, elementIndex: selection.index } })
            }
          >
            {t('cell.remove')}
          </Button>
        </BlockStack>
      );
    }
  } else if (page) {
    body = (
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd">
          {t('screen.thumbnail', { page: pageIndex + 1 })}
        </Text>
        {page.kind === 'flow' ? (
          <FlowPagePanel store={store} page={page} readonly={readonly} />
        ) : (
          <Text as="p" tone="subdued">
            {t('sidebar.layout', { layout: page.layout.title })}
          </Text>
        )}
        {page.kind === 'table' ? <TableEditor store={store} catalog={catalog} readonly={readonly} /> : null}
        <BandSummary store={store} page={page} catalog={catalog} />
        {summaries}
      </BlockStack>
    );
  } else return null;

  return (
    <aside className="cb-editor-context" aria-label={t('sidebar.label')} data-testid="context-sidebar">
      {body}
      {selectedPages.length > 1 || band ? null : <TemplatesPanel store={store} readonly={readonly} />}
    </aside>
  );
}
