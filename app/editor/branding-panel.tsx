import { BlockStack, Checkbox, Select, Text, TextField } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_FLOW_COLUMNS, PAGE_FORMAT_NAMES, PRODUCTS_PER_PAGE_CHOICES } from '../../core/constants.ts';
import { LANGUAGES } from '../../core/i18n/index.ts';
import type { CatalogSettings } from '../../core/model/index.ts';
import { CssPanel, ThemeEditor, type BrandGates } from './brand-panels.tsx';
import { CatalogImagesStyle } from './picture-tools.tsx';
import type { EditorStore } from './store.ts';
import { useEditorState } from './use-editor.ts';

const FLOW_COLUMNS = [1, 2, 3, 4, 5, 6];

export type { BrandGates } from './brand-panels.tsx';

/**
 * The branding tab: the catalog's settings (SPEC §3), then its brand: the theme editor (colours, fonts, type scale,
 * page border) and the CSS panel (brand-panels.tsx). Each change is one `updateSettings` command, so one undo
 * step, saved with the catalog's fields.
 */
export function BrandingPanel({
  store,
  readonly,
  gates,
}: {
  store: EditorStore;
  readonly: boolean;
  gates: BrandGates;
}) {
  const { t } = useTranslation('editor');
  const settings = useEditorState(store, (s) => s.catalog.settings);
  const footer = useEditorState(store, (s) => s.catalog.default_footer);
  const [draftFooter, setDraftFooter] = useState(footer);
  // Undo, redo or another editor's save change the footer: the field shows it.
  useEffect(() => setDraftFooter(footer), [footer]);
  const set = (changes: Partial<CatalogSettings>) =>
    store.getState().dispatch({ name: 'updateSettings', args: { settings: changes } });
  const commitFooter = () => {
    if (draftFooter !== footer)
      store
        .getState()
        .dispatch({ name: 'updateSettings', args: { fields: { default_footer: draftFooter } } });
  };
  const number = (value: string) => Number.parseInt(value, 10);

  return (
    <BlockStack gap="400">
      <Text as="h2" variant="headingMd">
        {t('branding.title')}
      </Text>
      <Select
        label={t('branding.pageFormat')}
        disabled={readonly}
        options={[
          { label: t('branding.pageFormatAccount'), value: '' },
          ...PAGE_FORMAT_NAMES.map((name) => ({ label: t(`branding.formats.${name}`), value: name })),
        ]}
        value={settings.page_format ?? ''}
        onChange={(value) => set({ page_format: value || null })}
        helpText={t('branding.pageFormatHelp')}
      />
      <Select
        label={t('branding.productsPerPage')}
        disabled={readonly}
        options={PRODUCTS_PER_PAGE_CHOICES.map((n) => ({ label: String(n), value: String(n) }))}
        value={String(settings.nbProductsPage)}
        onChange={(value) => set({ nbProductsPage: number(value) })}
        helpText={t('branding.productsPerPageHelp')}
      />
      <Select
        label={t('branding.flowColumns')}
        disabled={readonly}
        options={FLOW_COLUMNS.map((n) => ({ label: String(n), value: String(n) }))}
        value={String(settings.flow_layout_columns ?? DEFAULT_FLOW_COLUMNS)}
        onChange={(value) => set({ flow_layout_columns: number(value) })}
      />
      <Select
        label={t('branding.language')}
        disabled={readonly}
        options={LANGUAGES.map((lang) => ({ label: t(`branding.languages.${lang}`), value: lang }))}
        value={(LANGUAGES as readonly string[]).includes(settings.language) ? settings.language : 'en'}
        onChange={(value) => set({ language: value })}
        helpText={t('branding.languageHelp')}
      />
      <Checkbox
        label={t('branding.showDescription')}
        disabled={readonly}
        checked={settings.showDescription}
        onChange={(checked) => set({ showDescription: checked })}
      />
      <Checkbox
        label={t('branding.cropImages')}
        disabled={readonly}
        checked={settings.cropImages}
        onChange={(checked) => set({ cropImages: checked })}
        helpText={t('branding.cropImagesHelp')}
      />
      <CatalogImagesStyle store={store} readonly={readonly} />
      <div onBlur={commitFooter}>
        <TextField
          label={t('branding.defaultFooter')}
          disabled={readonly}
          value={draftFooter}
          onChange={setDraftFooter}
          multiline={2}
          autoComplete="off"
          helpText={t('branding.defaultFooterHelp')}
        />
      </div>
      <ThemeEditor store={store} readonly={readonly} gates={gates} />
      <CssPanel store={store} readonly={readonly} gates={gates} />
    </BlockStack>
  );
}
