import { BlockStack, Button, InlineStack, Select, Text } from '@shopify/polaris';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { captionKeywords, type CaptionKeyword } from '../../core/captions/index.ts';
import type { ProductElement } from '../../core/model/index.ts';
import type { EditorStore } from './store.ts';
import type { RichTextControls } from '../components/rich-text/index.ts';
import { TemplateRichField } from './template-rich-field.tsx';

/**
 * A product element's caption (SPEC §5 'Caption and description tokens'): its template edited as it will look in
 * the rich-text editor, tokens as chips (issue 25 §4), checked as it is typed (unknown tokens underlined with a
 * suggestion), a picker of the tokens the product can fill (metafields only of the value types captions print)
 * that puts a chip at the caret, applied as one step.
 */
export function CaptionEditor({
  store,
  pageId,
  elementIndex,
  element,
  catalogTemplate,
  readonly,
}: {
  store: EditorStore;
  pageId: string;
  elementIndex: number;
  element: ProductElement;
  catalogTemplate: string;
  readonly: boolean;
}) {
  const { t, i18n } = useTranslation('editorText');
  const id = useId();
  const saved = element.price_template ?? catalogTemplate;
  const [draft, setDraft] = useState(saved);
  const field = useRef<RichTextControls>(null);
  const keywords = useMemo(
    () => captionKeywords(element.properties, i18n.language),
    [element.properties, i18n.language],
  );
  const [token, setToken] = useState(keywords[0]?.keyword ?? '');

  // Another element, or its caption changed by undo or another tab: show what it is now.
  useEffect(() => setDraft(saved), [element.id, saved]);

  const groups = useMemo(() => {
    const by = new Map<CaptionKeyword['group'], CaptionKeyword[]>();
    for (const k of keywords) by.set(k.group, [...(by.get(k.group) ?? []), k]);
    return [...by].map(([group, list]) => ({
      title: t(`caption.groups.${group}`),
      options: list.map((k) => ({ label: `${k.keyword} — ${k.label}`, value: k.keyword })),
    }));
  }, [keywords, t]);

  // The editor keeps its caret while the picker has the focus: the chip goes where the merchant was writing.
  const insert = () => {
    if (token) field.current?.insertToken(token);
  };
  const dispatch = (template: string | null) =>
    store.getState().dispatch({ name: 'setCaptionTemplate', args: { pageId, elementIndex, template } });

  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {t('caption.title')}
      </Text>
      <TemplateRichField
        id={`${id}-template`}
        label={t('caption.template')}
        controls={field}
        value={draft}
        disabled={readonly}
        help={t('caption.help')}
        onChange={setDraft}
      />
      <div className="cb-token-picker">
        <Select
          label={t('caption.token')}
          options={groups}
          value={token}
          onChange={setToken}
          disabled={readonly}
        />
        <Button onClick={insert} disabled={readonly || !token}>
          {t('caption.insert')}
        </Button>
      </div>
      <InlineStack gap="200">
        <Button variant="primary" disabled={readonly || draft === saved} onClick={() => dispatch(draft)}>
          {t('caption.apply')}
        </Button>
        {element.price_template !== null ? (
          <Button disabled={readonly} onClick={() => dispatch(null)}>
            {t('caption.useCatalog')}
          </Button>
        ) : null}
      </InlineStack>
    </BlockStack>
  );
}
