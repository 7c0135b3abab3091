// poppler-utils, qpdf and zbar-tools (installed by .ci/run) read the PDFs the product writes, as a print shop would.
import { execFileSync, spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';

function withFile<T>(pdf: Buffer, fn: (file: string, dir: string) => T): T {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'cb-pdf-'));
  try {
    const file = path.join(dir, 'doc.pdf');
    writeFileSync(file, pdf);
    return fn(file, dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** qpdf --check: exit status 0 (or 3, warnings only) and its report. */
export function qpdfCheck(pdf: Buffer): { ok: boolean; output: string } {
  return withFile(pdf, (file) => {
    const r = spawnSync('qpdf', ['--check', file], { encoding: 'utf8' });
    return { ok: r.status === 0, output: `${r.stdout}${r.stderr}` };
  });
}

export function pdfInfo(pdf: Buffer): { pages: number; widthPt: number; heightPt: number; raw: string } {
  return withFile(pdf, (file) => {
    const raw = execFileSync('pdfinfo', [file], { encoding: 'utf8' });
    const pages = Number(/^Pages:\s+(\d+)/m.exec(raw)?.[1]);
    const size = /^Page size:\s+([\d.]+) x ([\d.]+) pts/m.exec(raw);
    return { pages, widthPt: Number(size?.[1]), heightPt: Number(size?.[2]), raw };
  });
}

/** The text of the pages; raw keeps content-stream order (rotated text such as the watermark stays in one run). */
export function pdfText(pdf: Buffer, opts: { first?: number; last?: number; raw?: boolean } = {}): string {
  return withFile(pdf, (file) => {
    const args = [opts.raw ? '-raw' : '-layout'];
    if (opts.first) args.push('-f', String(opts.first));
    if (opts.last) args.push('-l', String(opts.last));
    return execFileSync('pdftotext', [...args, file, '-'], { encoding: 'utf8' });
  });
}

/** Symbols zbarimg reads on the pages rasterised at `dpi` (pdftoppm), as "EAN-13:400..." / "QR-Code:https://...". */
export function decodeSymbols(
  pdf: Buffer,
  opts: { first?: number; last?: number; dpi?: number } = {},
): string[] {
  return withFile(pdf, (file, dir) => {
    const args = ['-r', String(opts.dpi ?? 300), '-gray', '-png'];
    if (opts.first) args.push('-f', String(opts.first));
    if (opts.last) args.push('-l', String(opts.last));
    execFileSync('pdftoppm', [...args, file, path.join(dir, 'page')]);
    const out: string[] = [];
    for (const png of readdirSync(dir).filter((f) => f.endsWith('.png'))) {
      const r = spawnSync('zbarimg', ['-q', path.join(dir, png)], { encoding: 'utf8' });
      out.push(...r.stdout.split('\n').filter(Boolean));
    }
    return out;
  });
}

export type PdfImage = {
  page: number;
  width: number;
  height: number;
  /** Encoding: jpeg (DCT, embedded as is), image (flate), ... */
  enc: string;
  /** Resolution at the size the image is placed at on the page. */
  xPpi: number;
  yPpi: number;
};

/** The images of a PDF as `pdfimages -list` reports them (soft masks left out). */
export function pdfImages(pdf: Buffer): PdfImage[] {
  return withFile(pdf, (file) => {
    const out = execFileSync('pdfimages', ['-list', file], { encoding: 'utf8' });
    return out
      .split('\n')
      .slice(2)
      .map((line) => line.trim().split(/\s+/))
      .filter((c) => c.length >= 14 && c[2] === 'image')
      .map((c) => ({
        page: Number(c[0]),
        width: Number(c[3]),
        height: Number(c[4]),
        enc: c[8]!,
        xPpi: Number(c[12]),
        yPpi: Number(c[13]),
      }));
  });
}

/** The JPEG images of a PDF, their data as embedded (`pdfimages -j`), in the order -list gives. */
export function pdfJpegs(pdf: Buffer): Buffer[] {
  return withFile(pdf, (file, dir) => {
    execFileSync('pdfimages', ['-j', file, path.join(dir, 'img')]);
    return readdirSync(dir)
      .filter((f) => f.endsWith('.jpg'))
      .sort()
      .map((f) => readFileSync(path.join(dir, f)));
  });
}

/** The document outline (bookmarks) as qpdf reads it: each entry's title and the page it opens (from 1). */
export function pdfOutline(pdf: Buffer): { title: string; page: number }[] {
  return withFile(pdf, (file) => {
    const r = spawnSync('qpdf', ['--json=2', '--json-key=outlines', file], { encoding: 'utf8' });
    const json = JSON.parse(r.stdout) as { outlines: { title: string; destpageposfrom1: number }[] };
    return json.outlines.map((o) => ({ title: o.title, page: o.destpageposfrom1 }));
  });
}

/** pdffonts: each font of the document by name and type ("Type 3" for Chromium's colour emoji pictures). */
export function pdfFonts(pdf: Buffer): { name: string; type: string }[] {
  return withFile(pdf, (file) =>
    execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((l) => {
        const m = /^(\S+)\s+(Type 3|Type 1C?|CID TrueType|CID Type 0C?|TrueType|Type 1)\s/.exec(l);
        return { name: m?.[1] ?? l.split(/\s+/)[0]!, type: m?.[2] ?? '' };
      }),
  );
}

/** One page rasterised by pdftoppm at `dpi`, as PNG bytes (what a print shop's RIP would see, in RGB). */
export function pdfPagePng(pdf: Buffer, opts: { page?: number; dpi?: number } = {}): Buffer {
  return withFile(pdf, (file, dir) => {
    const page = String(opts.page ?? 1);
    execFileSync('pdftoppm', [
      '-r',
      String(opts.dpi ?? 100),
      '-png',
      '-f',
      page,
      '-l',
      page,
      '-singlefile',
      file,
      path.join(dir, 'page'),
    ]);
    return readFileSync(path.join(dir, 'page.png'));
  });
}
