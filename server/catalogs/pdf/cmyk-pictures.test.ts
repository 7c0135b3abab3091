import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfImages, pdfJpegs, qpdfCheck, rasterPage } from '../../../scripts/testing/pdf-tools.ts';
import { convertPicturesToCmyk } from './cmyk-pictures.server.ts';
import { bundledProfilePath, outputIntent } from './icc-profile.server.ts';
import { finishPrintPdf } from './print-finish.server.ts';
import { NO_MARKS } from './print-prolog.ts';

// Issue 28, the PDF/X export's speed: RGB JPEG pictures are converted to the output profile's CMYK by libvips
// before Ghostscript, which then passes them through instead of converting them pixel by pixel.
const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-cmyk-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const RED = { r: 200, g: 40, b: 40 };
const BLUE = { r: 40, g: 60, b: 200 };

/**
 * A one-page PDF (288 × 144 pt) as Chromium writes pictures: an RGB JPEG on the left half (its colour space an
 * ICC profile of 3 components) and a Flate-compressed RGB picture (a PNG's kind) on the right.
 */
async function writePdf(name: string): Promise<string> {
  const jpeg = await sharp({ create: { width: 64, height: 64, channels: 3, background: RED } })
    .jpeg({ quality: 90 })
    .toBuffer();
  const raw = Buffer.alloc(64 * 64 * 3);
  for (let i = 0; i < raw.length; i += 3) raw.set([BLUE.r, BLUE.g, BLUE.b], i);
  const flate = deflateSync(raw);
  const srgb = readFileSync(SRGB_PROFILE);
  const content = 'q 144 0 0 144 0 0 cm /Im1 Do Q q 144 0 0 144 144 0 cm /Im2 Do Q';
  const objects: (string | Buffer)[][] = [];
  objects[1] = ['<< /Type /Catalog /Pages 2 0 R >>'];
  objects[2] = ['<< /Type /Pages /Kids [3 0 R] /Count 1 >>'];
  objects[3] = [
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 288 144] /Resources << /XObject << /Im1 5 0 R /Im2 6 0 R >> >> /Contents 4 0 R >>',
  ];
  objects[4] = [`<< /Length ${content.length} >>\nstream\n${content}\nendstream`];
  objects[5] = [
    `<< /Type /XObject /Subtype /Image /Width 64 /Height 64 /BitsPerComponent 8 /ColorSpace [/ICCBased 7 0 R] /Filter /DCTDecode /Length ${jpeg.length} >>\nstream\n`,
    jpeg,
    '\nendstream',
  ];
  objects[6] = [
    `<< /Type /XObject /Subtype /Image /Width 64 /Height 64 /BitsPerComponent 8 /ColorSpace /DeviceRGB /Filter /FlateDecode /Length ${flate.length} >>\nstream\n`,
    flate,
    '\nendstream',
  ];
  objects[7] = [`<< /N 3 /Length ${srgb.length} >>\nstream\n`, srgb, '\nendstream'];
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n')];
  let size = chunks[0]!.length;
  const offsets: number[] = [];
  const push = (b: string | Buffer) => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    chunks.push(buf);
    size += buf.length;
  };
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = size;
    push(`${id} 0 obj\n`);
    for (const part of objects[id]!) push(part);
    push('\nendobj\n');
  }
  const xref = size;
  push(`xref\n0 ${objects.length}\n0000000000 65535 f \n`);
  for (let id = 1; id < objects.length; id++) push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

/** An sRGB ICC profile (the one Debian's Ghostscript ships): what Chromium tags its pictures with. */
const SRGB_PROFILE = '/usr/share/color/icc/ghostscript/default_rgb.icc';

