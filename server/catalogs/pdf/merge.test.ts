import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { execFileSync } from 'node:child_process';
import sharp from 'sharp';
import { afterAll, describe, expect, it } from 'vitest';
import { pdfInfo, pdfOutline, pdfText, qpdfCheck } from '../../../scripts/testing/pdf-tools.ts';
import { addOutline, mergePdfs, qpdfAvailable } from './merge.server.ts';

// The parts of a long export put together (qpdf): pages in order, then one bookmark per section.
const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-merge-test-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** A small PDF, one page per line of text (offsets computed, so qpdf reads it without repairing it). */
function writePdf(name: string, lines: string[]): string {
  const objects: string[] = [];
  const pageIds = lines.map((_, i) => 4 + i * 2);
  objects[1] = '<< /Type /Catalog /Pages 2 0 R >>';
  objects[2] = `<< /Type /Pages /Kids [${pageIds.map((id) => `${id} 0 R`).join(' ')}] /Count ${lines.length} >>`;
  objects[3] = '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>';
  lines.forEach((line, i) => {
    const stream = `BT /F1 24 Tf 72 720 Td (${line}) Tj ET`;
    objects[pageIds[i]!] =
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /Font << /F1 3 0 R >> >> /Contents ${pageIds[i]! + 1} 0 R >>`;
    objects[pageIds[i]! + 1] = `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`;
  });
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  for (let id = 1; id < objects.length; id++) {
    offsets[id] = out.length;
    out += `${id} 0 obj\n${objects[id]}\nendobj\n`;
  }
  const xref = out.length;
  out += `xref\n0 ${objects.length}\n0000000000 65535 f \n`;
  for (let id = 1; id < objects.length; id++) out += `${String(offsets[id]).padStart(10, '0')} 00000 n \n`;
  out += `trailer\n<< /Size ${objects.length} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  const file = path.join(dir, name);
  writeFileSync(file, out, 'latin1');
  return file;
}

/** A PDF with one page per picture (JPEG image XObjects), as each part of an export embeds its own. */
function writePicturesPdf(name: string, pictures: Buffer[]): string {
  const chunks: Buffer[] = [];
  const offsets: number[] = [];
  let length = 0;
  const push = (b: Buffer | string) => {
    const buf = typeof b === 'string' ? Buffer.from(b, 'latin1') : b;
    chunks.push(buf);
    length += buf.length;
  };
  const count = pictures.length;
  // 1 catalog, 2 pages, then per picture: page, contents, image.
  const total = 2 + count * 3;
  push('%PDF-1.4\n');
  const object = (id: number, body: string, stream?: Buffer) => {
    offsets[id] = length;
    push(`${id} 0 obj\n${body}\n`);
    if (stream) {
      push('stream\n');
      push(stream);
      push('\nendstream\n');
    }
    push('endobj\n');
  };
  object(1, '<< /Type /Catalog /Pages 2 0 R >>');
  const page = (i: number) => 3 + i * 3;
  object(
    2,
    `<< /Type /Pages /Kids [${pictures.map((_, i) => `${page(i)} 0 R`).join(' ')}] /Count ${count} >>`,
  );
  pictures.forEach((jpeg, i) => {
    const content = Buffer.from('q 200 0 0 200 100 400 cm /Im0 Do Q', 'latin1');
    object(
      page(i),
      `<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Resources << /XObject << /Im0 ${page(i) + 2} 0 R >> >> /Contents ${page(i) + 1} 0 R >>`,
    );
    object(page(i) + 1, `<< /Length ${content.length} >>`, content);
    object(
      page(i) + 2,
      `<< /Type /XObject /Subtype /Image /Width 32 /Height 32 /ColorSpace /DeviceRGB /BitsPerComponent 8 /Filter /DCTDecode /Length ${jpeg.length} >>`,
      jpeg,
    );
  });
  const xref = length;
  push(`xref\n0 ${total + 1}\n0000000000 65535 f \n`);
  for (let id = 1; id <= total; id++) push(`${String(offsets[id]).padStart(10, '0')} 00000 n \n`);
  push(`trailer\n<< /Size ${total + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`);
  const file = path.join(dir, name);
  writeFileSync(file, Buffer.concat(chunks));
  return file;
}

const jpeg = (r: number, g: number, b: number) =>
  sharp({ create: { width: 32, height: 32, channels: 3, background: { r, g, b } } })
    .jpeg()
    .toBuffer();

/** The image objects a PDF holds (each stored once, however many pages show it). */
function imageObjects(file: string): number {
  const json = JSON.parse(execFileSync('qpdf', ['--json=2', '--json-key=qpdf', file], { encoding: 'utf8' }));
  const objects = Object.values(
    json.qpdf[1] as Record<string, { stream?: { dict?: Record<string, unknown> } }>,
  );
  return objects.filter((o) => o.stream?.dict?.['/Subtype'] === '/Image').length;
}

describe('long export parts put together', () => {
  it('finds qpdf on this machine', () => {
    expect(qpdfAvailable()).toBe(true);
  });

  it('merges the parts in the order given, every page once', async () => {
    const a = writePdf('a.pdf', ['Page one', 'Page two']);
    const b = writePdf('b.pdf', ['Page three']);
    const c = writePdf('c.pdf', ['Page four', 'Page five']);
    const out = path.join(dir, 'merged.pdf');
    await mergePdfs({ files: [a, b, c], out });
    const pdf = readFileSync(out);
    expect(qpdfCheck(pdf).ok).toBe(true);
    expect(pdfInfo(pdf).pages).toBe(5);
    const text = pdfText(pdf, { raw: true }).replace(/\s+/g, ' ');
    expect(text).toMatch(/Page one.*Page two.*Page three.*Page four.*Page five/);
  });

  it('keeps each picture once when several parts show it, and every page still draws its own', async () => {
    const [red, green, blue] = await Promise.all([jpeg(220, 20, 20), jpeg(20, 200, 20), jpeg(20, 20, 220)]);
    // Two parts, each with its own copy of the red picture: four pages, three different pictures.
    const a = writePicturesPdf('pictures-a.pdf', [red, green]);
    const b = writePicturesPdf('pictures-b.pdf', [red, blue]);
    expect(imageObjects(a) + imageObjects(b)).toBe(4);
    const out = path.join(dir, 'pictures.pdf');
    await mergePdfs({ files: [a, b], out });
    const pdf = readFileSync(out);
    expect(qpdfCheck(pdf).ok).toBe(true);
    expect(pdfInfo(pdf).pages).toBe(4);
    expect(imageObjects(out)).toBe(3);
    // Each page still shows its picture: the first and third red, the second green, the fourth blue.
    const png = (page: number) => {
      const prefix = path.join(dir, `pictures-p${page}`);
      execFileSync('pdftoppm', [
        '-r',
        '20',
        '-f',
        String(page),
        '-l',
        String(page),
        '-png',
        '-singlefile',
        out,
        prefix,
      ]);
      return `${prefix}.png`;
    };
    const centre = async (page: number) => {
      const { data, info } = await sharp(png(page)).raw().toBuffer({ resolveWithObject: true });
      // The picture sits at x 100–300, y 192–392 (from the top) of a 612 × 792 page: its middle, at 20 dpi.
      const x = Math.round((200 / 72) * 20);
      const y = Math.round((292 / 72) * 20);
      const i = (y * info.width + x) * info.channels;
      return [data[i]!, data[i + 1]!, data[i + 2]!];
    };
    const dominant = (rgb: number[]) => ['red', 'green', 'blue'][rgb.indexOf(Math.max(...rgb))];
    expect(await Promise.all([1, 2, 3, 4].map(async (p) => dominant(await centre(p))))).toEqual([
      'red',
      'green',
      'red',
      'blue',
    ]);
  });

  it('adds one bookmark per entry, opening its page, with titles in any language', async () => {
    const file = writePdf('doc.pdf', ['Cover', 'Vases', 'More vases', 'Lampes', 'End']);
    const out = path.join(dir, 'outlined.pdf');
    await addOutline({
      file,
      out,
      entries: [
        { title: 'Vases', page: 1 },
        { title: 'Lampes & luminaires — été', page: 3 },
        // Past the last page: left out rather than pointing nowhere.
        { title: 'Ghost', page: 9 },
      ],
      workDir: dir,
    });
    const pdf = readFileSync(out);
    expect(qpdfCheck(pdf).ok).toBe(true);
    expect(pdfInfo(pdf).pages).toBe(5);
    expect(pdfOutline(pdf)).toEqual([
      { title: 'Vases', page: 2 },
      { title: 'Lampes & luminaires — été', page: 4 },
    ]);
    // The outline shows when the document opens.
    expect(pdf.toString('latin1')).toMatch(/\/PageMode\s*\/UseOutlines/);
  });

  it('copies the file as it is when there is nothing to bookmark', async () => {
    const file = writePdf('plain.pdf', ['Only page']);
    const out = path.join(dir, 'plain-out.pdf');
    await addOutline({ file, out, entries: [], workDir: dir });
    expect(readFileSync(out)).toEqual(readFileSync(file));
  });

  it('reports a part qpdf cannot read', async () => {
    const bad = path.join(dir, 'bad.pdf');
    writeFileSync(bad, 'not a pdf');
    await expect(mergePdfs({ files: [bad], out: path.join(dir, 'never.pdf') })).rejects.toThrow(
      /qpdf failed/,
    );
  });
});
