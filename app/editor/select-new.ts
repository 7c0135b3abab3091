import { EDIT_SELECT_DELAY_MS } from '../../core/constants.ts';
import type { DispatchResult, EditorStore } from './store.ts';

/**
 * SPEC §4 'Adding content' and §9: a product just added is selected for editing 300 ms later (the sidebar then
 * shows its caption, templates and product), unless the merchant chose something else meanwhile or the element
 * is gone.
 */
export function selectNewElement(
  store: EditorStore,
  done: DispatchResult,
  later: (run: () => void, ms: number) => unknown = setTimeout,
): void {
  const target = done.selection;
  if (!done.changed || !target) return;
  const before = store.getState().selection;
  later(() => {
    const s = store.getState();
    if (s.selection !== before) return;
    const page = s.catalog.pages.find((p) => p.id === target.pageId);
    if (!page?.elements[target.index] || page.elements[target.index]!.type === 'application/void') return;
    s.select(target);
  }, EDIT_SELECT_DELAY_MS);
}
