import { describe, expect, it } from 'vitest';
import { PageLayoutSchema, type LayoutType } from '../model/index.ts';
import { DEFAULT_LAYOUTS } from './defaults.ts';
import {
  addLayoutCell,
  cellCoordinatesText,
  groupLayouts,
  layoutAvailableTo,
  layoutText,
  layoutTitleKey,
  layoutSaveRequest,
  newLayout,
  readCellCoordinates,
  readLayoutText,
  removeLayoutCell,
  setLayoutCell,
  setLayoutFields,
  sortLayouts,
  type LayoutViewer,
} from './index.ts';

const named = (title: string, type: LayoutType = 'products', nb: number | null = null) =>
  PageLayoutSchema.parse({ title, type, nbProductsPage: nb });

describe('the layout groups and order (SPEC §2.3)', () => {
  it('groups the built-in layouts as Front Covers, Back Covers, Description Pages, Product Pages', () => {
    const groups = groupLayouts(DEFAULT_LAYOUTS);
    expect(groups.map((g) => g.group)).toEqual([
      'frontCovers',
      'backCovers',
      'descriptionPages',
      'productPages',
    ]);
    expect(groups[0]!.layouts.map((l) => l._id)).toEqual(['default-front-cover']);
    expect(groups[2]!.layouts.map((l) => l.type)).toContain('wholesale-contract');
  });

  it('puts 2 products per page before 12, also when only the title says how many', () => {
    const products = groupLayouts(DEFAULT_LAYOUTS).find((g) => g.group === 'productPages')!.layouts;
    expect(products.filter((l) => l.type === 'products').map((l) => l.nbProductsPage)).toEqual([
      1, 2, 4, 6, 8, 9, 12,
    ]);
    const titled = sortLayouts([named('12 per page'), named('2 per page'), named('Duo')]);
    expect(titled.map((l) => l.title)).toEqual(['2 per page', '12 per page', 'Duo']);
  });

  it('keeps custom layouts in their own group, ordered by the order staff gave, then title', () => {
    const a = { ...named('Zebra', 'custom'), ordering: 1 };
    const b = { ...named('Alpha', 'custom'), ordering: 100 };
    const groups = groupLayouts([b, a]);
    expect(groups).toEqual([{ group: 'custom', layouts: [a, b] }]);
  });

  it('names the built-in layouts by key so they read in the merchant language', () => {
    expect(layoutTitleKey({ _id: 'default-products-4' })).toBe('titles.default-products-4');
    expect(layoutTitleKey({ _id: 'a-merchant-uuid' })).toBeNull();
  });
});

describe('who may use a library layout (SPEC §6 availability)', () => {
  const viewer = (over: Partial<LayoutViewer>): LayoutViewer => ({
    tier: 'business',
    isTrial: false,
    hasExpired: false,
    isStaff: false,
    provider: 'stripe',
    ...over,
  });
  it('offers all to everyone, paid to paying accounts, essential and custom to those plans only', () => {
    const trial = viewer({ tier: 'trial', isTrial: true, provider: 'trial' });
    expect(layoutAvailableTo('all', trial)).toBe(true);
    expect(layoutAvailableTo('paid', trial)).toBe(false);
    expect(layoutAvailableTo('paid', viewer({}))).toBe(true);
    expect(layoutAvailableTo('paid', viewer({ hasExpired: true }))).toBe(false);
    expect(layoutAvailableTo('essential', viewer({}))).toBe(false);
    expect(layoutAvailableTo('essential', viewer({ tier: 'essential' }))).toBe(true);
    expect(layoutAvailableTo('custom', viewer({}))).toBe(false);
    expect(layoutAvailableTo('custom', viewer({ provider: 'custom' }))).toBe(true);
    expect(layoutAvailableTo('custom', viewer({ tier: 'custom' }))).toBe(true);
    expect(layoutAvailableTo('custom', trial)).toBe(false);
    expect(layoutAvailableTo('custom', viewer({ isStaff: true, tier: null }))).toBe(true);
  });
});

describe('the layout JSON editor (SPEC §5 well formed or not)', () => {
  it('reads a layout, filling in the defaults', () => {
    const read = readLayoutText('{"title":"Duo","cells":[{"x":0.5}]}');
    expect(read.ok).toBe(true);
    if (read.ok) expect(read.layout.cells[0]).toMatchObject({ x: 0.5, width: 0.1, z: 1 });
    expect(readLayoutText(layoutText(newLayout()))).toEqual({ ok: true, layout: newLayout() });
  });
  it('tells text that is not JSON from JSON that is not a layout, saying where', () => {
    expect(readLayoutText('{"title": ')).toMatchObject({ ok: false, problem: 'json' });
    expect(readLayoutText('{"cells":[{"x":4}]}')).toMatchObject({
      ok: false,
      problem: 'layout',
      path: 'cells.0.x',
    });
  });
});

