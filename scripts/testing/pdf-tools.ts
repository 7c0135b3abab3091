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
  /** Colour space as pdfimages names it: rgb, cmyk, gray, icc (ICC-based, `comp` components)... */
  color: string;
  comp: number;
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
        color: c[5]!,
        comp: Number(c[6]),
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

export type Box = [number, number, number, number];
export type PageBoxes = { media: Box; bleed: Box; trim: Box };

/** Every page's MediaBox, BleedBox and TrimBox as `pdfinfo -box` reports them (points). */
export function pdfBoxes(pdf: Buffer): PageBoxes[] {
  return withFile(pdf, (file) => {
    const pages = pdfInfo(pdf).pages;
    const raw = execFileSync('pdfinfo', ['-box', '-f', '1', '-l', String(pages), file], { encoding: 'utf8' });
    const out: PageBoxes[] = [];
    for (const m of raw.matchAll(/^Page\s+(\d+) (MediaBox|BleedBox|TrimBox):\s+([\d.\s-]+)$/gm)) {
      const i = Number(m[1]) - 1;
      const box = m[3]!.trim().split(/\s+/).map(Number) as Box;
      out[i] ??= { media: [0, 0, 0, 0], bleed: [0, 0, 0, 0], trim: [0, 0, 0, 0] };
      out[i]![m[2] === 'MediaBox' ? 'media' : m[2] === 'BleedBox' ? 'bleed' : 'trim'] = box;
    }
    return out;
  });
}

/** Ghostscript's ink coverage per page (`-sDEVICE=inkcov`): the share of the page each ink touches. */
export function inkCoverage(pdf: Buffer): { c: number; m: number; y: number; k: number; space: string }[] {
  return withFile(pdf, (file) => {
    const out = execFileSync('gs', ['-q', '-dSAFER', '-o', '-', '-sDEVICE=inkcov', file], {
      encoding: 'utf8',
    });
    return out
      .split('\n')
      .map((l) => l.trim().split(/\s+/))
      .filter((c) => c.length >= 5 && /^[\d.]+$/.test(c[0]!))
      .map((c) => ({ c: Number(c[0]), m: Number(c[1]), y: Number(c[2]), k: Number(c[3]), space: c[4]! }));
  });
}

/** The document catalog's output intents, read with qpdf's JSON: subtype, condition and profile components. */
export function outputIntents(pdf: Buffer): { s: string; identifier: string; profileComponents: number }[] {
  return withFile(pdf, (file) => {
    const json = JSON.parse(
      execFileSync('qpdf', ['--json=2', '--json-key=qpdf', file], { encoding: 'utf8', maxBuffer: 256 << 20 }),
    ) as {
      qpdf: [
        unknown,
        Record<string, { value?: Record<string, unknown>; stream?: { dict: Record<string, unknown> } }>,
      ];
    };
    const objects = json.qpdf[1];
    const get = (ref: unknown) => {
      const o = objects[`obj:${String(ref)}`];
      return (o?.value ?? o?.stream?.dict ?? {}) as Record<string, unknown>;
    };
    const trailer = objects['trailer']?.value as Record<string, unknown>;
    const root = get(trailer['/Root']);
    const intents = (root['/OutputIntents'] ?? []) as unknown[];
    return intents.map((ref) => {
      const intent = typeof ref === 'string' ? get(ref) : (ref as Record<string, unknown>);
      const profile = get(intent['/DestOutputProfile']);
      return {
        s: String(intent['/S']),
        identifier: String(intent['/OutputConditionIdentifier']).replace(/^u:/, ''),
        profileComponents: Number(profile['/N']),
      };
    });
  });
}

/** A page rasterised (`pdftoppm`, whole MediaBox) as RGB pixels. */
export function rasterPage(
  pdf: Buffer,
  page: number,
  dpi: number,
): { width: number; height: number; rgb: Buffer } {
  return withFile(pdf, (file, dir) => {
    execFileSync('pdftoppm', [
      '-r',
      String(dpi),
      '-f',
      String(page),
      '-l',
      String(page),
      file,
      path.join(dir, 'r'),
    ]);
    const ppm = readFileSync(
      path.join(
        dir,
        readdirSync(dir).find((f) => f.endsWith('.ppm'))!,
      ),
    );
    const header = /^P6\s+(\d+)\s+(\d+)\s+255\s/.exec(ppm.toString('latin1', 0, 40))!;
    return { width: Number(header[1]), height: Number(header[2]), rgb: ppm.subarray(header[0].length) };
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

/**
 * pdffonts: each font of the document by name, type ("Type 3" for Chromium's colour emoji pictures) and whether
 * it is embedded.
 */
export function pdfFonts(pdf: Buffer): { name: string; type: string; embedded: boolean }[] {
  return withFile(pdf, (file) =>
    execFileSync('pdffonts', [file], { encoding: 'utf8' })
      .split('\n')
      .slice(2)
      .filter((l) => l.trim())
      .map((l) => {
        const m = /^(\S+)\s+(Type 3|Type 1C?|CID TrueType|CID Type 0C?|TrueType|Type 1)\s/.exec(l);
        const c = l.trim().split(/\s+/);
        return { name: m?.[1] ?? c[0]!, type: m?.[2] ?? '', embedded: c[c.length - 5] === 'yes' };
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
