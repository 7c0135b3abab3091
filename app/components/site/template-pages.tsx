import { useTranslation } from 'react-i18next';
import type { Catalog } from '../../../core/model/index.ts';
import { useRenderContext, ScaledCatalogPage } from '../catalogs/scaled-page.tsx';
import { CatalogStyles } from '../../../core/render/index.ts';

/** A template's pages as core/render draws them (what the PDF prints), the first one larger. */
export function TemplatePages({ catalog, lang }: { catalog: Catalog; lang: string }) {
  const { t } = useTranslation('site');
  const context = useRenderContext(catalog, { language: lang });
  const total = catalog.pages.length;
  return (
    <>
      <CatalogStyles context={context} />
      <ol className="cb-template-pages">
        {catalog.pages.map((page, i) => (
          <li key={page.id ?? i} className="cb-template-pages__page">
            <ScaledCatalogPage context={context} pageIndex={i} width={320} withStyles={false} />
            <span className="cb-template-pages__label">{t('template.pageLabel', { n: i + 1, total })}</span>
          </li>
        ))}
      </ol>
    </>
  );
}
