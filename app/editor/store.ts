import { createStore, type StoreApi } from 'zustand/vanilla';
import { applyPageDiff, diffPages } from '../../core/commands/index.ts';
import { MESSAGE_DURATIONS_MS } from '../../core/constants.ts';
import {
  canRedo,
  canUndo,
  createHistory,
  presentOf,
  pushHistory,
  redo as historyRedo,
  undo as historyUndo,
  type History,
} from '../../core/history/index.ts';
import type { Catalog } from '../../core/model/index.ts';
import {
  applyCommand,
  idSource,
  type CommandFailure,
  type EditorCommand,
  type RecordedCommand,
} from './commands.ts';

/**
 * A command made since the last state the server confirmed, with the ids of the saves that carried it: when
 * the server reports one of them as taken, the command is in its copy (an answer lost on the way).
 */
export type PendingEntry = {
  command: RecordedCommand;
  saveIds: string[];
  /**
   * Made while a layout is edited: held back (never sent, never kept for a reload) until Done keeps it; any other
   * way out of the mode drops it with the step it made (SPEC §4 'Stopping restores the copy').
   */
  held?: true;
};

/** 'opening': a long catalog opened on its first pages while the rest is read (nothing can change meanwhile). */
export type SaveStatus = 'saved' | 'saving' | 'failed' | 'blocked' | 'readonly' | 'opening';

export type Notice = { id: number; tone: 'info' | 'warning' | 'critical' | 'success'; text: string };

export type Selection = { pageId: string; index: number };

/** A page's header or footer chosen for editing (instead of a cell). */
export type BandSelection = { pageId: string; which: 'header' | 'footer' };

/**
 * A layout being edited (SPEC §4 'Editing a layout stores a copy of the current page and records whether the user
 * owns the layout'): the page, and the copy kept of the whole document (removing a cell may move its product to a
 * new page, automatic layout may touch others), and how many undo steps the edit has made and taken back, so
 * leaving it returns the history to where it began.
 */
export type LayoutEdit = {
  pageId: string;
  ownsLayout: boolean;
  /** The document when the edit began: what is put back if the history no longer reaches that far. */
  start: Catalog;
  /** Undo steps the edit made that are in effect (undo in the mode stops at the first). */
  steps: number;
  /** Steps of the edit taken back by undo, which redo may bring again. */
  undone: number;
};

/** The commands of the edit-layout mode; anything else leaves the mode first (and restores the page). */
export const LAYOUT_COMMANDS: ReadonlySet<EditorCommand['name']> = new Set([
  'setCell',
  'addCell',
  'removeCell',
]);

/** The page's zoom: 'page' fits it whole, 'width' fits its width, a number is a share of its printed size. */
export type Zoom = 'page' | 'width' | number;
export type FitScales = { page: number; width: number };
export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 3;

/** The scale the page is drawn at: a fit as measured (a guess before the first measure), or the zoom itself. */
export function zoomScale(zoom: Zoom, fit: FitScales | null): number {
  if (typeof zoom === 'number') return zoom;
  return fit ? fit[zoom] : 0.5;
}

export type EditorState = {
  catalogId: string;
  history: History<Catalog>;
  /** The document as the merchant sees it (the history's present). */
  catalog: Catalog;
  currentPageId: string | null;
  selection: Selection | null;
  /** The header or footer being edited; never set together with `selection`. */
  band: BandSelection | null;
  /** Pages picked in the thumbnails (ctrl/meta and shift clicks). */
  selectedPages: string[];
  mode: 'view' | 'layout';
  /** While editing a layout: the copy to put back when the merchant leaves by any way but Done (SPEC §4). */
  layoutEdit: LayoutEdit | null;
  /** The page's zoom: fitted whole in its box, fitted to its width, or a share of its printed size. */
  zoom: Zoom;
  /** The scales that fit the page whole and to its width in the box the screen gives it (measured there). */
  fit: FitScales | null;
  devMode: boolean;
  readonly: boolean;
  /** The last state the server confirmed, its revision, and the commands made since. */
  base: Catalog;
  revision: number;
  pending: PendingEntry[];
  status: SaveStatus;
  /** Why the last save failed or was blocked (SPEC §5/§8 message). */
  statusMessage: string | null;
  lastSavedAt: number | null;
  notices: Notice[];
  /** Counts the listings saved from the editor (the listing editor): the products panel asks again when it moves. */
  listingsSaved: number;
  /**
   * A long catalog opened on its first pages (issue 29): how many pages it has and about how many have arrived.
   * Meanwhile the editor shows those pages read-only; `finishOpening` brings the whole catalog.
   */
  opening: { total: number; received: number } | null;
};

