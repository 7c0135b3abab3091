import { OVERFLOW_TOLERANCE_PX } from '../constants.ts';
import { isProductElement, type Catalog, type Page, type ProductElement } from '../model/index.ts';
import { createRenderContext, type RenderContext, type RenderOptions } from '../render/context.ts';
import { columnWidthPx, contentBoxPx } from '../render/geometry.ts';
import { isListKind, listModel } from '../render/list-model.ts';
import { flowItemBlock, listBlock, type MeasureBlock } from '../render/measure-markup.tsx';
import { packColumns } from './pack.ts';

export type { MeasureBlock };
/**
 * Heights in CSS px of blocks laid out at their widths with the catalog's styles, in order. The editor
 * measures in its DOM, the worker in a Chromium page (render/measure-markup's measureDocumentHtml and
 * MEASURE_SCRIPT), the CLI and tests with estimateMeasure.
 */
export type Measure = (blocks: MeasureBlock[]) => number[];
export type AsyncMeasure = (blocks: MeasureBlock[]) => number[] | Promise<number[]>;

export interface PaginateOptions {
  /** Render options that change layout (format, fonts, language); the same ones the render will use. */
  render?: RenderOptions;
  tolerance?: number;
}

interface FlowRun {
  first: number;
  last: number;
}

/** Consecutive flow pages of the same section and column count: one stream of products. */
export function flowRuns(catalog: Catalog): FlowRun[] {
  const runs: FlowRun[] = [];
  catalog.pages.forEach((page, i) => {
    const prev = runs[runs.length - 1];
    const prevPage = prev ? catalog.pages[prev.last] : null;
    if (
      page.kind === 'flow' &&
      prev &&
      prev.last === i - 1 &&
      prevPage &&
      prevPage.section === page.section &&
      prevPage.columns === page.columns
    ) {
      prev.last = i;
    } else if (page.kind === 'flow') {
      runs.push({ first: i, last: i });
    }
  });
  return runs;
}

function uniqueId(base: string, taken: Set<string>): string {
  let n = 2;
  let id = `${base}-${n}`;
  while (taken.has(id)) id = `${base}-${++n}`;
  taken.add(id);
  return id;
}

/**
 * A new page continuing `from`: same layout, header, footer and section. A list page keeps its cells' elements
 * (title, table, buyer details...) under ids derived from the new page's; a flow page starts empty.
 */
function continuation(from: Page, id: string): Page {
  const elements = from.kind === 'flow' ? [] : from.elements.map((el) => ({ ...el, id: `${id}-${el.id}` }));
  return {
    ...from,
    id,
    elements,
    html: from.kind === 'flow' ? '' : from.html,
    render: null,
    url: null,
    pagination: null,
  };
}

interface Step {
  blocks: MeasureBlock[];
  apply: (heights: number[]) => Catalog;
}

function flowStep(catalog: Catalog, ctx: RenderContext, tolerance: number): Step | null {
  const runs = flowRuns(catalog);
  if (runs.length === 0) return null;
  const perRun = runs.map((run) => {
    const first = catalog.pages[run.first];
    const items: ProductElement[] = [];
    for (let i = run.first; i <= run.last; i++)
      items.push(...catalog.pages[i].elements.filter(isProductElement));
    const box = contentBoxPx(first, catalog, ctx.format);
    const width = columnWidthPx(box.width, first.columns);
    return { run, items, box, width };
  });
  const blocks = perRun.flatMap((r) => r.items.map((el) => flowItemBlock(ctx, el, r.run.first + 1, r.width)));
  return {
    blocks,
    apply: (heights) => {
      const taken = new Set(catalog.pages.map((p) => p.id));
      const pages: Page[] = [];
      let cursor = 0;
      let next = 0;
      for (const r of perRun) {
        while (next < r.run.first) pages.push(catalog.pages[next++]);
        const first = catalog.pages[r.run.first];
        const hs = heights.slice(cursor, cursor + r.items.length);
        cursor += r.items.length;
        const packed = packColumns(
          hs.map((height) => ({ height })),
          () => ({ columns: first.columns, columnHeight: r.box.height }),
          tolerance,
        );
        const runPages = catalog.pages.slice(r.run.first, r.run.last + 1);
        packed.forEach((p, k) => {
          const base = runPages[k] ?? continuation(runPages[runPages.length - 1], uniqueId(first.id, taken));
          pages.push({
            ...base,
            elements: r.items.slice(p.start, p.start + p.count),
            pagination: { start: 0, count: p.count, columnBreaks: p.columnBreaks },
          });
        });
        next = r.run.last + 1;
      }
      while (next < catalog.pages.length) pages.push(catalog.pages[next++]);
      return { ...catalog, pages };
    },
  };
}

