import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useStore } from 'zustand';
import { sectionEnd } from '../../core/commands/index.ts';
import { ProductSchema, type Catalog, type ProductInput } from '../../core/model/index.ts';
import { needsPagination } from '../../core/pagination/index.ts';
import type { PanelListing } from '../components/listings-panel/index.ts';
import { createApiClient, type ApiClient } from './api.ts';
import { createDomSettle } from './dom-settle.ts';
import { createEditorStore, currentPageIndex, type EditorState, type EditorStore } from './store.ts';
import { nudgeCell } from '../../core/layouts/index.ts';
import { readStoredPending, SaveQueue, type SyncOptions, type SyncText } from './sync.ts';
import { askWholeCatalog, readWholeCatalog, type Opening } from './opening.ts';

/** A store listing as the product a page carries (the fields they share, with the listing's id and source). */
export function productFromListing(listing: PanelListing): ProductInput {
  return ProductSchema.parse({ ...listing, id: listing.id, source: listing.source ?? 'own' });
}

/** The drag payload a listing row carries onto a cell. */
export const LISTING_DRAG_TYPE = 'application/x-catalog-builder-listing';
/** The drag payload a picture of the Images tab carries onto a cell: `{ src }`. */
export const IMAGE_DRAG_TYPE = 'application/x-catalog-builder-image';

export type EditorBoot = {
  catalog: Catalog;
  revision: number;
  /** The save ids the server already took: commands stored under them are not sent again. */
  saves: string[];
  readonly: boolean;
  /** A long catalog given by its first pages (`catalog` holds those): the rest is read once the screen is up. */
  opening: Opening | null;
};

/**
 * The editor's store and save queue for one visit: made once, the queue started after hydration (it reads
 * sessionStorage and talks to the server) and stopped when the page goes.
 */
export function useEditor(boot: EditorBoot): { store: EditorStore; api: ApiClient } {
  const { t } = useTranslation('editor');
  const api = useMemo(() => createApiClient(), []);
  const [store] = useState(() => {
    const storage = typeof window === 'undefined' ? null : window.sessionStorage;
    const settle = typeof document === 'undefined' ? undefined : createDomSettle(document);
    // A long catalog's kept commands wait for its every page (they are read again then).
    const restored =
      boot.readonly || boot.opening ? [] : readStoredPending(storage, boot.catalog._id, boot.saves);
    const s = createEditorStore({
      catalog: boot.catalog,
      revision: boot.revision,
      readonly: boot.readonly,
      restored,
      settle,
      opening: boot.opening,
    });
    if (restored.length) s.getState().notify('info', t('save.restored'));
    return s;
  });

  // A long catalog opened on its first pages: the whole of it is asked for at once (the server reads it while the
  // page hydrates), and read once the screen is up.
  const [asking] = useState(() => {
    if (!boot.opening || typeof window === 'undefined') return null;
    const stop = new AbortController();
    return { stop, answer: askWholeCatalog(boot.catalog._id, stop.signal) };
  });
  const opened = useStore(store, (s) => s.opening === null);
  // A long catalog opened on its first pages: the whole of it is read now, with its progress; editing starts then.
  useEffect(() => {
    const opening = boot.opening;
    if (!opening || !asking) return;
    const id = boot.catalog._id;
    // Asked again when an earlier run of this effect stopped the first asking (a development double run).
    if (asking.stop.signal.aborted) {
      asking.stop = new AbortController();
      asking.answer = askWholeCatalog(id, asking.stop.signal);
    }
    const stop = asking.stop;
    const read = () =>
      readWholeCatalog(asking.answer, opening, (pages) => store.getState().openingProgress(pages)).then(
        (whole) => {
          const restored = boot.readonly ? [] : readStoredPending(window.sessionStorage, id, whole.saves);
          store.getState().finishOpening({ catalog: whole.catalog, revision: whole.revision, restored });
          if (store.getState().pending.length) store.getState().notify('info', t('save.restored'));
        },
        () => {
          if (!stop.signal.aborted) store.getState().notify('critical', t('opening.failed'));
        },
      );
    // Read after the first pages are on screen and the screen has answered its first render.
    let timer: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => (timer = setTimeout(() => void read(), 0)));
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timer);
      stop.abort();
    };
    // The boot is the visit's: read once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [store]);

  // A link from the print preflight (?page=<page id>&cell=<n>, n from 1) opens on that page, the element selected.
  useEffect(() => {
    const q = new URLSearchParams(window.location.search);
    const pageId = q.get('page');
    const page = pageId ? store.getState().catalog.pages.find((p) => p.id === pageId) : undefined;
    if (!opened || !page) return;
    const cell = Number(q.get('cell'));
    if (Number.isInteger(cell) && cell >= 1 && cell <= page.layout.cells.length)
      store.getState().select({ pageId: page.id, index: cell - 1 });
    else store.getState().goToPage(page.id);
  }, [store, opened]);

  useEffect(() => {
    // The save queue starts once every page is there: nothing can change before.
    if (boot.readonly || !opened) return;
    const text: SyncText = {
      failed: t('save.failed'),
      unauthorized: t('save.unauthorized'),
      remote: (pages) => t('save.remote', { count: pages.length, pages: pages.join(', ') }),
      rebased: t('save.rebased'),
      notApplied: (labels) => t('save.notApplied', { count: labels.length, changes: labels.join(', ') }),
      label: (entry) => t([`commands.${entry.command.name}`, `arrange:commands.${entry.command.name}`]),
    };
    const channel =
      typeof BroadcastChannel === 'undefined'
        ? null
        : new BroadcastChannel(`catalog-builder:${boot.catalog._id}`);
    const queue = new SaveQueue(store, {
      transport: api.transport,
      text,
      storage: window.sessionStorage,
      // The queue only posts and listens; a BroadcastChannel's event is a MessageEvent with data.
      channel: channel as unknown as SyncOptions['channel'],
      settle: createDomSettle(document),
    });
    queue.start();
    // Flow and list pages saved without pagination (a catalog built elsewhere) are laid out as they print.
    if (needsPagination(store.getState().catalog))
      store.getState().dispatch({ name: 'paginate', args: {} }, { silent: true });
    // Closing or leaving the editor in the middle of a layout edit puts the page back (SPEC §4), then saves.
    const leave = () => {
      store.getState().stopLayoutEdit(false);
      void queue.flush();
    };
    window.addEventListener('pagehide', leave);
    return () => {
      window.removeEventListener('pagehide', leave);
      store.getState().stopLayoutEdit(false);
      queue.stop();
      channel?.close();
    };
  }, [store, api, boot.readonly, boot.catalog._id, t, opened]);

  return { store, api };
}

