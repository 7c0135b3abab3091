/**
 * Preflight (issue 28): the problems a print shop would find, listed per page before an export. The document
 * model says what it can (empty cells, products changed since the last synchronize); the rendered layout, measured
 * in the Chromium page the export opens, says the rest (picture resolution at placed size, text overflowing its
 * cell, missing pictures, fonts, text in the bleed or outside the safe margin). Pure: the server measures, this
 * turns measurements into the report every consumer shows (editor panel, API, CLI).
 */
import { z } from 'zod';
import { getT, type Language } from '../i18n/index.ts';

/** Pictures below this many dots per inch at their placed size are a warning; below ERROR_DPI an error. */
export const WARN_DPI = 300;
export const ERROR_DPI = 150;
/** Text overflowing its box by less than this (CSS px) is rounding, not a problem. */
export const OVERFLOW_TOLERANCE_PX = 2;

export type PreflightSeverity = 'error' | 'warning';
export const PREFLIGHT_CODES = [
  'picture_low_res',
  'picture_missing',
  'text_overflow',
  'font_missing',
  'font_not_embeddable',
  'text_in_bleed',
  'text_outside_safe_margin',
  'empty_cell',
  'product_changed',
] as const;
export type PreflightCode = (typeof PREFLIGHT_CODES)[number];

export interface PreflightItem {
  severity: PreflightSeverity;
  code: PreflightCode;
  /** Page number (1 = front cover); null for the whole catalog (a font). */
  page: number | null;
  pageId: string | null;
  /** Which element of the page: its cell, counted from 1 as the layout lists them; null for the page itself. */
  element: number | null;
  elementId: string | null;
  /** What the message says: dpi, mm, a font family, the kinds of data that changed... */
  values: Record<string, string | number>;
}

export interface PreflightReport {
  items: PreflightItem[];
  errors: number;
  warnings: number;
}

/** The report as the API answers it (GET /api/v1/jobs). */
export const PreflightReportSchema = z.object({
  items: z.array(
    z.object({
      severity: z.enum(['error', 'warning']),
      code: z.enum(PREFLIGHT_CODES),
      page: z.number().int().nullable(),
      pageId: z.string().nullable(),
      element: z.number().int().nullable(),
      elementId: z.string().nullable(),
      values: z.record(z.string(), z.union([z.string(), z.number()])),
    }),
  ),
  errors: z.number().int(),
  warnings: z.number().int(),
});

/** Where a measured thing sits in the catalog: its page (0-based) and cell, as the layout's markup says. */
export type Where = { page: number; cell: number | null; elementId: string | null };

/** What the export's Chromium page measured (server/catalogs/pdf/layout-facts). Sizes in CSS px. */
export interface LayoutFacts {
  /** The laid-out pages' ids, in order (pagination may have added pages). */
  pageIds: string[];
  /** Where each element the layout drew first appears. */
  elements: Where[];
  /** Every picture drawn: its placed size and, when readable, its pixel size. */
  pictures: (Where & { width: number; height: number; pixels: { width: number; height: number } | null })[];
  /** Pictures that could not be found or read, and products without a picture (a placeholder drawn). */
  missingPictures: Where[];
  /** Boxes whose text is cut: by how much it overflows. */
  overflows: (Where & { px: number })[];
  /** Text nearest the trim, per element: its distance inside the trim (negative: past it, in the bleed). */
  textEdges: (Where & { px: number })[];
  /** Cells that take products or pictures and hold nothing. */
  emptyCells: Where[];
  /** Font families the page could not load. */
  failedFonts: string[];
  /** Custom fonts whose licence forbids embedding them in a PDF (OS/2 fsType of the files the render resolved). */
  fontsNotEmbeddable: string[];
}

/**
 * The facts of a document printed in parts (a long export, each part laying out pages [from, …) of the same
 * catalog) as one document's: pages counted from each part's first page, fonts named once.
 */
