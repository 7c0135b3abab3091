import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
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
