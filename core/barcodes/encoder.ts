/**
 * The barcode encoder captions use, outside the browser: bwip-js loaded with the module, so the worker, the
 * CLI, the viewer's server and server renders always draw barcodes (the PDF never waits for one). Imported as
 * "#barcode-encoder" (package.json "imports"); browsers get encoder-browser.ts, the same functions loaded on
 * first use. Both answer the same calls with the same SVG once loaded (encoder.test.ts).
 */
import { barcodeSvg, qrCodeSvg } from './svg.ts';

export const encodeBarcode: typeof barcodeSvg = barcodeSvg;
export const encodeQrCode: typeof qrCodeSvg = qrCodeSvg;

/** Always true here: the encoder came with the module. */
export function barcodeEncoderReady(): boolean {
  return true;
}

export function loadBarcodeEncoder(): Promise<void> {
  return Promise.resolve();
}

/** Nothing to wait for here; the browser's version calls `listener` once bwip-js has loaded. */
export function onBarcodeEncoderReady(_listener: () => void): () => void {
  return () => {};
}