export type DispatchOptions = {
  /**
   * Not a step of its own: the change joins the present step (data fetched after a product was placed, pages
   * laid out on opening). Given a test, it also reaches every other saved copy the test accepts, before and after
   * the present, so undo and redo never bring back what it replaced (the product as the panel showed it).
   */
  silent?: boolean | ((catalog: Catalog) => boolean);
};

export type EditorActions = {
  /** Run a command as one undo step; false when it changed nothing. */
  dispatch: (command: EditorCommand, options?: DispatchOptions) => DispatchResult;
  undo: () => void;
  redo: () => void;
  goToPage: (pageId: string) => void;
  select: (selection: Selection | null) => void;
  selectBand: (band: BandSelection | null) => void;
  setSelectedPages: (ids: string[]) => void;
  setZoom: (zoom: Zoom) => void;
  setFit: (fit: FitScales) => void;
  toggleDevMode: () => void;
  startLayoutEdit: (ownsLayout: boolean) => void;
  stopLayoutEdit: (keep: boolean) => void;
  /**
   * Show a message; it goes by itself after `durationMs` (SPEC §8: 6 s for what went well, 10 s for a warning, or
   * the message's own duration), a critical one stays until dismissed unless given a duration.
   */
  notify: (tone: Notice['tone'], text: string, durationMs?: number) => void;
  dismiss: (id: number) => void;
  /** A listing was saved (the listing editor): the products panel shows it as saved. */
  listingSaved: () => void;
  /** About how many pages of a long catalog have arrived so far. */
  openingProgress: (received: number) => void;
  /**
   * The whole catalog has arrived: it becomes the document (history, the server's copy and its revision start
   * from it), the commands kept from before a reload are applied again, and editing starts.
   */
  finishOpening: (whole: { catalog: Catalog; revision: number; restored: PendingEntry[] }) => void;
};

export type DispatchResult = { changed: boolean; selection: Selection | null };

export type EditorStore = StoreApi<EditorState & EditorActions>;

export type StoreOptions = {
  catalog: Catalog;
  revision: number;
  readonly?: boolean;
  /** Lays out flow and list pages after each change (the editor's DOM measure). */
  settle?: (catalog: Catalog) => Catalog;
  /** Commands recorded before a reload that the server has not taken: applied again, unsaved. */
  restored?: PendingEntry[];
  /** A long catalog given by its first pages: how many it has (the rest comes through `finishOpening`). */
  opening?: { total: number } | null;
};

let noticeIds = 0;

/** How long a message stays by its tone (SPEC §8 durations, core/constants MESSAGE_DURATIONS_MS); null: until dismissed. */
export const NOTICE_DURATION_MS: Record<Notice['tone'], number | null> = {
  success: MESSAGE_DURATIONS_MS[3],
  info: MESSAGE_DURATIONS_MS[3],
  warning: MESSAGE_DURATIONS_MS[4],
  critical: null,
};

/**
 * Apply recorded commands on a catalog, in order, as a replay: each keeps the ids it made the first time.
 * Commands that no longer apply (their page was removed elsewhere) are left out and reported.
 */
export function replay(
  catalog: Catalog,
  commands: RecordedCommand[],
  settle: StoreOptions['settle'],
  currentPageId: string | null,
): {
  catalog: Catalog;
  kept: RecordedCommand[];
  failed: { command: RecordedCommand; reason: CommandFailure }[];
} {
  let doc = catalog;
  let current = currentPageId;
  const kept: RecordedCommand[] = [];
  const failed: { command: RecordedCommand; reason: CommandFailure }[] = [];
  for (const command of commands) {
    const ids = idSource(command.ids);
    const applied = applyCommand(
      doc,
      command,
      { currentPageId: current, settle, newId: ids.next },
      { replay: true },
    );
    if (!applied.ok) {
      failed.push({ command, reason: applied.reason });
      continue;
    }
    doc = applied.result.catalog;
    current = applied.pageIds.current;
    kept.push(command);
  }
  return { catalog: doc, kept, failed };
}

