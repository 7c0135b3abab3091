import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  createImageElement,
  createPage,
  createTextElement,
  getDefaultLayout,
  sequentialIds,
} from '../core/layouts/index.ts';
import { pdfBoxes, pdfInfo, outputIntents, qpdfCheck } from '../scripts/testing/pdf-tools.ts';
import { sampleCatalog, sampleProductImage } from '../scripts/testing/sample-catalog.ts';
import { parseBleed } from './commands/render.ts';
import { runCli, tempDir } from './test-support.ts';

/** A cover with a picture, a title and a subtitle, then four products whose pictures are p0.jpg…p3.jpg next to the file. */
async function catalogFile(opts: { lowRes?: number; missing?: number; subtitle?: string }): Promise<string> {
  const dir = tempDir();
  for (let i = 0; i < 4; i++) {
    if (i === opts.missing) continue;
    writeFileSync(path.join(dir, `p${i}.jpg`), await sampleProductImage(i, i === opts.lowRes ? 100 : 1800));
  }
  writeFileSync(path.join(dir, 'cover.jpg'), await sampleProductImage(7, 2800));
  const doc = sampleCatalog({ products: 4, perPage: 4, imageUrl: (i) => `p${i}.jpg` });
  const cover = createPage({ layout: getDefaultLayout('front cover'), newId: sequentialIds('c') });
  cover.elements[0] = createImageElement('cover-pic', 'cover.jpg');
  cover.elements[1] = createTextElement('cover-title', '<h1>Spring</h1>');
  cover.elements[2] = createTextElement('cover-subtitle', opts.subtitle ?? '<p>Wholesale</p>');
  doc.pages.unshift(cover);
  const file = path.join(dir, 'catalog.json');
  writeFileSync(file, JSON.stringify(doc));
  return file;
}

describe('catalog preflight (issue 28 item 4)', () => {
  it('prints one line per problem, page and element first, and exits 3 when there are errors', async () => {
    const file = await catalogFile({
      lowRes: 1,
      missing: 2,
      subtitle: `<p>${'Made to order in our workshop and shipped within the week. '.repeat(150)}</p>`,
    });
    const run = await runCli(['preflight', file]);
    expect(run.status).toBe(3);
    expect(run.stdout.split('\n').filter(Boolean)).toEqual([
      expect.stringMatching(/^page 1, element 3: text overflows its cell by \d+(\.\d)? mm$/),
      expect.stringMatching(/^page 2, element 2: picture \d+ dpi at placed size$/),
      'page 2, element 3: picture missing',
    ]);
    expect(run.stderr).toBe(`Preflight of ${file}: 2 pages, 3 errors, 0 warnings\n`);
  });

  it('finds nothing in a clean catalog and exits 0', async () => {
    const file = await catalogFile({});
    const run = await runCli(['preflight', file]);
    expect(run).toEqual({
      status: 0,
      stdout: `Preflight of ${file}: 2 pages, 0 errors, 0 warnings\n`,
      stderr: '',
    });
  });

  it('refuses a missing file or an unknown format with exit status 2', async () => {
    expect(await runCli(['preflight'])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'catalog preflight: missing <catalog.json> (see catalog preflight --help)\n',
    });
    expect((await runCli(['preflight', 'x.json', '--format', 'A3'])).stderr).toMatch(
      /^catalog preflight: unknown format "A3" \(formats: /,
    );
  });
});

describe('catalog render --bleed --marks --pdfx (issue 28 items 1-2)', () => {
  it('reads a bleed in mm, inches or points, at most 10 mm', () => {
    expect(parseBleed('3mm')).toBe(3);
    expect(parseBleed('0.125in')).toBeCloseTo(3.175, 3);
    expect(parseBleed('9pt')).toBeCloseTo(3.175, 3);
    expect(parseBleed('2')).toBe(2);
    expect(parseBleed('12mm')).toBeNull();
    expect(parseBleed('3cm')).toBeNull();
  });

  it('writes a CMYK PDF/X-4 with 3 mm bleed, its boxes on every page and marks outside the bleed', async () => {
    const file = await catalogFile({});
    const out = path.join(path.dirname(file), 'c.pdf');
    const run = await runCli(['render', file, '--out', out, '--bleed', '3mm', '--marks', '--pdfx']);
    expect(run).toEqual({
      status: 0,
      stdout: `Rendered ${out}: 2 pages (A4, print quality, 3 mm bleed, marks, CMYK PDF/X-4, FOGRA39)\n`,
      stderr: '',
    });
    const pdf = readFileSync(out);
    expect(qpdfCheck(pdf).ok).toBe(true);
    expect(pdfInfo(pdf).raw).toMatch(/PDF subtype:\s+PDF\/X-4/);
    expect(outputIntents(pdf)).toEqual([{ s: '/GTS_PDFX', identifier: 'FOGRA39', profileComponents: 4 }]);
    const mm = 72 / 25.4;
    for (const b of pdfBoxes(pdf)) {
      expect(b.trim[2] - b.trim[0]).toBeCloseTo(210 * mm, 0);
      expect(b.trim[0] - b.bleed[0]).toBeCloseTo(3 * mm, 1);
      expect(b.bleed[0] - b.media[0]).toBeGreaterThan(20);
    }
  });

  it('refuses a bleed it cannot read, and print options for HTML', async () => {
    expect((await runCli(['render', 'x.json', '--out', 'x.pdf', '--bleed', '2cm'])).stderr).toBe(
      'catalog render: --bleed "2cm" is not a bleed (3mm, 0.125in, 9pt; at most 10 mm)\n',
    );
    expect(await runCli(['render', 'x.json', '--out', 'x.html', '--marks'])).toEqual({
      status: 2,
      stdout: '',
      stderr: 'catalog render: --bleed, --marks and --pdfx apply to PDF output (--out file.pdf)\n',
    });
  });
});