export function combineLayoutFacts(parts: { from: number; facts: LayoutFacts }[]): LayoutFacts {
  const sorted = [...parts].sort((a, b) => a.from - b.from);
  const shift = <T extends Where>(list: T[], from: number): T[] =>
    list.map((w) => ({ ...w, page: w.page + from }));
  return {
    pageIds: sorted.flatMap((p) => p.facts.pageIds),
    elements: sorted.flatMap((p) => shift(p.facts.elements, p.from)),
    pictures: sorted.flatMap((p) => shift(p.facts.pictures, p.from)),
    missingPictures: sorted.flatMap((p) => shift(p.facts.missingPictures, p.from)),
    overflows: sorted.flatMap((p) => shift(p.facts.overflows, p.from)),
    textEdges: sorted.flatMap((p) => shift(p.facts.textEdges, p.from)),
    emptyCells: sorted.flatMap((p) => shift(p.facts.emptyCells, p.from)),
    failedFonts: [...new Set(sorted.flatMap((p) => p.facts.failedFonts))],
    fontsNotEmbeddable: [...new Set(sorted.flatMap((p) => p.facts.fontsNotEmbeddable))],
  };
}

/** What the server adds from outside the layout: products compared with their listings. */
export interface CatalogFindings {
  /** Products that differ from their listing now: which element, and what changed (images, prices, information). */
  changedProducts: { elementId: string; title: string; kinds: string[] }[];
}

const PX_PER_MM = 96 / 25.4;
const mm = (px: number) => Math.round((px / PX_PER_MM) * 10) / 10;

/** Dots per inch of a picture drawn `width`×`height` CSS px: the lower of the two directions. */
export function placedDpi(pixels: { width: number; height: number }, width: number, height: number): number {
  const x = width > 0 ? pixels.width / (width / 96) : Infinity;
  const y = height > 0 ? pixels.height / (height / 96) : Infinity;
  return Math.floor(Math.min(x, y));
}

/**
 * The size (CSS px) a picture of `natural` proportions is drawn at in a box, as core/render's image classes draw
 * it: a sized one at its set width (its height from the proportions), cover filling the box, the others fitting
 * inside it; a zoom (the image editor's) enlarges cover and contain pictures (a sized one's measured width
 * already has it). The export's measure in Chromium does the same in its page script.
 */
export function drawnPictureSize(opts: {
  fit: 'cover' | 'contain' | 'sized';
  box: { width: number; height: number };
  natural: { width: number; height: number };
  /** A sized picture's drawn width. */
  sizedWidth?: number;
  zoom?: number;
}): { width: number; height: number } {
  const { natural: n, box } = opts;
  if (!(n.width > 0 && n.height > 0)) return { width: 0, height: 0 };
  if (opts.fit === 'sized') {
    const w = opts.sizedWidth ?? box.width;
    return { width: w, height: (w * n.height) / n.width };
  }
  const k =
    (opts.fit === 'cover'
      ? Math.max(box.width / n.width, box.height / n.height)
      : Math.min(box.width / n.width, box.height / n.height)) * Math.max(1, opts.zoom ?? 1);
  return { width: n.width * k, height: n.height * k };
}

/** A picture's resolution at its placed size and whether print finds it too low (the preflight's thresholds). */
export function pictureResolution(
  pixels: { width: number; height: number },
  drawn: { width: number; height: number },
): { dpi: number; severity: PreflightSeverity | null } {
  const dpi = placedDpi(pixels, drawn.width, drawn.height);
  return { dpi, severity: dpi >= WARN_DPI ? null : dpi < ERROR_DPI ? 'error' : 'warning' };
}

/**
 * The report from what was measured. One item per element and problem (a picture placed twice in a cell counts
 * once, at its lowest resolution), in page order, errors before warnings within a page.
 */
