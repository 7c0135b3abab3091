import { describe, expect, it } from 'vitest';
import { makeCatalog, makeProduct, productPage } from '../../core/commands/fixtures.ts';
import type { Catalog } from '../../core/model/index.ts';
import { createEditorStore, redoable, undoable, type EditorStore } from './store.ts';

/*
 * SPEC §4 'Editor mode and layouts': editing a layout stores a copy of the current page; stopping restores the
 * copy; saving (Done) returns to view. Every way out but Done is a stop: Cancel, Escape, another page, another
 * change, leaving the editor. The history and what waits to be saved follow the page.
 */

const cells = (catalog: Catalog, pageId: string) => catalog.pages.find((p) => p.id === pageId)!.layout.cells;

function editor(): { store: EditorStore; s: () => ReturnType<EditorStore['getState']> } {
  const store = createEditorStore({
    catalog: makeCatalog([
      productPage('a', [makeProduct(1), makeProduct(2)], 2),
      productPage('b', [makeProduct(3)], 4),
    ]),
    revision: 1,
  });
  return { store, s: () => store.getState() };
}

/** The merchant places a product on page b (one step), goes back to page a and edits its layout. */
function editing() {
  const e = editor();
  e.s().dispatch({ name: 'dropProduct', args: { pageId: 'b', cellIndex: 1, product: makeProduct(4) } });
  e.s().goToPage('a');
  const before = e.s().catalog;
  e.s().startLayoutEdit(true);
  e.s().dispatch({ name: 'addCell', args: { pageId: 'a' } });
  e.s().dispatch({ name: 'setCell', args: { pageId: 'a', cellIndex: 0, cell: { width: 0.25 } } });
  expect(cells(e.s().catalog, 'a')).toHaveLength(3);
  return { ...e, before };
}

describe('leaving the edit-layout mode', () => {
  it('Cancel restores the page, and undo goes to the step before the edit; redo never brings the edit back', () => {
    const { s, before } = editing();
    s().stopLayoutEdit(false);
    expect(s().mode).toBe('view');
    expect(s().catalog).toBe(before);
    // The edit made no step: undo takes back the product placed before it, redo puts it again, and that is all.
    expect(redoable(s())).toBe(false);
    s().undo();
    expect(s().catalog.pages[1]!.elements[1]!.type).toBe('application/void');
    s().redo();
    expect(s().catalog).toBe(before);
    expect(redoable(s())).toBe(false);
  });

  it('going to another page restores the page being edited and shows the other one', () => {
    const { s, before } = editing();
    s().goToPage('b');
    expect(s().mode).toBe('view');
    expect(s().layoutEdit).toBeNull();
    expect(s().currentPageId).toBe('b');
    expect(s().catalog).toBe(before);
  });

  it('choosing a cell of another page, or a header to edit, restores it too', () => {
    const first = editing();
    first.s().select({ pageId: 'b', index: 0 });
    expect(first.s().catalog).toBe(first.before);
    const second = editing();
    second.s().selectBand({ pageId: 'a', which: 'header' });
    expect(second.s().mode).toBe('view');
    expect(second.s().catalog).toBe(second.before);
  });

  it('a change that is not a layout step (a product chosen in the panel) restores the page, then is made', () => {
    const { s, before } = editing();
    s().dispatch({ name: 'addProduct', args: { pageId: 'b', product: makeProduct(5) } });
    expect(s().mode).toBe('view');
    expect(cells(s().catalog, 'a')).toEqual(cells(before, 'a'));
    expect(s().catalog.pages[1]!.elements[2]!.properties).toMatchObject({ id: 'p5' });
    // One step for the product, on top of the step before the edit.
    s().undo();
    expect(s().catalog).toBe(before);
  });

  it('the edit’s steps wait unsent and are dropped; what was made before the edit is still to be saved', () => {
    const { s } = editing();
    const names = () => s().pending.map((e) => `${e.command.name}${e.held ? ' (held)' : ''}`);
    expect(names()).toEqual(['dropProduct', 'addCell (held)', 'setCell (held)']);
    s().stopLayoutEdit(false);
    expect(names()).toEqual(['dropProduct']);
  });

  it('a product moved to a new page by a removed cell goes back with the page', () => {
    const { s } = editor();
    const before = s().catalog;
    s().startLayoutEdit(true);
    s().select({ pageId: 'a', index: 1 });
    // Page a has no free cell left: product 2 goes to a new page, which the edit stays away from.
    s().dispatch({ name: 'removeCell', args: { pageId: 'a', cellIndex: 1 } });
    expect(s().catalog.pages).toHaveLength(3);
    expect(s().currentPageId).toBe('a');
    s().stopLayoutEdit(false);
    expect(s().catalog).toBe(before);
    expect(s().pending).toEqual([]);
    expect(undoable(s())).toBe(false);
  });

  it('undo and redo in the mode go through the edit’s own steps only', () => {
    const { s } = editing();
    expect([undoable(s()), redoable(s())]).toEqual([true, false]);
    s().undo();
    s().undo();
    expect(cells(s().catalog, 'a')).toHaveLength(2);
    // The step before the edit (the product on page b) is out of reach until the edit ends.
    expect(undoable(s())).toBe(false);
    s().undo();
    expect(s().catalog.pages[1]!.elements[1]!.type).toBe('application/product');
    expect(s().mode).toBe('layout');
    s().redo();
    expect(cells(s().catalog, 'a')).toHaveLength(3);
    expect(redoable(s())).toBe(true);
    // Cancel after undo and redo: still the copy, and the undone step does not come back either.
    s().stopLayoutEdit(false);
    expect(cells(s().catalog, 'a')).toHaveLength(2);
    expect(redoable(s())).toBe(false);
    expect(s().pending.map((e) => e.command.name)).toEqual(['dropProduct']);
  });

  it('Done keeps the edit: its steps go to be saved and stay undoable one by one', () => {
    const { s, before } = editing();
    s().stopLayoutEdit(true);
    expect(s().mode).toBe('view');
    expect(s().pending.map((e) => [e.command.name, !!e.held])).toEqual([
      ['dropProduct', false],
      ['addCell', false],
      ['setCell', false],
    ]);
    expect(s().status).toBe('saving');
    s().undo();
    expect(cells(s().catalog, 'a')).toHaveLength(3);
    s().undo();
    expect(s().catalog.pages[0]).toEqual(before.pages[0]);
  });

  it('leaving without a change keeps what redo could bring back from before the edit', () => {
    const { s } = editor();
    s().dispatch({ name: 'dropProduct', args: { pageId: 'b', cellIndex: 1, product: makeProduct(4) } });
    s().undo();
    s().startLayoutEdit(true);
    s().stopLayoutEdit(false);
    expect(redoable(s())).toBe(true);
  });
});