/** First pages of generated lists (index, contents, tables, order forms, summaries) and their continuations. */
function listRuns(catalog: Catalog): FlowRun[] {
  const runs: FlowRun[] = [];
  catalog.pages.forEach((page, i) => {
    if (!isListKind(page.kind)) return;
    const prev = runs[runs.length - 1];
    const continues =
      prev &&
      prev.last === i - 1 &&
      catalog.pages[i - 1].kind === page.kind &&
      (page.pagination?.start ?? 0) > 0;
    if (continues) prev.last = i;
    else runs.push({ first: i, last: i });
  });
  return runs;
}

function listStep(catalog: Catalog, ctx: RenderContext, tolerance: number): Step | null {
  const runs = listRuns(catalog);
  if (runs.length === 0) return null;
  const perRun = runs.map((run) => ({ run, model: listModel(ctx, run.first) }));
  const blocks = perRun.flatMap((r) => r.model.blocks.map((b) => listBlock(ctx, r.model, b)));
  return {
    blocks,
    apply: (heights) => {
      const taken = new Set(catalog.pages.map((p) => p.id));
      const pages: Page[] = [];
      let cursor = 0;
      let next = 0;
      for (const { run, model } of perRun) {
        while (next < run.first) pages.push(catalog.pages[next++]);
        const hs = heights.slice(cursor, cursor + model.blocks.length);
        cursor += model.blocks.length;
        const packed = packColumns(
          hs.map((height, i) => ({ height, keepWithNext: model.keepWithNext[i] })),
          () => ({ columns: model.columns, columnHeight: model.columnHeight }),
          tolerance,
          { balanceLastPage: model.kind === 'index' },
        );
        const runPages = catalog.pages.slice(run.first, run.last + 1);
        const first = runPages[0];
        packed.forEach((p, k) => {
          const base = runPages[k] ?? continuation(runPages[runPages.length - 1], uniqueId(first.id, taken));
          pages.push({
            ...base,
            pagination: { start: p.start, count: p.count, columnBreaks: p.columnBreaks },
          });
        });
        next = run.last + 1;
      }
      while (next < catalog.pages.length) pages.push(catalog.pages[next++]);
      return { ...catalog, pages };
    },
  };
}

function* steps(catalog: Catalog, options: PaginateOptions): Generator<Step, Catalog, number[]> {
  const tolerance = options.tolerance ?? OVERFLOW_TOLERANCE_PX;
  let current = catalog;
  // Flow first: it changes which page each product is on, which the index and summaries then report.
  for (const make of [flowStep, listStep]) {
    const ctx = createRenderContext(current, options.render);
    const step = make(current, ctx, tolerance);
    if (!step) continue;
    const heights = yield step;
    current = step.apply(heights);
  }
  return current;
}

function checkHeights(heights: number[], expected: number): number[] {
  if (!Array.isArray(heights) || heights.length !== expected) {
    throw new Error(
      `measure returned ${Array.isArray(heights) ? heights.length : 'no'} heights for ${expected} blocks`,
    );
  }
  return heights.map((h) => (Number.isFinite(h) && h > 0 ? h : 0));
}

/**
 * Paginate a catalog with a synchronous measure (the editor's DOM, estimateMeasure): flow pages are re-filled
 * column by column (an overflowing product moves to the next column, then to a following flow page, created
 * when needed, with the 10 px tolerance), and every generated list is split over as many pages as its
 * entries need. Returns a new catalog; the input is not changed.
 */
export function paginateCatalogSync(
  catalog: Catalog,
  measure: Measure,
  options: PaginateOptions = {},
): Catalog {
  const it = steps(catalog, options);
  let r = it.next();
  while (!r.done) {
    const step = r.value;
    r = it.next(checkHeights(measure(step.blocks), step.blocks.length));
  }
  return r.value;
}

/** The same with a measure that may be asynchronous (a Chromium page in the worker). */
export async function paginateCatalog(
  catalog: Catalog,
  measure: AsyncMeasure,
  options: PaginateOptions = {},
): Promise<Catalog> {
  const it = steps(catalog, options);
  let r = it.next();
  while (!r.done) {
    const step = r.value;
    r = it.next(checkHeights(await measure(step.blocks), step.blocks.length));
  }
  return r.value;
}

/** Whether any flow or list page has never been paginated (the renderer would only estimate its layout). */
export function needsPagination(catalog: Catalog): boolean {
  return catalog.pages.some((p) => (p.kind === 'flow' || isListKind(p.kind)) && !p.pagination);
}
