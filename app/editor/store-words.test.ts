import { describe, expect, it } from 'vitest';
import { makeCatalog, makeProduct, productPage } from '../../core/commands/fixtures.ts';
import { createEditorStore } from './store.ts';

const catalog = () =>
  makeCatalog([productPage('a', [makeProduct(1)]), productPage('b', []), productPage('c', [])]);

describe('the editor store: the words of a page', () => {
  it('chooses a header or a cell, never both, and forgets a band whose page is removed', () => {
    const store = createEditorStore({ catalog: catalog(), revision: 1 });
    const s = () => store.getState();
    s().select({ pageId: 'a', index: 0 });
    s().selectBand({ pageId: 'b', which: 'footer' });
    expect(s()).toMatchObject({
      band: { pageId: 'b', which: 'footer' },
      selection: null,
      currentPageId: 'b',
    });
    s().select({ pageId: 'a', index: 0 });
    expect(s()).toMatchObject({ band: null, selection: { pageId: 'a', index: 0 } });
    s().selectBand({ pageId: 'c', which: 'header' });
    s().dispatch({ name: 'removePages', args: { pageIds: ['c'] } });
    expect(s().band).toBeNull();
  });

  it('makes a footer change and "update all footers" two undo steps, each saved', () => {
    const store = createEditorStore({ catalog: catalog(), revision: 1 });
    const s = () => store.getState();
    s().dispatch({ name: 'setPageBand', args: { pageId: 'a', which: 'footer', html: 'Maison PAGE_NUMBER' } });
    s().dispatch({ name: 'updateAllFooters', args: { pageId: 'a' } });
    const footers = () => s().catalog.pages.map((p) => p.footer.properties.html);
    expect(footers()).toEqual(['Maison PAGE_NUMBER', 'Maison PAGE_NUMBER', 'Maison PAGE_NUMBER']);
    expect(s().pending.map((e) => e.command.name)).toEqual(['setPageBand', 'updateAllFooters']);
    s().undo();
    expect(footers()).toEqual(['Maison PAGE_NUMBER', '', '']);
    s().undo();
    expect(footers()).toEqual(['', '', '']);
  });

  it('sets a caption template as one step and replaces a product in place', () => {
    const store = createEditorStore({ catalog: catalog(), revision: 1 });
    const s = () => store.getState();
    const id = s().catalog.pages[0]!.elements[0]!.id;
    s().dispatch({ name: 'setCaptionTemplate', args: { pageId: 'a', elementIndex: 0, template: '[SKU]' } });
    s().dispatch({ name: 'replaceProduct', args: { pageId: 'a', elementId: id, product: makeProduct(2) } });
    expect(s().catalog.pages[0]!.elements[0]).toMatchObject({
      id,
      price_template: '[SKU]',
      properties: { id: 'p2' },
    });
    s().undo();
    expect(s().catalog.pages[0]!.elements[0]).toMatchObject({
      price_template: '[SKU]',
      properties: { id: 'p1' },
    });
  });
});