/** Read a slice of the editor state; re-renders only when it changes. */
export function useEditorState<T>(store: EditorStore, pick: (s: EditorState) => T): T {
  return useStore(store, pick);
}

const typing = (target: EventTarget | null) =>
  target instanceof HTMLElement &&
  (target.isContentEditable || ['INPUT', 'TEXTAREA', 'SELECT'].includes(target.tagName));

/**
 * The editor's keyboard shortcuts (SPEC §2.2): Ctrl/⌘+Z undo, Ctrl/⌘+Shift+Z or Ctrl+Y redo, Alt+→/← next and
 * previous page, Ctrl+Alt+Shift+→/← next and previous section end, Ctrl+Shift+D developer mode, Delete/Backspace removes the selected element; editing a layout, arrows move the
 * chosen cell, Shift+arrows resize it and Escape cancels the edit. Keys typed into
 * a field are the field's.
 */
export function useEditorShortcuts(store: EditorStore) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (typing(e.target)) return;
      const s = store.getState();
      const mod = e.ctrlKey || e.metaKey;
      const key = e.key.toLowerCase();
      if (mod && !e.altKey && key === 'z') {
        e.preventDefault();
        if (e.shiftKey) s.redo();
        else s.undo();
      } else if (mod && !e.altKey && !e.shiftKey && key === 'y') {
        e.preventDefault();
        s.redo();
      } else if (mod && e.shiftKey && key === 'd') {
        e.preventDefault();
        s.toggleDevMode();
      } else if (
        e.key === 'Escape' &&
        s.mode === 'layout' &&
        !(e.target instanceof Element && e.target.closest('[role="dialog"]'))
      ) {
        // A dialog of the mode (Save to my layouts) takes its own Escape.
        // Escape leaves the layout edit as Cancel does (a cell being dragged takes it first, to put the drag back).
        e.preventDefault();
        s.stopLayoutEdit(false);
      } else if (s.mode === 'layout' && s.selection && !mod && !e.altKey && e.key.startsWith('Arrow')) {
        // Editing a layout, the arrows move the chosen cell and Shift+arrows resize it, one grid step each.
        e.preventDefault();
        const { pageId, index } = s.selection;
        const cell = s.catalog.pages.find((p) => p.id === pageId)?.layout.cells[index];
        const next = cell && nudgeCell(cell, e.key, e.shiftKey);
        if (next) s.dispatch({ name: 'setCell', args: { pageId, cellIndex: index, cell: next } });
      } else if (mod && e.altKey && e.shiftKey && (e.key === 'ArrowRight' || e.key === 'ArrowLeft')) {
        e.preventDefault();
        const to = sectionEnd(s.catalog, currentPageIndex(s), e.key === 'ArrowRight' ? 1 : -1);
        if (to !== null) s.goToPage(s.catalog.pages[to]!.id);
      } else if (e.altKey && !mod && (e.key === 'ArrowRight' || e.key === 'ArrowLeft')) {
        e.preventDefault();
        const i = currentPageIndex(s) + (e.key === 'ArrowRight' ? 1 : -1);
        const page = s.catalog.pages[i];
        if (page) s.goToPage(page.id);
      } else if ((e.key === 'Delete' || e.key === 'Backspace') && s.selection && !s.readonly) {
        e.preventDefault();
        // Editing a layout, the chosen cell goes (as Remove cell does); otherwise what it holds.
        if (s.mode === 'layout') {
          s.dispatch({
            name: 'removeCell',
            args: { pageId: s.selection.pageId, cellIndex: s.selection.index },
          });
          s.select(null);
          return;
        }
        s.dispatch({
          name: 'removeElement',
          args: { pageId: s.selection.pageId, elementIndex: s.selection.index },
        });
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [store]);
}
