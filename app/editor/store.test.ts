import { describe, expect, it } from 'vitest';
import { makeCatalog, makeProduct, productPage } from '../../core/commands/fixtures.ts';
import type { Catalog } from '../../core/model/index.ts';
import { createEditorStore } from './store.ts';

const titleOf = (catalog: Catalog, pageId: string, index: number) =>
  (catalog.pages.find((p) => p.id === pageId)!.elements[index]!.properties as { title?: string }).title;

describe('the editor store: a silent change', () => {
  it('joins the present step without making one of its own', () => {
    const store = createEditorStore({
      catalog: makeCatalog([productPage('a', [makeProduct(1)])]),
      revision: 1,
    });
    const s = () => store.getState();
    const id = s().catalog.pages[0]!.elements[0]!.id;
    s().dispatch({ name: 'setPageBand', args: { pageId: 'a', which: 'footer', html: 'Maison' } });
    s().dispatch(
      {
        name: 'replaceProduct',
        args: { pageId: 'a', elementId: id, product: makeProduct(1, { title: 'Full' }) },
      },
      { silent: true },
    );
    expect(titleOf(s().catalog, 'a', 0)).toBe('Full');
    expect(s().history.entries).toHaveLength(2);
    // Saved like any change.
    expect(s().pending.map((e) => e.command.name)).toEqual(['setPageBand', 'replaceProduct']);
    s().undo();
    // Plain `silent` reaches the present only: the step before still has the product as it was.
    expect(titleOf(s().catalog, 'a', 0)).toBe('Product 1');
  });

  it('with a test, reaches every saved copy the test accepts, so undo and redo keep it', () => {
    // The merchant places a product, then goes on (a footer) before its full listing arrives.
    const store = createEditorStore({ catalog: makeCatalog([productPage('a', [])]), revision: 1 });
    const s = () => store.getState();
    s().dispatch({ name: 'dropProduct', args: { pageId: 'a', cellIndex: 1, product: makeProduct(7) } });
    const placed = s().catalog.pages[0]!.elements[1]!.id;
    s().dispatch({ name: 'setPageBand', args: { pageId: 'a', which: 'footer', html: 'Maison' } });
    s().dispatch({ name: 'setPageBand', args: { pageId: 'a', which: 'header', html: 'Spring' } });
    s().undo();
    // Now: placed, footer (present), header (to redo). The full listing arrives.
    const holds = (c: Catalog) => c.pages[0]!.elements.some((e) => e.id === placed);
    s().dispatch(
      {
        name: 'replaceProduct',
        args: { pageId: 'a', elementId: placed, product: makeProduct(7, { title: 'Full listing' }) },
      },
      { silent: holds },
    );
    expect(titleOf(s().catalog, 'a', 1)).toBe('Full listing');
    expect(s().history.entries).toHaveLength(4);
    s().undo();
    expect(s().catalog.pages[0]!.footer.properties.html).toBe('');
    expect(titleOf(s().catalog, 'a', 1)).toBe('Full listing');
    s().undo();
    // Before the product was placed, the test said no: the empty cell stays empty.
    expect(s().catalog.pages[0]!.elements[1]!.type).toBe('application/void');
    s().redo();
    s().redo();
    s().redo();
    expect(s().catalog.pages[0]!.header.properties.html).toBe('Spring');
    expect(titleOf(s().catalog, 'a', 1)).toBe('Full listing');
  });
});

describe('the editor store: a long catalog opening on its first pages (issue 29)', () => {
  const whole = makeCatalog([
    productPage('a', [makeProduct(1)]),
    productPage('b', [makeProduct(2)]),
    productPage('c', [makeProduct(3)]),
    productPage('d', [makeProduct(4)]),
  ]);
  const first = { ...whole, pages: whole.pages.slice(0, 2) };
  const opened = () => createEditorStore({ catalog: first, revision: 3, opening: { total: 4 } });

  it('shows the first pages read-only and changes nothing until every page is there', () => {
    const store = opened();
    const s = () => store.getState();
    expect(s().opening).toEqual({ total: 4, received: 2 });
    expect(s().status).toBe('opening');
    expect(s().readonly).toBe(true);
    const r = s().dispatch({ name: 'setPageBand', args: { pageId: 'a', which: 'footer', html: 'Maison' } });
    expect(r.changed).toBe(false);
    expect(s().pending).toEqual([]);
    expect(s().catalog).toBe(first);
    s().openingProgress(3);
    s().openingProgress(1);
    expect(s().opening).toEqual({ total: 4, received: 3 });
  });

  it('takes the whole catalog as the server copy, keeps the page looked at, and edits every page after', () => {
    const store = opened();
    const s = () => store.getState();
    s().goToPage('b');
    s().finishOpening({ catalog: whole, revision: 5, restored: [] });
    expect(s().opening).toBeNull();
    expect(s().readonly).toBe(false);
    expect(s().status).toBe('saved');
    expect(s().catalog.pages.map((p) => p.id)).toEqual(['a', 'b', 'c', 'd']);
    expect(s().base).toBe(whole);
    expect(s().revision).toBe(5);
    expect(s().currentPageId).toBe('b');
    expect(s().history.entries).toHaveLength(1);
    // A page that had not arrived at first is now the merchant's to change, and the change is one step.
    const r = s().dispatch({ name: 'setPageBand', args: { pageId: 'd', which: 'footer', html: 'Maison' } });
    expect(r.changed).toBe(true);
    expect(s().pending.map((e) => e.command.name)).toEqual(['setPageBand']);
    s().undo();
    expect(s().catalog.pages[3]!.footer.properties.html).toBe('');
    // Finishing twice changes nothing.
    s().finishOpening({ catalog: first, revision: 9, restored: [] });
    expect(s().catalog.pages).toHaveLength(4);
    expect(s().revision).toBe(5);
  });

  it('applies the changes kept from before a reload to the whole catalog, still to be saved', () => {
    const store = opened();
    const s = () => store.getState();
    s().finishOpening({
      catalog: whole,
      revision: 5,
      restored: [
        {
          command: { name: 'setPageBand', args: { pageId: 'd', which: 'header', html: 'Spring' }, ids: [] },
          saveIds: ['save-1'],
        },
      ],
    });
    expect(s().catalog.pages[3]!.header.properties.html).toBe('Spring');
    expect(s().base.pages[3]!.header.properties.html).toBe('');
    expect(s().pending).toHaveLength(1);
    expect(s().status).toBe('saving');
  });

  it('stays read-only after opening when the visit is read-only', () => {
    const store = createEditorStore({ catalog: first, revision: 3, readonly: true, opening: { total: 4 } });
    store.getState().finishOpening({ catalog: whole, revision: 3, restored: [] });
    expect(store.getState().readonly).toBe(true);
    expect(store.getState().status).toBe('readonly');
    expect(store.getState().catalog.pages).toHaveLength(4);
  });
});