/** The colour at the middle of a half of the page, rendered by pdftoppm. */
function colourAt(pdf: Buffer, half: 0 | 1) {
  const page = rasterPage(pdf, 1, 36);
  const x = Math.round(page.width * (half ? 0.75 : 0.25));
  const y = Math.round(page.height / 2);
  const i = (y * page.width + x) * 3;
  return { r: page.rgb[i]!, g: page.rgb[i + 1]!, b: page.rgb[i + 2]! };
}
const near = (a: { r: number; g: number; b: number }, b: { r: number; g: number; b: number }, by: number) =>
  Math.abs(a.r - b.r) <= by && Math.abs(a.g - b.g) <= by && Math.abs(a.b - b.b) <= by;

describe('pictures converted to CMYK before Ghostscript', () => {
  let converted: Buffer | undefined;
  it('turns an RGB JPEG into a CMYK JPEG of the same colour, and leaves other pictures alone', async () => {
    const input = await writePdf('rgb.pdf');
    const output = path.join(dir, 'cmyk.pdf');
    const work = mkdtempSync(path.join(dir, 'w-'));
    const report = await convertPicturesToCmyk({
      input,
      output,
      profile: bundledProfilePath(),
      jpegQuality: 90,
      workDir: work,
    });
    expect(report).toEqual({ converted: 1, left: 1 });
    const pdf = readFileSync(output);
    expect(qpdfCheck(pdf).ok).toBe(true);
    const images = pdfImages(pdf);
    expect(images.map((i) => [i.color, i.comp, i.enc])).toEqual([
      ['cmyk', 4, 'jpeg'],
      ['rgb', 3, 'image'],
    ]);
    // The colour survives the trip through the print profile (and the inverted Adobe CMYK is read right).
    const before = readFileSync(input);
    expect(near(colourAt(before, 0), RED, 12)).toBe(true);
    const red = colourAt(pdf, 0);
    expect(near(red, RED, 40), JSON.stringify(red)).toBe(true);
    expect(near(colourAt(pdf, 1), BLUE, 12)).toBe(true);
    converted = pdfJpegs(pdf)[0];
  });

  it('writes nothing when there is no RGB JPEG to convert', async () => {
    const input = await writePdf('again.pdf');
    const once = path.join(dir, 'once.pdf');
    await convertPicturesToCmyk({
      input,
      output: once,
      profile: bundledProfilePath(),
      jpegQuality: 90,
      workDir: mkdtempSync(path.join(dir, 'w-')),
    });
    const twice = path.join(dir, 'twice.pdf');
    const report = await convertPicturesToCmyk({
      input: once,
      output: twice,
      profile: bundledProfilePath(),
      jpegQuality: 90,
      workDir: mkdtempSync(path.join(dir, 'w-')),
    });
    expect(report).toEqual({ converted: 0, left: 2 });
    expect(() => readFileSync(twice)).toThrow();
  });

  it('lets Ghostscript pass the converted JPEG through: only CMYK pictures in the PDF/X, the JPEG unchanged', async () => {
    const input = await writePdf('finish.pdf');
    const output = path.join(dir, 'finished.pdf');
    const report = await finishPrintPdf({
      input,
      output,
      workDir: mkdtempSync(path.join(dir, 'w-')),
      finish: { bleedMm: 0, marks: NO_MARKS, pdfx: outputIntent(null), title: 'Test', jpegQuality: 90 },
    });
    expect(report.pictures).toMatchObject({ converted: 1, left: 1 });
    const pdf = readFileSync(output);
    expect(qpdfCheck(pdf).ok).toBe(true);
    const images = pdfImages(pdf);
    expect(images.map((i) => i.color)).toEqual(['cmyk', 'cmyk']);
    // Passed through: the same JPEG bytes (Ghostscript adds a second end-of-image marker after them).
    const jpeg = pdfJpegs(pdf)[0]!;
    expect(converted && jpeg.subarray(0, converted.length).equals(converted)).toBe(true);
    expect(near(colourAt(pdf, 0), RED, 40)).toBe(true);
    expect(near(colourAt(pdf, 1), BLUE, 40)).toBe(true);
  });
});
