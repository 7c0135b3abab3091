import { describe, expect, it } from 'vitest';
import {
  buildPreflightReport,
  combineLayoutFacts,
  ERROR_DPI,
  placedDpi,
  preflightLine,
  WARN_DPI,
  type LayoutFacts,
} from './index.ts';

const clean: LayoutFacts = {
  pageIds: ['cover', 'p2', 'p3', 'p4'],
  elements: [],
  pictures: [],
  missingPictures: [],
  overflows: [],
  textEdges: [],
  emptyCells: [],
  failedFonts: [],
  fontsNotEmbeddable: [],
};
const at = (page: number, cell: number | null, elementId: string | null = null) => ({
  page,
  cell,
  elementId,
});
/** A picture of `pixels` px wide placed 1 inch (96 CSS px) wide and high: its dpi is its pixel count. */
const picture = (page: number, cell: number, px: number) => ({
  ...at(page, cell, `e${cell}`),
  width: 96,
  height: 96,
  pixels: { width: px, height: px },
});

describe('preflight report (issue 28 item 4)', () => {
  it('finds nothing in a clean layout', () => {
    const report = buildPreflightReport({
      facts: {
        ...clean,
        pictures: [picture(1, 0, 300), picture(2, 1, 1200)],
        textEdges: [{ ...at(1, 0), px: 40 }],
      },
      safeMarginMm: 5,
    });
    expect(report).toEqual({ items: [], errors: 0, warnings: 0 });
  });

  it('measures dpi at the placed size, the lower of the two directions', () => {
    expect(placedDpi({ width: 600, height: 300 }, 192, 96)).toBe(300);
    expect(placedDpi({ width: 600, height: 300 }, 96, 192)).toBe(150);
    expect(placedDpi({ width: 100, height: 100 }, 0, 0)).toBe(Infinity);
  });

  it('warns under 300 dpi, errs under 150 dpi, once per element at its lowest resolution', () => {
    const report = buildPreflightReport({
      facts: {
        ...clean,
        pictures: [
          picture(3, 1, 96),
          picture(3, 1, 120),
          picture(3, 2, WARN_DPI - 1),
          picture(3, 3, ERROR_DPI),
        ],
      },
      safeMarginMm: 5,
    });
    expect(report.items.map((i) => preflightLine(i))).toEqual([
      'page 4, element 2: picture 96 dpi at placed size',
      'page 4, element 3: picture 299 dpi at placed size',
      'page 4, element 4: picture 150 dpi at placed size',
    ]);
    expect(report.items.map((i) => i.severity)).toEqual(['error', 'warning', 'warning']);
    expect(report.items[0]).toMatchObject({ page: 4, pageId: 'p4', element: 2, elementId: 'e1' });
    expect(report).toMatchObject({ errors: 1, warnings: 2 });
  });

  it('lists missing pictures, overflows past the tolerance, text in the bleed and inside the safe margin', () => {
    const report = buildPreflightReport({
      facts: {
        ...clean,
        missingPictures: [at(1, 0, 'a')],
        overflows: [
          { ...at(1, 1), px: 1.5 },
          { ...at(1, 2), px: 37.8 },
        ],
        textEdges: [
          { ...at(2, 0), px: -11.34 },
          { ...at(2, 1), px: 7.56 },
          { ...at(2, 2), px: 30 },
        ],
        emptyCells: [at(3, 4)],
      },
      safeMarginMm: 5,
    });
    expect(report.items.map((i) => preflightLine(i))).toEqual([
      'page 2, element 1: picture missing',
      'page 2, element 3: text overflows its cell by 10 mm',
      'page 3, element 1: text runs 3 mm past the trim into the bleed',
      'page 3, element 2: text 2 mm from the trim, inside the 5 mm safe margin',
      'page 4, element 5: empty cell',
    ]);
    expect(report).toMatchObject({ errors: 3, warnings: 2 });
  });

  it('names fonts for the whole catalog and products changed in the store where they are placed', () => {
    const report = buildPreflightReport({
      facts: {
        ...clean,
        failedFonts: ['Brand Sans'],
        fontsNotEmbeddable: ['Locked Serif'],
        elements: [at(2, 3, 'prod-1')],
      },
      findings: {
        changedProducts: [
          { elementId: 'prod-1', title: 'Wool scarf', kinds: ['prices', 'images'] },
          { elementId: 'gone', title: 'Hat', kinds: ['information'] },
        ],
      },
      safeMarginMm: 5,
    });
    expect(report.items.map((i) => preflightLine(i))).toEqual([
      'catalog: font Brand Sans could not be loaded',
      'catalog: font Locked Serif does not allow embedding in a PDF',
      'catalog: Hat changed in the store since the last synchronize (information)',
      'page 3, element 4: Wool scarf changed in the store since the last synchronize (prices, images)',
    ]);
    expect(preflightLine(report.items[3]!, 'fr')).toBe(
      'page 3, élément 4 : Wool scarf a changé dans la boutique depuis la dernière synchronisation (prix, images)',
    );
  });
});

describe('a long export printed in parts', () => {
  it("counts each part's pages from its first page and names each font once", () => {
    const part = (ids: string[], font: string): LayoutFacts => ({
      ...clean,
      pageIds: ids,
      elements: [at(0, 0, 'a'), at(1, 2, 'b')],
      pictures: [picture(1, 1, 100)],
      missingPictures: [at(0, 1)],
      overflows: [{ ...at(1, 0), px: 9 }],
      textEdges: [{ ...at(0, 0), px: -1 }],
      emptyCells: [at(1, 3)],
      failedFonts: [font, 'Shared'],
      fontsNotEmbeddable: ['Locked'],
    });
    const facts = combineLayoutFacts([
      { from: 2, facts: part(['p3', 'p4'], 'Second') },
      { from: 0, facts: part(['p1', 'p2'], 'First') },
    ]);
    expect(facts.pageIds).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(facts.elements.map((w) => w.page)).toEqual([0, 1, 2, 3]);
    expect(facts.pictures.map((w) => w.page)).toEqual([1, 3]);
    expect(facts.missingPictures.map((w) => w.page)).toEqual([0, 2]);
    expect(facts.overflows.map((w) => [w.page, w.px])).toEqual([
      [1, 9],
      [3, 9],
    ]);
    expect(facts.textEdges.map((w) => w.page)).toEqual([0, 2]);
    expect(facts.emptyCells.map((w) => w.page)).toEqual([1, 3]);
    expect(facts.failedFonts).toEqual(['First', 'Shared', 'Second']);
    expect(facts.fontsNotEmbeddable).toEqual(['Locked']);
    // The report names the pages of the whole document.
    const report = buildPreflightReport({ facts, safeMarginMm: 0 });
    expect(report.items.filter((i) => i.code === 'picture_missing').map((i) => [i.page, i.pageId])).toEqual([
      [1, 'p1'],
      [3, 'p3'],
    ]);
  });
});