/**
 * The history a visit starts with from the server's copy: the commands kept from before a reload applied again as
 * one step, those still pending; the ones that no longer apply are left out.
 */
function startHistory(
  catalog: Catalog,
  restored: PendingEntry[],
  settle: StoreOptions['settle'],
): { history: History<Catalog>; pending: PendingEntry[] } {
  if (!restored.length) return { history: createHistory(catalog), pending: [] };
  const r = replay(
    catalog,
    restored.map((e) => e.command),
    settle,
    catalog.pages[0]?.id ?? null,
  );
  const pending = restored.filter((e) => r.kept.includes(e.command));
  return {
    history: pending.length ? pushHistory(createHistory(catalog), r.catalog) : createHistory(r.catalog),
    pending,
  };
}

export function createEditorStore(options: StoreOptions): EditorStore {
  const settle = options.settle;
  const opening = options.opening
    ? { total: options.opening.total, received: options.catalog.pages.length }
    : null;
  // A long catalog's first pages are only looked at: what is kept from before a reload waits for the rest.
  const { history, pending } = startHistory(options.catalog, opening ? [] : (options.restored ?? []), settle);
  const initial = presentOf(history);

  return createStore<EditorState & EditorActions>()((set, get) => {
    /** Make `next` the present: one undo step, one pending entry, current page and selection kept by id. */
    const commit = (
      next: History<Catalog>,
      command: RecordedCommand,
      currentPageId: string | null,
      held = false,
    ) => {
      const catalog = presentOf(next);
      const state = get();
      // Editing a layout stays on its page, even when a removed cell's product goes to a new one.
      const edit = state.layoutEdit;
      if (edit && catalog.pages.some((p) => p.id === edit.pageId)) currentPageId = edit.pageId;
      const keepSelection =
        state.selection && catalog.pages.some((p) => p.id === state.selection!.pageId)
          ? state.selection
          : null;
      set({
        history: next,
        catalog,
        currentPageId:
          currentPageId && catalog.pages.some((p) => p.id === currentPageId)
            ? currentPageId
            : (catalog.pages[0]?.id ?? null),
        selection: keepSelection,
        band: state.band && catalog.pages.some((p) => p.id === state.band!.pageId) ? state.band : null,
        selectedPages: state.selectedPages.filter((id) => catalog.pages.some((p) => p.id === id)),
        pending: [...state.pending, held ? { command, saveIds: [], held: true } : { command, saveIds: [] }],
        // A held step is not on its way to the server: the status says so only once Done lets it go.
        status: state.readonly ? 'readonly' : state.status === 'blocked' || held ? state.status : 'saving',
      });
    };

    /**
     * Leave the edit-layout mode by any way but Done (SPEC §4 'Stopping restores the copy'): the history goes back
     * to the step the edit began from, without the edit's steps (redo never brings them back), and the steps it
     * held back are dropped unsent, so the server, the preview and the PDF never see them.
     */
    const cancelLayoutEdit = (edit: LayoutEdit) => {
      const state = get();
      const startAt = state.history.cursor - edit.steps;
      const present = presentOf(state.history);
      let history: History<Catalog>;
      if (edit.steps + edit.undone === 0) {
        // Nothing was changed: the history stays as it is, with what redo could bring back before the edit.
        history = state.history;
      } else if (startAt >= 0) {
        // The step the edit began from, as silent changes since (a product's full listing) left it.
        const entries = state.history.entries.slice(0, startAt + 1);
        history = { ...state.history, entries, cursor: startAt };
      } else {
        // The history forgot where the edit began (past its limit): the copy comes back as a step of its own.
        const back = applyPageDiff(present, diffPages(present, edit.start)).catalog;
        history = pushHistory(state.history, back);
      }
      const catalog = presentOf(history);
      // The held steps were never sent: without them, what is pending leads from the server's copy to this one.
      const pending = state.pending.filter((e) => !e.held);
      set({
        mode: 'view',
        layoutEdit: null,
        selection: null,
        history,
        catalog,
        currentPageId: catalog.pages.some((p) => p.id === state.currentPageId)
          ? state.currentPageId
          : (catalog.pages[0]?.id ?? null),
        pending,
      });
    };

    /** Before anything that is not a step of the layout edit: leave the mode, putting the page back. */
    const leaveLayoutEdit = () => {
      const edit = get().layoutEdit;
      if (edit) cancelLayoutEdit(edit);
    };

    const moveHistory = (step: (h: History<Catalog>) => History<Catalog>, direction: 1 | -1) => {
      const state = get();
      const edit = state.layoutEdit;
      // Editing a layout, undo and redo go through the edit's own steps only.
      if (edit && (direction === -1 ? edit.steps === 0 : edit.undone === 0)) return;
      const next = step(state.history);
      if (next === state.history) return;
      if (edit)
        set({ layoutEdit: { ...edit, steps: edit.steps + direction, undone: edit.undone - direction } });
      const from = presentOf(state.history);
      const to = presentOf(next);
      const command: RecordedCommand = { name: 'restore', args: { diff: diffPages(from, to) }, ids: [] };
      const index = from.pages.findIndex((p) => p.id === state.currentPageId);
      const current = to.pages.some((p) => p.id === state.currentPageId)
        ? state.currentPageId
        : (to.pages[Math.min(Math.max(index, 0), to.pages.length - 1)]?.id ?? null);
      commit(next, command, current, !!edit);
    };

    return {
      catalogId: options.catalog._id,
      history,
      catalog: presentOf(history),
      currentPageId: initial.pages[0]?.id ?? null,
      selection: null,
      band: null,
      selectedPages: [],
      mode: 'view',
      layoutEdit: null,
      // A new visit sees the whole page (a merchant's own choice, kept in the browser, comes after hydration).
      zoom: 'page',
      fit: null,
      devMode: false,
      readonly: !!options.readonly || !!opening,
      base: options.catalog,
      revision: options.revision,
      pending,
      status: opening ? 'opening' : options.readonly ? 'readonly' : pending.length ? 'saving' : 'saved',
      statusMessage: null,
      lastSavedAt: null,
      notices: [],
      listingsSaved: 0,
      opening,

      dispatch: (command, opts = {}) => {
        // Nothing changes a catalog of which only the first pages have arrived.
        if (get().opening) return { changed: false, selection: null };
        // A change that is not a step of the layout edit (a product chosen in the panel, a setting) ends it first.
        if (!opts.silent && !LAYOUT_COMMANDS.has(command.name)) leaveLayoutEdit();
        const state = get();
        const ids = idSource();
        const applied = applyCommand(state.catalog, command, {
          currentPageId: state.currentPageId,
          settle,
          newId: ids.next,
        });
        if (!applied.ok || applied.result.catalog === state.catalog)
          return { changed: false, selection: null };
        const recorded: RecordedCommand = { ...command, ids: ids.used } as RecordedCommand;
        const silent = opts.silent;
        const next = silent
          ? {
              ...state.history,
              entries: state.history.entries.map((e, i) => {
                if (i === state.history.cursor) return applied.result.catalog;
                if (typeof silent !== 'function' || !silent(e)) return e;
                const there = applyCommand(e, command, { currentPageId: null, settle, newId: ids.next });
                return there.ok ? there.result.catalog : e;
              }),
            }
          : pushHistory(state.history, applied.result.catalog);
        const edit = state.layoutEdit;
        const held = !silent && !!edit;
        // A new step of the edit cuts off what redo could bring back, as it does in the history.
        if (held) set({ layoutEdit: { ...edit, steps: edit.steps + 1, undone: 0 } });
        commit(next, recorded, applied.pageIds.current, held);
        const ref = applied.result.selection;
        const selection =
          ref && applied.pageIds.selection
            ? { pageId: applied.pageIds.selection, index: ref.elementIndex }
            : null;
        return { changed: true, selection };
      },
      undo: () => {
        if (!get().opening) moveHistory(historyUndo, -1);
      },
      redo: () => {
        if (!get().opening) moveHistory(historyRedo, 1);
      },
      goToPage: (pageId) => {
        // Another page ends the layout edit of this one (SPEC §4: stopping restores the copy).
        if (get().layoutEdit?.pageId !== pageId) leaveLayoutEdit();
        set({ currentPageId: pageId });
      },
      select: (selection) => {
        if (selection && get().layoutEdit?.pageId !== selection.pageId) leaveLayoutEdit();
        set(
          selection
            ? { selection, band: null, currentPageId: selection.pageId }
            : { selection: null, band: null },
        );
      },
      selectBand: (band) => {
        if (band) leaveLayoutEdit();
        set(band ? { band, selection: null, currentPageId: band.pageId } : { band: null });
      },
      setSelectedPages: (ids) => set({ selectedPages: ids }),
      setZoom: (zoom) =>
        set({ zoom: typeof zoom === 'number' ? Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, zoom)) : zoom }),
      setFit: (fit) => {
        const was = get().fit;
        if (!was || was.page !== fit.page || was.width !== fit.width) set({ fit });
      },
      toggleDevMode: () => set({ devMode: !get().devMode }),
      startLayoutEdit: (ownsLayout) => {
        const state = get();
        const page = state.catalog.pages.find((p) => p.id === state.currentPageId);
        if (!page || page.kind === 'flow' || state.readonly || state.layoutEdit) return;
        set({
          mode: 'layout',
          layoutEdit: {
            pageId: page.id,
            ownsLayout,
            start: state.catalog,
            steps: 0,
            undone: 0,
          },
          selection: null,
          band: null,
        });
      },
      stopLayoutEdit: (keep) => {
        const state = get();
        const edit = state.layoutEdit;
        if (!edit) return;
        if (!keep) return cancelLayoutEdit(edit);
        // Done (SPEC §4 'saving returns to view'): the edit's steps go to the server and stay undoable one by one.
        const held = state.pending.some((e) => e.held);
        set({
          mode: 'view',
          layoutEdit: null,
          selection: null,
          pending: held ? state.pending.map(({ held: _, ...e }) => e) : state.pending,
          status: held && !state.readonly && state.status !== 'blocked' ? 'saving' : state.status,
        });
      },
      notify: (tone, text, durationMs) => {
        const id = ++noticeIds;
        set({ notices: [...get().notices.filter((n) => n.text !== text), { id, tone, text }] });
        const lasts = durationMs ?? NOTICE_DURATION_MS[tone];
        if (lasts !== null) setTimeout(() => get().dismiss(id), lasts);
      },
      dismiss: (id) => set({ notices: get().notices.filter((n) => n.id !== id) }),
      listingSaved: () => set({ listingsSaved: get().listingsSaved + 1 }),
      openingProgress: (received) => {
        const was = get().opening;
        if (was && received > was.received)
          set({ opening: { ...was, received: Math.min(received, was.total) } });
      },
      finishOpening: ({ catalog, revision, restored }) => {
        const state = get();
        if (!state.opening) return;
        const start = startHistory(catalog, options.readonly ? [] : restored, settle);
        const present = presentOf(start.history);
        const has = (id: string | undefined) => !!id && present.pages.some((p) => p.id === id);
        set({
          history: start.history,
          catalog: present,
          base: catalog,
          revision,
          pending: start.pending,
          opening: null,
          readonly: !!options.readonly,
          status: options.readonly ? 'readonly' : start.pending.length ? 'saving' : 'saved',
          // The merchant stays where they were among the first pages.
          currentPageId: has(state.currentPageId ?? undefined)
            ? state.currentPageId
            : (present.pages[0]?.id ?? null),
          selection: state.selection && has(state.selection.pageId) ? state.selection : null,
          band: state.band && has(state.band.pageId) ? state.band : null,
          selectedPages: state.selectedPages.filter((id) => has(id)),
        });
      },
    };
  });
}

export const undoable = (s: EditorState) => (s.layoutEdit ? s.layoutEdit.steps > 0 : canUndo(s.history));
export const redoable = (s: EditorState) => (s.layoutEdit ? s.layoutEdit.undone > 0 : canRedo(s.history));
export const currentPageIndex = (s: Pick<EditorState, 'catalog' | 'currentPageId'>) =>
  Math.max(
    0,
    s.catalog.pages.findIndex((p) => p.id === s.currentPageId),
  );
