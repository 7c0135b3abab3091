import { BlockStack, Button, InlineStack, Text } from '@shopify/polaris';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PAGE_NUMBER_TOKEN } from '../../core/render/index.ts';
import { sanitizeHtml } from '../../core/sanitize/index.ts';
import type { EditorStore } from './store.ts';

/** A text cell's HTML, edited as written and sanitized when applied; PAGE_NUMBER prints the page's number. */
export function TextCellEditor({
  store,
  pageId,
  elementIndex,
  html,
  readonly,
}: {
  store: EditorStore;
  pageId: string;
  elementIndex: number;
  html: string;
  readonly: boolean;
}) {
  const { t } = useTranslation('editorText');
  const id = useId();
  const [draft, setDraft] = useState(html);
  useEffect(() => setDraft(html), [pageId, elementIndex, html]);
  const apply = () => {
    const safe = sanitizeHtml(draft);
    store.getState().dispatch({ name: 'setElementHtml', args: { pageId, elementIndex, html: safe } });
    setDraft(safe);
  };
  return (
    <BlockStack gap="200">
      <label htmlFor={`${id}-html`} className="cb-field-label">
        {t('textCell.html')}
      </label>
      <textarea
        id={`${id}-html`}
        className="cb-code-field"
        rows={6}
        value={draft}
        disabled={readonly}
        aria-describedby={`${id}-help`}
        data-testid="text-cell-html"
        onChange={(e) => setDraft(e.target.value)}
      />
      <Text as="p" tone="subdued" variant="bodySm" id={`${id}-help`}>
        {t('textCell.help')}
      </Text>
      <InlineStack gap="200">
        <Button disabled={readonly} onClick={() => setDraft((d) => `${d}${PAGE_NUMBER_TOKEN}`)}>
          {t('field.pageNumber')}
        </Button>
        <Button variant="primary" disabled={readonly || draft === html} onClick={apply}>
          {t('textCell.apply')}
        </Button>
      </InlineStack>
    </BlockStack>
  );
}
