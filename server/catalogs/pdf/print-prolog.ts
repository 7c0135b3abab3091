import type { OutputIntent } from './icc-profile.server.ts';

/** Points per millimetre (PDF user space: 72 to the inch). */
export const PT_PER_MM = 72 / 25.4;
const mm = (n: number) => n * PT_PER_MM;

export type PrintMarks = { crop: boolean; registration: boolean; colorBars: boolean; slug: boolean };
export const NO_MARKS: PrintMarks = { crop: false, registration: false, colorBars: false, slug: false };
export const hasMarks = (m: PrintMarks) => m.crop || m.registration || m.colorBars || m.slug;

/** Crop marks start this far outside the bleed and are this long (ISO 12647-2 style marks). */
const MARK_GAP_MM = 1;
const MARK_LENGTH_MM = 5;
/** Room beyond the marks for the slug line. */
const SLUG_ROOM_MM = 4;

/**
 * Where everything sits on a finished sheet, in points. The sheet (MediaBox) is the page Chromium printed (trim
 * plus bleed) with a margin for the marks around it; the marks sit outside the bleed.
 */
export type SheetGeometry = {
  media: { width: number; height: number };
  /** Margin around the printed page (0 without marks). */
  margin: number;
  bleed: number;
  trim: [number, number, number, number];
  bleedBox: [number, number, number, number];
};

export function sheetGeometry(opts: {
  pageWidth: number;
  pageHeight: number;
  bleedMm: number;
  marks: PrintMarks;
}): SheetGeometry {
  const bleed = mm(opts.bleedMm);
  const margin = hasMarks(opts.marks) ? mm(MARK_GAP_MM + MARK_LENGTH_MM + SLUG_ROOM_MM) : 0;
  const w = opts.pageWidth;
  const h = opts.pageHeight;
  const r = (n: number) => Math.round(n * 1000) / 1000;
  return {
    media: { width: r(w + 2 * margin), height: r(h + 2 * margin) },
    margin: r(margin),
    bleed: r(bleed),
    trim: [r(margin + bleed), r(margin + bleed), r(margin + w - bleed), r(margin + h - bleed)],
    bleedBox: [r(margin), r(margin), r(margin + w), r(margin + h)],
  };
}

/** A PostScript string literal: Latin-1 bytes (the slug font's encoding), escaped; other characters as '?'. */
export function psString(text: string): string {
  let out = '(';
  for (const ch of text.normalize('NFC')) {
    const c = ch.codePointAt(0)!;
    if (ch === '(' || ch === ')' || ch === '\\') out += `\\${ch}`;
    else if (c >= 32 && c < 127) out += ch;
    else if (c >= 160 && c <= 255) out += `\\${c.toString(8).padStart(3, '0')}`;
    else out += '?';
  }
  return `${out})`;
}

const box = (b: number[]) => `[${b.map((n) => n.toFixed(3)).join(' ')}]`;

/** The marks of one sheet, as PostScript drawn in the sheet's own coordinates (the page number on the stack). */
function marksProcedure(g: SheetGeometry, marks: PrintMarks): string {
  const [x0, y0, x1, y1] = g.trim;
  const gap = g.bleed + mm(MARK_GAP_MM);
  const len = mm(MARK_LENGTH_MM);
  const out: string[] = ['/cbMarks {', 'gsave initgraphics 0.25 setlinewidth 0 setlinecap'];
  // Registration colour: ink on every plate, so each separation carries the marks.
  out.push('1 1 1 1 setcmykcolor');
  if (marks.crop) {
    for (const [x, y, dx, dy] of [
      [x0, y0, -1, -1],
      [x1, y0, 1, -1],
      [x0, y1, -1, 1],
      [x1, y1, 1, 1],
    ] as const) {
      out.push(
        `newpath ${(x + dx * gap).toFixed(3)} ${y.toFixed(3)} moveto ${(dx * len).toFixed(3)} 0 rlineto stroke`,
        `newpath ${x.toFixed(3)} ${(y + dy * gap).toFixed(3)} moveto 0 ${(dy * len).toFixed(3)} rlineto stroke`,
      );
    }
  }
  if (marks.registration) {
    const r = len / 2 - mm(0.5);
    const mid = (y0 + y1) / 2;
    for (const cx of [x0 - gap - len / 2, x1 + gap + len / 2]) {
      out.push(
        `newpath ${cx.toFixed(3)} ${mid.toFixed(3)} ${r.toFixed(3)} 0 360 arc stroke`,
        `newpath ${(cx - len / 2).toFixed(3)} ${mid.toFixed(3)} moveto ${len.toFixed(3)} 0 rlineto stroke`,
        `newpath ${cx.toFixed(3)} ${(mid - len / 2).toFixed(3)} moveto 0 ${len.toFixed(3)} rlineto stroke`,
      );
    }
  }
  if (marks.colorBars) {
    // Solids and two-colour overprints, then tints of black: what a press operator measures.
    const patches = [
      [1, 0, 0, 0],
      [0, 1, 0, 0],
      [0, 0, 1, 0],
      [0, 0, 0, 1],
      [1, 1, 0, 0],
      [1, 0, 1, 0],
      [0, 1, 1, 0],
      [0, 0, 0, 0.75],
      [0, 0, 0, 0.5],
      [0, 0, 0, 0.25],
    ];
    const size = mm(4);
    let x = (x0 + x1) / 2 - (patches.length * size) / 2;
    const y = y1 + gap;
    for (const p of patches) {
      out.push(
        `${p.join(' ')} setcmykcolor ${x.toFixed(3)} ${y.toFixed(3)} ${size.toFixed(3)} ${size.toFixed(3)} rectfill`,
      );
      x += size;
    }
    out.push('1 1 1 1 setcmykcolor');
  }
  if (marks.slug) {
    out.push(
      '0 0 0 1 setcmykcolor /cbSlugFont 6 selectfont',
      `${(x0 + mm(2)).toFixed(3)} ${(y0 - gap - len + mm(1)).toFixed(3)} moveto`,
      'cbSlug show ( \\267 page ) show 12 string cvs show',
    );
  } else out.push('pop');
  out.push('grestore', '} bind def');
  return out.join('\n');
}

