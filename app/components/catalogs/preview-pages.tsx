import { ButtonGroup, Button, InlineStack, Text } from '@shopify/polaris';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageFormat } from '../../../core/constants.ts';
import type { Catalog } from '../../../core/model/index.ts';
import { CatalogStyles } from '../../../core/render/index.ts';
import { ScaledCatalogPage, useRenderContext } from './scaled-page.tsx';

/** Zoom levels: the width available, or a share of the printed size. */
const ZOOMS = ['fit', 0.5, 0.75, 1] as const;
type Zoom = (typeof ZOOMS)[number];

/** Room kept on each side of a page inside the preview pane, in CSS px. */
const GUTTER = 16;

/**
 * Every page of the catalog as it prints (SPEC §2.5 /preview): drawn by core/render at the chosen page size,
 * with the trial watermark on every page for trial accounts, scrollable and zoomable. Pages out of view are
 * skipped by the browser's layout (content-visibility), so a long catalog scrolls smoothly.
 */
export function PreviewPages({
  catalog,
  format,
  watermark,
}: {
  catalog: Catalog;
  format: PageFormat;
  watermark: boolean;
}) {
  const { t } = useTranslation('catalogs');
  const context = useRenderContext(catalog, { format, watermark });
  const pane = useRef<HTMLDivElement>(null);
  const [available, setAvailable] = useState(800);
  const [zoom, setZoom] = useState<Zoom>('fit');
  useEffect(() => {
    const el = pane.current;
    if (!el) return;
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setAvailable(Math.max(160, Math.floor(entry.contentRect.width) - 2 * GUTTER));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);
  const { widthPx, heightPx } = context.size;
  const width = Math.round(zoom === 'fit' ? Math.min(available, widthPx) : widthPx * zoom);
  const height = Math.round((heightPx * width) / widthPx);

  return (
    <section className="cb-preview" aria-label={t('preview.pagesLabel')}>
      <InlineStack align="space-between" blockAlign="center" gap="200">
        <Text as="h2" variant="headingMd">
          {t('preview.pages', { count: catalog.pages.length })}
        </Text>
        <ButtonGroup variant="segmented" noWrap>
          {ZOOMS.map((z) => (
            <Button key={String(z)} pressed={zoom === z} onClick={() => setZoom(z)} size="slim">
              {z === 'fit' ? t('preview.zoomFit') : `${Math.round(z * 100)} %`}
            </Button>
          ))}
        </ButtonGroup>
      </InlineStack>
      <CatalogStyles context={context} />
      <div ref={pane} className="cb-preview__pane" tabIndex={0} aria-label={t('preview.scrollLabel')}>
        <ol className="cb-preview__pages">
          {catalog.pages.map((page, i) => (
            <li
              key={page.id}
              className="cb-preview__page"
              style={{ containIntrinsicSize: `${width}px ${height + 28}px` }}
              data-landscape={context.size.landscape ? '' : undefined}
            >
              <ScaledCatalogPage context={context} pageIndex={i} width={width} withStyles={false} />
              <span className="cb-preview__number">{t('preview.pageNumber', { page: i + 1 })}</span>
            </li>
          ))}
        </ol>
      </div>
    </section>
  );
}
