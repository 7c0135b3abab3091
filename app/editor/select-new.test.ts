import { describe, expect, it } from 'vitest';
import { makeCatalog, makeProduct, productPage } from '../../core/commands/fixtures.ts';
import { selectNewElement } from './select-new.ts';
import { createEditorStore } from './store.ts';

/** SPEC §4 'Adding content', §9 'editing select delay 300 ms'. */
describe('a product just added', () => {
  const setup = () => {
    const store = createEditorStore({
      catalog: makeCatalog([productPage('a', [makeProduct(1)])]),
      revision: 1,
    });
    const timers: { run: () => void; ms: number }[] = [];
    const later = (run: () => void, ms: number) => timers.push({ run, ms });
    return { store, timers, later };
  };

  it('is selected for editing after 300 ms', () => {
    const { store, timers, later } = setup();
    const done = store
      .getState()
      .dispatch({ name: 'addProduct', args: { pageId: 'a', product: makeProduct(2) } });
    selectNewElement(store, done, later);
    expect(store.getState().selection).toBeNull();
    expect(timers.map((t) => t.ms)).toEqual([300]);
    timers[0]!.run();
    expect(store.getState().selection).toEqual({ pageId: 'a', index: 1 });
  });

  it('is not selected when the merchant chose something else meanwhile', () => {
    const { store, timers, later } = setup();
    const done = store
      .getState()
      .dispatch({ name: 'addProduct', args: { pageId: 'a', product: makeProduct(2) } });
    selectNewElement(store, done, later);
    store.getState().select({ pageId: 'a', index: 0 });
    timers[0]!.run();
    expect(store.getState().selection).toEqual({ pageId: 'a', index: 0 });
  });
});