export function buildPreflightReport(opts: {
  facts: LayoutFacts;
  findings?: CatalogFindings;
  /** The safe margin (mm) text keeps from the trim. */
  safeMarginMm: number;
}): PreflightReport {
  const items = new Map<string, PreflightItem>();
  const add = (
    w: Where | null,
    code: PreflightCode,
    severity: PreflightSeverity,
    values: PreflightItem['values'] = {},
    keep?: (prev: PreflightItem) => boolean,
  ) => {
    const key = `${w?.page ?? -1}:${w?.cell ?? w?.elementId ?? '-'}:${code}:${w ? '' : values.family}`;
    const prev = items.get(key);
    if (prev && !(keep?.(prev) ?? false)) return;
    items.set(key, {
      severity,
      code,
      page: w && w.page >= 0 ? w.page + 1 : null,
      pageId: w && w.page >= 0 ? opts.facts.pageIds[w.page] || null : null,
      element: w && w.cell !== null ? w.cell + 1 : null,
      elementId: w?.elementId ?? null,
      values,
    });
  };
  const { facts } = opts;
  for (const f of facts.failedFonts) add(null, 'font_missing', 'error', { family: f });
  for (const f of facts.fontsNotEmbeddable) add(null, 'font_not_embeddable', 'error', { family: f });
  for (const m of facts.missingPictures) add(m, 'picture_missing', 'error');
  for (const p of facts.pictures) {
    if (!p.pixels) continue;
    const dpi = placedDpi(p.pixels, p.width, p.height);
    if (dpi >= WARN_DPI) continue;
    add(
      p,
      'picture_low_res',
      dpi < ERROR_DPI ? 'error' : 'warning',
      { dpi },
      (prev) => Number(prev.values.dpi) > dpi,
    );
  }
  for (const o of facts.overflows) {
    if (o.px <= OVERFLOW_TOLERANCE_PX) continue;
    add(
      o,
      'text_overflow',
      'error',
      { mm: Math.max(0.1, mm(o.px)) },
      (prev) => Number(prev.values.mm) < mm(o.px),
    );
  }
  const safePx = opts.safeMarginMm * PX_PER_MM;
  for (const t of facts.textEdges) {
    if (t.px < -0.5)
      add(t, 'text_in_bleed', 'error', { mm: mm(-t.px) }, (p) => Number(p.values.mm) < mm(-t.px));
    else if (t.px < safePx - 0.5)
      add(t, 'text_outside_safe_margin', 'warning', { mm: mm(Math.max(0, t.px)), safe: opts.safeMarginMm });
  }
  for (const e of facts.emptyCells) add(e, 'empty_cell', 'warning');
  const placed = new Map(facts.elements.map((e) => [e.elementId, e]));
  for (const c of opts.findings?.changedProducts ?? []) {
    const w = placed.get(c.elementId) ?? { page: -1, cell: null, elementId: c.elementId };
    add(w, 'product_changed', 'warning', { title: c.title, kinds: c.kinds.join(', ') });
  }
  const list = [...items.values()].sort(
    (a, b) =>
      (a.page ?? 0) - (b.page ?? 0) ||
      (a.severity === b.severity ? 0 : a.severity === 'error' ? -1 : 1) ||
      (a.element ?? 0) - (b.element ?? 0),
  );
  return {
    items: list,
    errors: list.filter((i) => i.severity === 'error').length,
    warnings: list.filter((i) => i.severity === 'warning').length,
  };
}

/** An item's message in a language ('picture 96 dpi at placed size'). */
export function preflightMessage(item: PreflightItem, language: Language = 'en'): string {
  const t = getT(language, 'preflight');
  const values = { ...item.values };
  if (item.code === 'product_changed')
    values.kinds = String(values.kinds)
      .split(', ')
      .map((k) => String(t(`kinds.${k}`)))
      .join(', ');
  return String(t(`codes.${item.code}`, values));
}

/** Where an item is ('page 4, element 2', 'page 4', 'catalog'). */
export function preflightWhere(item: PreflightItem, language: Language = 'en'): string {
  const t = getT(language, 'preflight');
  if (item.page === null) return String(t('where.catalog'));
  if (item.element === null) return String(t('where.page', { page: item.page }));
  return String(t('where.element', { page: item.page, element: item.element }));
}

/** One line per problem, as the CLI prints them: `page 4, element 2: picture 96 dpi at placed size`. */
export function preflightLine(item: PreflightItem, language: Language = 'en'): string {
  const t = getT(language, 'preflight');
  return String(
    t('line', { where: preflightWhere(item, language), message: preflightMessage(item, language) }),
  );
}
