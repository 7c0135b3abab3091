import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openLoopbackTrap, trapCatalog } from '../scripts/testing/loopback-trap.ts';
import { decodeSymbols, pdfInfo, pdfText, qpdfCheck } from '../scripts/testing/pdf-tools.ts';
import {
  CODES_CAPTION,
  sampleCatalog,
  sampleEan13,
  sampleProductImage,
} from '../scripts/testing/sample-catalog.ts';
import { runCli, tempDir } from './test-support.ts';

let trap: Awaited<ReturnType<typeof openLoopbackTrap>>;
beforeAll(async () => {
  trap = await openLoopbackTrap();
});
afterAll(() => trap?.close());

describe('catalog render --out file.pdf', () => {
  it('prints a catalog file with its local pictures to a PDF in the chosen format', async () => {
    const dir = tempDir();
    for (let i = 0; i < 10; i++) writeFileSync(path.join(dir, `p${i}.jpg`), await sampleProductImage(i, 900));
    const json = path.join(dir, 'catalog.json');
    const catalog = sampleCatalog({ products: 10, imageUrl: (i) => `p${i}.jpg`, caption: CODES_CAPTION });
    writeFileSync(json, JSON.stringify(catalog));
    const out = path.join(dir, 'out', 'catalog.pdf');

    const run = await runCli(['render', json, '--out', out, '--format', 'Letter', '--watermark']);
    expect(run).toEqual({
      status: 0,
      stdout: `Rendered ${out}: 2 pages (Letter, print quality)\n`,
      stderr: '',
    });
    const pdf = readFileSync(out);
    expect(qpdfCheck(pdf).ok).toBe(true);
    const info = pdfInfo(pdf);
    expect(info.pages).toBe(2);
    expect(info.widthPt).toBeCloseTo(612.3, 0);
    expect(info.heightPt).toBeCloseTo(790.9, 0);
    expect(pdfText(pdf)).toContain('Leather Tote 3');
    expect(pdfText(pdf, { raw: true }).replace(/\s+/g, '')).toContain('PLEASEUPGRADETOREMOVETHISWATERMARK');
    const symbols = decodeSymbols(pdf, { first: 2, last: 2 });
    expect(symbols).toContain(`EAN-13:${sampleEan13(9)}`);
    expect(symbols).toContain('QR-Code:https://shop.example.com/products/p9');
  });

  it('never lets Chromium reach an address the catalog names, in any spelling of loopback', async () => {
    // Pictures, rich-text <img>, CSS url() and a font on this machine: the guarded fetcher refuses them
    // (the CLI allows no private address), and Chromium, which prints the file, must not reach them either.
    const dir = tempDir();
    const json = path.join(dir, 'catalog.json');
    writeFileSync(json, JSON.stringify(trapCatalog(trap.port)));
    const out = path.join(dir, 'catalog.pdf');

    const run = await runCli(['render', json, '--out', out]);
    expect(run.stderr).toBe('');
    expect(run.status).toBe(0);
    expect(run.stdout).toMatch(/^Rendered .*: 3 pages \(A4, print quality/);
    expect(qpdfCheck(readFileSync(out)).ok).toBe(true);
    expect(trap.connections).toEqual([]);
  });

  it('refuses an unknown quality with exit status 2', async () => {
    const run = await runCli(['render', 'x.json', '--out', 'x.pdf', '--quality', 'best']);
    expect(run).toEqual({
      status: 2,
      stdout: '',
      stderr: 'catalog render: unknown quality "best" (qualities: print, screen)\n',
    });
  });
});
