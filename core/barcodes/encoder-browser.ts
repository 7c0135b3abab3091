/**
 * The barcode encoder in the browser ("#barcode-encoder" under the "browser" condition, package.json
 * "imports"). bwip-js is most of a page's JavaScript (~350 KB gzipped) and few catalogs print barcodes, so
 * screens that draw pages (the editor, the preview) do not load it up front: the first barcode asked for
 * starts loading it and is an empty placeholder meanwhile; listeners hear when it is there and draw again.
 * Server renders use encoder.ts, so a page's HTML from the server already has its barcodes.
 */
import type * as Svg from './svg.ts';

type Encoder = Pick<typeof Svg, 'barcodeSvg' | 'qrCodeSvg'>;

let encoder: Encoder | null = null;
let loading: Promise<void> | null = null;
const listeners = new Set<() => void>();

/** What stands where a barcode goes until the encoder has loaded (a moment; the page then draws again). */
export const BARCODE_PENDING = '<span class="cb-barcode-pending" aria-hidden="true"></span>';

export function barcodeEncoderReady(): boolean {
  return encoder !== null;
}

/** Loads bwip-js once; a failed load (network) is tried again on the next barcode. */
export function loadBarcodeEncoder(): Promise<void> {
  loading ??= import('./svg.ts').then(
    (m) => {
      encoder = m;
      for (const listener of [...listeners]) listener();
    },
    (error: unknown) => {
      loading = null;
      throw error;
    },
  );
  return loading;
}

/** Calls `listener` when the encoder has loaded; returns the unsubscribe. */
export function onBarcodeEncoderReady(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

function pending(): string {
  loadBarcodeEncoder().catch(() => {});
  return BARCODE_PENDING;
}

export const encodeBarcode: typeof Svg.barcodeSvg = (...args) =>
  encoder ? encoder.barcodeSvg(...args) : pending();

export const encodeQrCode: typeof Svg.qrCodeSvg = (...args) =>
  encoder ? encoder.qrCodeSvg(...args) : pending();