describe('cell coordinates from the clipboard (SPEC §5: exactly four space-separated numbers)', () => {
  it('takes four numbers as x, y, width and height', () => {
    expect(readCellCoordinates('0.1 0.2 0.3 0.4')).toEqual({ x: 0.1, y: 0.2, width: 0.3, height: 0.4 });
    expect(readCellCoordinates('  0 .5 1 0.5 ')).toEqual({ x: 0, y: 0.5, width: 1, height: 0.5 });
    expect(readCellCoordinates(cellCoordinatesText({ x: 0.0125, y: 0.1, width: 0.5, height: 0.25 }))).toEqual(
      { x: 0.0125, y: 0.1, width: 0.5, height: 0.25 },
    );
  });
  it('refuses three or five numbers, other separators, words, and cells off the page', () => {
    for (const text of [
      '0.1 0.2 0.3',
      '0.1 0.2 0.3 0.4 0.5',
      '0.1,0.2,0.3,0.4',
      '0.1\t0.2 0.3 0.4',
      'x 0.2 0.3 0.4',
      '0.1 0.2 0.3 0.4px',
      '0.8 0 0.5 0.5',
      '0 0 0 0.5',
      '-0.1 0 0.5 0.5',
      '',
    ]) {
      expect(readCellCoordinates(text), text).toBeNull();
    }
  });
});

describe('editing a layout document (SPEC §3, §9)', () => {
  it('starts from SPEC defaults: Untitled, custom, public, margin 10, bands 0.05', () => {
    expect(newLayout()).toMatchObject({
      title: 'Untitled',
      type: 'custom',
      public: true,
      margin: 10,
      headerHeight: 0.05,
      footerHeight: 0.05,
      cells: [],
    });
  });
  it('adds a 0.1 × 0.1 cell, or a 0.5 × 0.5 free cell on top at z 10', () => {
    const one = addLayoutCell(newLayout());
    expect(one.index).toBe(0);
    expect(one.layout.cells[0]).toMatchObject({ width: 0.1, height: 0.1, z: 1 });
    const free = addLayoutCell(one.layout, { free: true, accepts: ['text/html'] });
    expect(free.index).toBe(1);
    expect(free.layout.cells[1]).toMatchObject({ x: 0.25, y: 0.25, width: 0.5, height: 0.5, z: 10 });
    expect(free.layout.cells[1]!.accepts).toEqual(['text/html']);
  });
  it('snaps a changed cell to the grid and keeps its other properties', () => {
    const { layout } = addLayoutCell(newLayout());
    const moved = setLayoutCell(layout, 0, {
      x: 0.333,
      maxLines: 3,
      reverse: true,
      properties: { verticalAlign: 'middle' },
    });
    expect(moved.cells[0]).toMatchObject({ x: 0.3375, maxLines: 3, reverse: true });
    expect(moved.cells[0]!.properties).toMatchObject({ verticalAlign: 'middle', default: null });
    expect(setLayoutCell(layout, 5, { x: 0.5 })).toBe(layout);
    expect(removeLayoutCell(moved, 0).cells).toEqual([]);
  });
  it('sets margin and band heights, keeping out values the schema refuses', () => {
    const l = setLayoutFields(newLayout(), { margin: 4, headerHeight: 0.1, footerHeight: 0 });
    expect(l).toMatchObject({ margin: 4, headerHeight: 0.1, footerHeight: 0 });
    expect(setLayoutFields(l, { headerHeight: 0.9 })).toBe(l);
    expect(setLayoutFields(l, { margin: -1 })).toBe(l);
  });
});

describe('layoutSaveRequest (SPEC §4 Layout save)', () => {
  const mine = { ...newLayout(), _id: 'abc', title: 'Mine' };

  it('updates the layout in place for its owner', () => {
    expect(layoutSaveRequest({ layout: mine, isOwner: true })).toEqual({
      method: 'PUT',
      path: '/api/v1/pagelayouts/abc',
      body: { layout: mine },
      creates: false,
    });
  });

  it('drops the id and creates a new layout for a non-owner, for save as new, and for a layout never saved', () => {
    for (const request of [
      layoutSaveRequest({ layout: mine, isOwner: false }),
      layoutSaveRequest({ layout: mine, isOwner: true, asNew: true }),
      layoutSaveRequest({ layout: { ...mine, _id: null }, isOwner: true }),
    ]) {
      expect(request).toMatchObject({ method: 'POST', path: '/api/v1/pagelayouts', creates: true });
      expect(request.body.layout).toEqual({ ...mine, _id: null });
    }
  });

  it("gives staff's order, and sends what staff create to the library", () => {
    expect(layoutSaveRequest({ layout: mine, isOwner: true, library: { ordering: 5 } }).body).toEqual({
      layout: mine,
      ordering: 5,
    });
    expect(
      layoutSaveRequest({ layout: mine, isOwner: true, asNew: true, library: { ordering: 5 } }).body,
    ).toEqual({ layout: { ...mine, _id: null }, ordering: 5, library: true });
  });
});
