import { describe, expect, it } from 'vitest';
import * as browser from './encoder-browser.ts';
import * as server from './encoder.ts';
import { barcodeSvg, qrCodeSvg } from './svg.ts';

describe('the barcode encoder outside the browser', () => {
  it('is ready with the module and draws what core/barcodes draws', () => {
    expect(server.barcodeEncoderReady()).toBe(true);
    expect(server.encodeBarcode('5901234123457', 'ean13', { moduleSize: 0.33 })).toBe(
      barcodeSvg('5901234123457', 'ean13', { moduleSize: 0.33 }),
    );
    expect(server.encodeQrCode('https://shop.example.com/p', { moduleSize: 0.5 })).toBe(
      qrCodeSvg('https://shop.example.com/p', { moduleSize: 0.5 }),
    );
  });
});

describe('the barcode encoder in the browser', () => {
  it('answers a placeholder until bwip-js has loaded, tells listeners, then draws the same SVG', async () => {
    expect(browser.barcodeEncoderReady()).toBe(false);
    let told = 0;
    const stop = browser.onBarcodeEncoderReady(() => told++);
    const ready = new Promise<void>((resolve) => browser.onBarcodeEncoderReady(resolve));
    // Asking for a barcode is what starts the load.
    expect(browser.encodeBarcode('590123412345', 'code128', { moduleSize: 0.33 })).toBe(
      browser.BARCODE_PENDING,
    );
    expect(browser.encodeQrCode('https://shop.example.com/p')).toBe(browser.BARCODE_PENDING);
    await ready;
    stop();
    expect(told).toBe(1);
    expect(browser.barcodeEncoderReady()).toBe(true);
    expect(browser.encodeBarcode('590123412345', 'code128', { moduleSize: 0.33 })).toBe(
      server.encodeBarcode('590123412345', 'code128', { moduleSize: 0.33 }),
    );
    expect(browser.encodeQrCode('https://shop.example.com/p', { moduleSize: 0.5 })).toBe(
      server.encodeQrCode('https://shop.example.com/p', { moduleSize: 0.5 }),
    );
    await browser.loadBarcodeEncoder();
    expect(told).toBe(1);
  });
});