/**
 * The PostScript Ghostscript runs before the PDF: every page moved onto a sheet with room for the marks, the
 * marks drawn once the page is done, TrimBox and BleedBox set on every page, and for PDF/X the document's
 * version, output intent (the ICC profile) and XMP identification.
 */
export function printProlog(opts: {
  geometry: SheetGeometry;
  marks: PrintMarks;
  title: string;
  pdfx: OutputIntent | null;
  /** JPEG quality factor of pictures Ghostscript re-encodes (0.15 best … 1 smallest). */
  jpegQFactor: number;
}): string {
  const g = opts.geometry;
  const lines: string[] = ['%!PS', '% Catalog Builder print finishing (server/catalogs/pdf/print-prolog.ts)'];
  lines.push(
    `<< /ColorACSImageDict << /QFactor ${opts.jpegQFactor} /Blend 1 /HSamples [1 1 1 1] /VSamples [1 1 1 1] >>`,
    `   /ColorImageDict << /QFactor ${opts.jpegQFactor} /Blend 1 /HSamples [1 1 1 1] /VSamples [1 1 1 1] >> >> setdistillerparams`,
  );
  // The page number lives in global VM: the PDF interpreter restores local VM after every page.
  lines.push('currentglobal true setglobal /cbPageNo [0] def setglobal');
  lines.push(`/cbSlug ${psString(opts.title)} def`);
  lines.push(
    '/cbSlugFont /Helvetica findfont dup length dict begin { 1 index /FID ne { def } { pop pop } ifelse } forall',
    '/Encoding ISOLatin1Encoding def currentdict end definefont pop',
  );
  lines.push(marksProcedure(g, opts.marks));
  const boxes = `[/TrimBox ${box(g.trim)} /BleedBox ${box(g.bleedBox)} /PAGE pdfmark`;
  lines.push(
    '<<',
    g.margin ? `  /BeginPage { pop ${g.margin.toFixed(3)} dup translate } bind` : '',
    '  /EndPage { 2 lt {',
    '      cbPageNo 0 cbPageNo 0 get 1 add put cbPageNo 0 get cbMarks',
    `      ${boxes} true`,
    '    } { pop false } ifelse } bind',
    '>> setpagedevice',
  );
  const docinfo = [`/Title ${psString(opts.title)}`, '/Creator (Catalog Builder)'];
  if (opts.pdfx) {
    const p = opts.pdfx;
    docinfo.push('/GTS_PDFXVersion (PDF/X-4)', '/Trapped /False');
    lines.push(
      `/cbICC ${psString(p.file)} def`,
      '[/_objdef {cbIcc} /type /stream /OBJ pdfmark',
      '[{cbIcc} << /N 4 >> /PUT pdfmark',
      '[{cbIcc} cbICC (r) file /PUT pdfmark',
      '[/_objdef {cbIntent} /type /dict /OBJ pdfmark',
      `[{cbIntent} << /Type /OutputIntent /S /GTS_PDFX /OutputConditionIdentifier ${psString(p.identifier)}`,
      `  /OutputCondition ${psString(p.condition)} /Info ${psString(p.description)}`,
      '  /RegistryName (http://www.color.org) /DestOutputProfile {cbIcc} >> /PUT pdfmark',
      '[{Catalog} << /OutputIntents [ {cbIntent} ] >> /PUT pdfmark',
      // PDF/X-4 is identified in the XMP metadata too; Ghostscript adds this to the XMP it writes.
      `[/XML (<rdf:Description rdf:about="" xmlns:pdfxid="http://www.npes.org/pdfx/ns/id/"><pdfxid:GTS_PDFXVersion>PDF/X-4</pdfxid:GTS_PDFXVersion></rdf:Description>) /Ext_Metadata pdfmark`,
    );
  }
  lines.push(`[ ${docinfo.join(' ')} /DOCINFO pdfmark`);
  return lines.filter(Boolean).join('\n') + '\n';
}
