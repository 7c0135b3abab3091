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
