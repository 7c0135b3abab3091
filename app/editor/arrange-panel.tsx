import {
  BlockStack,
  Button,
  Checkbox,
  ChoiceList,
  Divider,
  InlineStack,
  Select,
  Text,
} from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SORT_KEYS, type SortKey } from '../../core/commands/index.ts';
import type { EditorStore } from './store.ts';
import { useEditorState } from './use-editor.ts';

const summaryCount = (pages: { kind: string }[]) => pages.filter((p) => p.kind === 'summary').length;

/**
 * The summary-pages bulk action (SPEC §5, the selection sidebar's button): one command, then a notice of how
 * many pages it added, or why it added none.
 */
export function addSummaryPages(store: EditorStore, t: (key: string, o?: Record<string, unknown>) => string) {
  const s = store.getState();
  const before = summaryCount(s.catalog.pages);
  const { changed } = s.dispatch({ name: 'addSummaryPages', args: {} });
  const added = summaryCount(store.getState().catalog.pages) - before;
  if (changed && added > 0) s.notify('success', t('summary.added', { count: added }));
  else s.notify('info', t('summary.none'));
}

/**
 * The arrange tab (SPEC §3 settings layout, automaticMode, reorganize_automatically; §4 'Flow pages' and
 * 'Automatic page layout'): how products are placed and a sort.
 * Each control is one command, so one undo step, saved like any other change.
 */
export function ArrangePanel({ store, readonly }: { store: EditorStore; readonly: boolean }) {
  const { t } = useTranslation('arrange');
  const settings = useEditorState(store, (s) => s.catalog.settings);
  const [by, setBy] = useState<SortKey>('title');
  const s = () => store.getState();
  const flow = settings.layout === 'flow';

  const sort = () => {
    if (s().dispatch({ name: 'sortProducts', args: { by } }).changed)
      s().notify('success', t('sort.done', { by: t(`sort.keys.${by}`) }));
  };

  return (
    <BlockStack gap="400">
      <Text as="h2" variant="headingMd">
        {t('title')}
      </Text>
      <ChoiceList
        title={t('layout.label')}
        disabled={readonly}
        choices={[
          { label: t('layout.grid'), value: 'grid', helpText: t('layout.gridHelp') },
          { label: t('layout.flow'), value: 'flow', helpText: t('layout.flowHelp') },
        ]}
        selected={[flow ? 'flow' : 'grid']}
        onChange={([value]) =>
          s().dispatch({ name: 'setArrangement', args: { layout: value === 'flow' ? 'flow' : 'grid' } })
        }
      />
      <BlockStack gap="100">
        <InlineStack>
          <Button
            disabled={readonly}
            onClick={() => s().dispatch({ name: 'addFlowPage', args: { afterPageId: s().currentPageId } })}
          >
            {t('layout.addFlowPage')}
          </Button>
        </InlineStack>
        <Text as="p" tone="subdued" variant="bodySm">
          {t('layout.addFlowPageHelp')}
        </Text>
      </BlockStack>
      <Divider />
      <Text as="h3" variant="headingSm">
        {t('automatic.title')}
      </Text>
      <Checkbox
        label={t('automatic.mode')}
        disabled={readonly}
        checked={settings.automaticMode}
        onChange={(checked) => s().dispatch({ name: 'setArrangement', args: { automaticMode: checked } })}
        helpText={t('automatic.modeHelp')}
      />
      <Checkbox
        label={t('automatic.reorganize')}
        disabled={readonly}
        checked={settings.reorganize_automatically}
        onChange={(checked) => s().dispatch({ name: 'setArrangement', args: { reorganize: checked } })}
        helpText={t('automatic.reorganizeHelp')}
      />
      <BlockStack gap="200">
        <Select
          label={t('sort.label')}
          disabled={readonly}
          options={SORT_KEYS.map((key) => ({ label: t(`sort.keys.${key}`), value: key }))}
          value={by}
          onChange={(value) => setBy(value as SortKey)}
          helpText={t('sort.help')}
        />
        <InlineStack>
          <Button disabled={readonly} onClick={sort}>
            {t('sort.action')}
          </Button>
        </InlineStack>
      </BlockStack>
    </BlockStack>
  );
}
