import { useMemo, useSyncExternalStore } from 'react';
import { barcodeEncoderReady, onBarcodeEncoderReady } from '#barcode-encoder';
import type { Catalog } from '../../../core/model/index.ts';
import {
  CatalogPageView,
  CatalogStyles,
  createRenderContext,
  type RenderContext,
  type RenderOptions,
} from '../../../core/render/index.ts';

/**
 * Whether the browser has the barcode encoder (core/barcodes/encoder-browser.ts loads it on the first barcode
 * drawn). The server snapshot is false so hydration agrees; the server's HTML already has its barcodes.
 */
export function useBarcodeEncoderReady(): boolean {
  return useSyncExternalStore(onBarcodeEncoderReady, barcodeEncoderReady, () => false);
}

/**
 * A render context for a catalog shown in the app: screen mode, the options given. A new one when the barcode
 * encoder arrives, so pages drawn with barcode placeholders draw again with their barcodes.
 */
export function useRenderContext(catalog: Catalog, options: RenderOptions = {}): RenderContext {
  const { format, watermark, language } = options;
  const barcodes = useBarcodeEncoderReady();
  return useMemo(
    () => createRenderContext(catalog, { mode: 'screen', format, watermark, language }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- barcodes: the encoder is read inside captions
    [catalog, format, watermark, language, barcodes],
  );
}

/**
 * One catalog page drawn by core/render (the components the PDF prints), scaled to `width` CSS px. The page
 * keeps its printed size inside and is shrunk with a transform, so text, pictures and bands sit exactly where
 * they print. The stylesheet of the catalog comes with it unless `withStyles` is false (several pages of one
 * catalog share one).
 */
export function ScaledCatalogPage({
  context,
  pageIndex,
  width,
  withStyles = true,
}: {
  context: RenderContext;
  pageIndex: number;
  width: number;
  withStyles?: boolean;
}) {
  const { widthPx, heightPx } = context.size;
  const scale = width / widthPx;
  return (
    <div
      className="cb-scaled-page"
      style={{ width: `${width}px`, height: `${Math.round(heightPx * scale)}px` }}
      aria-hidden="true"
    >
      {withStyles ? <CatalogStyles context={context} /> : null}
      <div className="cb-scaled-page__inner" style={{ width: `${widthPx}px`, transform: `scale(${scale})` }}>
        <CatalogPageView catalog={context.catalog} pageIndex={pageIndex} context={context} />
      </div>
    </div>
  );
}
