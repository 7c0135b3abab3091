import { BlockStack, Button, InlineStack } from '@shopify/polaris';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { POPULAR_FONTS } from '../../core/constants.ts';
import { CATALOG_TITLE_PLACEHOLDER, PAGE_NUMBER_TOKEN } from '../../core/render/index.ts';
import { sanitizeHtml } from '../../core/sanitize/index.ts';
import { RichTextEditor } from '../components/rich-text/index.ts';
import type { EditorStore } from './store.ts';

/**
 * A text cell's words (a cover's title, a full-text page, any text cell), edited as they print with the rich-text
 * editor: the page number and the catalog title as chips, the catalog's fonts offered, an HTML view kept.
 * Applied as one `setElementHtml` command, sanitized.
 */
export function TextCellEditor({
  store,
  pageId,
  elementIndex,
  html,
  fonts,
  readonly,
}: {
  store: EditorStore;
  pageId: string;
  elementIndex: number;
  html: string;
  /** The catalog's own font families; the bundled fonts are offered after them. */
  fonts: string[];
  readonly: boolean;
}) {
  const { t } = useTranslation('editorText');
  const [draft, setDraft] = useState(html);
  useEffect(() => setDraft(html), [pageId, elementIndex, html]);
  const tokens = useMemo(
    () => [
      { token: PAGE_NUMBER_TOKEN, label: t('field.tokens.pageNumber') },
      { token: CATALOG_TITLE_PLACEHOLDER, label: t('field.tokens.catalogTitle') },
    ],
    [t],
  );
  const fontChoices = useMemo(() => [...new Set([...fonts, ...POPULAR_FONTS])], [fonts]);
  const apply = () => {
    const safe = sanitizeHtml(draft);
    store.getState().dispatch({ name: 'setElementHtml', args: { pageId, elementIndex, html: safe } });
    setDraft(safe);
  };
  return (
    <BlockStack gap="200">
      <RichTextEditor
        label={t('textCell.title')}
        initialHtml={html}
        onChange={setDraft}
        tokens={tokens}
        fonts={fontChoices}
        readonly={readonly}
        testId="text-cell-editor"
      />
      <InlineStack gap="200">
        <Button variant="primary" disabled={readonly || draft === html} onClick={apply}>
          {t('textCell.apply')}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
