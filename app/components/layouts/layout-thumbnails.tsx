import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { layoutSampleCatalog } from '../../../core/builder/index.ts';
import { layoutTitleKey } from '../../../core/layouts/index.ts';
import type { PageLayout } from '../../../core/model/index.ts';
import { SAMPLE_LISTINGS } from '../../../core/site/index.ts';
import { useRenderContext } from '../catalogs/scaled-page.tsx';

/** A layout's name in the reader's language: the built-in layouts are translated, renamed and named ones kept as typed. */
export function useLayoutTitle(): (layout: Pick<PageLayout, '_id' | 'title'>) => string {
  const { t } = useTranslation('layouts');
  return (layout) => {
    const key = layoutTitleKey(layout);
    // A built-in layout keeps its translated name until someone renames it.
    if (!key || t(key, { lng: 'en', defaultValue: '' }) !== layout.title) return layout.title;
    return t(key);
  };
}

/**
 * Every layout as a real page filled with the sample products (core/builder layoutSampleCatalog), drawn by
 * core/render: page i of the context is layouts[i].
 */
export function useLayoutSamples(
  layouts: readonly PageLayout[],
  catalog?: Parameters<typeof layoutSampleCatalog>[0]['catalog'],
) {
  const { t, i18n } = useTranslation('layouts');
  const sample = useMemo(
    () =>
      layoutSampleCatalog({
        layouts,
        listings: SAMPLE_LISTINGS,
        title: t('manager.title'),
        catalog,
      }),
    [layouts, t, catalog],
  );
  return useRenderContext(sample, { language: i18n.language });
}
