import {
  addCell,
  addFlowPage,
  addImage,
  addPage,
  addProduct,
  addSummaryPages,
  applyListing,
  applyPageDiff,
  autoLayout,
  changeLayout,
  dropImage,
  dropProduct,
  duplicatePage,
  moveElement,
  movePageDown,
  movePages,
  movePageUp,
  removeCell,
  removeElement,
  removePages,
  replaceProduct,
  setCaptionTemplate,
  adjustPrices,
  convertPrices,
  setArrangement,
  setCellGeometry,
  setElementHtml,
  setElementImage,
  setElementImagesStyle,
  setElementSvg,
  setPageBand,
  sortProducts,
  toggleHeadersFooters,
  updateAllFooters,
  updateSettings,
  updateSimilarHeaders,
  type ArrangementOptions,
  type CellGeometryOptions,
  type CommandResult,
  type ImagePlacementChange,
  type PageDiff,
  type PageHeader,
  type SortKey,
  type UpdateSettingsOptions,
} from '../../core/commands/index.ts';
import type {
  CellInput,
  Catalog,
  ImagesStyle,
  ListingInput,
  Page,
  PageLayout,
  ProductInput,
} from '../../core/model/index.ts';

/**
 * The editor's commands: each names a core/commands function and its arguments, with pages addressed by id
 * (indices change when another editor adds a page). A command is recorded with the ids it made, so applying it
 * again on a newer copy of the catalog (after a 409, after a reload) gives the same pages and elements, and a
 * later command that names a page the first one made still finds it.
 */
export type EditorCommand =
  | { name: 'addProduct'; args: { pageId: string | null; product: ProductInput } }
  | { name: 'addImage'; args: { pageId: string | null; src: string } }
  | { name: 'dropProduct'; args: { pageId: string; cellIndex: number; product: ProductInput } }
  | { name: 'dropImage'; args: { pageId: string; cellIndex: number; src: string } }
  | {
      name: 'moveElement';
      args: { from: { pageId: string; index: number }; to: { pageId: string; index: number } };
    }
  | { name: 'removeElement'; args: { pageId: string; elementIndex: number } }
  | { name: 'addPage'; args: { afterPageId: string | null; layout: PageLayout; kind?: 'flow' } }
  | { name: 'duplicatePage'; args: { pageId: string } }
  | { name: 'removePages'; args: { pageIds: string[] } }
  | { name: 'movePage'; args: { pageId: string; direction: 'up' | 'down' } }
  | { name: 'changeLayout'; args: { pageId: string; layout: PageLayout } }
  | { name: 'toggleHeadersFooters'; args: { pageId: string } }
  | {
      name: 'setPageBand';
      args: { pageId: string; which: 'header' | 'footer'; html: string; slots?: string[] };
    }
  | { name: 'updateSimilarHeaders'; args: { pageId: string; previous: PageHeader } }
  | { name: 'updateAllFooters'; args: { pageId: string } }
  | { name: 'setElementHtml'; args: { pageId: string; elementIndex: number; html: string } }
  | {
      name: 'setElementSvg';
      args: { pageId: string; elementIndex: number; svg: string; shapes?: unknown[]; alt?: string };
    }
  | { name: 'replaceProduct'; args: { pageId: string; elementId: string; product: ProductInput } }
  | {
      name: 'setCaptionTemplate';
      args: {
        pageId: string;
        elementIndex: number;
        template: string | null;
        which?: 'price' | 'description';
      };
    }
  | { name: 'adjustPrices'; args: { percent: number } }
  | { name: 'convertPrices'; args: { from: string; to: string; rate: number } }
  | { name: 'setCell'; args: { pageId: string; cellIndex: number; cell: CellGeometryOptions['cell'] } }
  | { name: 'addCell'; args: { pageId: string; cell?: CellInput } }
  | { name: 'removeCell'; args: { pageId: string; cellIndex: number } }
  // Cancelling a layout edit was once this command; kept so changes saved in a tab before still apply.
  | { name: 'restorePage'; args: { page: Page } }
  | { name: 'updateSettings'; args: Pick<UpdateSettingsOptions, 'settings' | 'fields'> }
  | { name: 'sortProducts'; args: { by: SortKey } }
  | { name: 'autoLayout'; args: Record<string, never> }
  | { name: 'addSummaryPages'; args: Record<string, never> }
  | { name: 'paginate'; args: Record<string, never> }
  | { name: 'addFlowPage'; args: { afterPageId: string | null } }
  | { name: 'setArrangement'; args: Pick<ArrangementOptions, 'layout' | 'automaticMode' | 'reorganize'> }
  | { name: 'movePages'; args: { pageIds: string[]; beforePageId: string | null } }
  | { name: 'restore'; args: { diff: PageDiff } }
  | {
      name: 'setElementImage';
      args: { pageId: string; elementIndex: number; placement: ImagePlacementChange | null };
    }
  | {
      name: 'setElementImagesStyle';
      args: { pageId: string; elementIndex: number; style: ImagesStyle | null };
    }
  | { name: 'applyListing'; args: { listing: ListingInput; productIds: string[] } };

export type CommandName = EditorCommand['name'];

/** A command as the editor records it: what was asked, and the ids its first run made. */
export type RecordedCommand = EditorCommand & { ids: string[] };

export type ApplyContext = {
  /** The page the editor showed when the command was given. */
  currentPageId: string | null;
  /** Lays out flow and list pages after the change (the DOM's measure in the browser). */
  settle?: (catalog: Catalog) => Catalog;
  /** Ids for new pages and elements; a replay hands out the recorded ones first. */
  newId: () => string;
};

/** Why a command could not be applied (to a newer copy of the catalog). */
export type CommandFailure = 'pageGone' | 'noLongerApplies';

export type Applied =
  | { ok: true; result: CommandResult; pageIds: { current: string | null; selection: string | null } }
  | { ok: false; reason: CommandFailure };

const indexOf = (catalog: Catalog, id: string | null): number =>
  id === null ? -1 : catalog.pages.findIndex((p) => p.id === id);

function run(catalog: Catalog, command: EditorCommand, ctx: ApplyContext): CommandResult | CommandFailure {
  const newId = ctx.newId;
  const current = Math.max(0, indexOf(catalog, ctx.currentPageId));
  const page = (id: string): number | CommandFailure => {
    const i = indexOf(catalog, id);
    return i < 0 ? 'pageGone' : i;
  };
  const on = (id: string, f: (pageIndex: number) => CommandResult) => {
    const i = page(id);
    return typeof i === 'string' ? i : f(i);
  };
  const opts = { currentPage: current, newId };
  switch (command.name) {
    case 'addProduct': {
      const c = command.args;
      const at = c.pageId === null ? current : page(c.pageId);
      if (typeof at === 'string') return at;
      return addProduct(catalog, { ...opts, currentPage: at, product: c.product });
    }
    case 'addImage': {
      const c = command.args;
      const at = c.pageId === null ? current : page(c.pageId);
      if (typeof at === 'string') return at;
      return addImage(catalog, { ...opts, currentPage: at, src: c.src });
    }
    case 'dropProduct': {
      const c = command.args;
      return on(c.pageId, (i) =>
        dropProduct(catalog, { ...opts, pageIndex: i, cellIndex: c.cellIndex, product: c.product }),
      );
    }
    case 'dropImage': {
      const c = command.args;
      return on(c.pageId, (i) =>
        dropImage(catalog, { ...opts, pageIndex: i, cellIndex: c.cellIndex, src: c.src }),
      );
    }
    case 'moveElement': {
      const c = command.args;
      const from = page(c.from.pageId);
      const to = page(c.to.pageId);
      if (typeof from === 'string' || typeof to === 'string') return 'pageGone';
      return moveElement(catalog, {
        ...opts,
        from: { pageIndex: from, elementIndex: c.from.index },
        to: { pageIndex: to, elementIndex: c.to.index },
      });
    }
    case 'removeElement': {
      const c = command.args;
      return on(c.pageId, (i) =>
        removeElement(catalog, { ...opts, pageIndex: i, elementIndex: c.elementIndex }),
      );
    }
    case 'addPage': {
      const c = command.args;
      const after = c.afterPageId === null ? -1 : page(c.afterPageId);
      if (typeof after === 'string') return after;
      return addPage(catalog, { ...opts, layout: c.layout, at: after + 1, kind: c.kind });
    }
    case 'duplicatePage':
      return on(command.args.pageId, (i) => duplicatePage(catalog, { ...opts, pageIndex: i }));
    case 'removePages': {
      const indices = command.args.pageIds.map((id) => indexOf(catalog, id)).filter((i) => i >= 0);
      if (!indices.length) return 'pageGone';
      return removePages(catalog, { ...opts, pageIndices: indices });
    }
    case 'movePage': {
      const c = command.args;
      return on(c.pageId, (i) =>
        (c.direction === 'up' ? movePageUp : movePageDown)(catalog, { ...opts, pageIndex: i }),
      );
    }
    case 'changeLayout': {
      const c = command.args;
      return on(c.pageId, (i) => changeLayout(catalog, { ...opts, pageIndex: i, layout: c.layout }));
    }
    case 'toggleHeadersFooters':
      return on(command.args.pageId, (i) => toggleHeadersFooters(catalog, { ...opts, pageIndex: i }));
    case 'setPageBand': {
      const c = command.args;
      return on(c.pageId, (i) =>
        setPageBand(catalog, { ...opts, pageIndex: i, which: c.which, html: c.html, slots: c.slots }),
      );
    }
    case 'updateSimilarHeaders': {
      const c = command.args;
      return on(c.pageId, (i) =>
        updateSimilarHeaders(catalog, { ...opts, pageIndex: i, previous: c.previous }),
      );
    }
    case 'updateAllFooters':
      return on(command.args.pageId, (i) => updateAllFooters(catalog, { ...opts, pageIndex: i }));
    case 'setElementHtml': {
      const c = command.args;
      return on(c.pageId, (i) =>
        setElementHtml(catalog, { ...opts, pageIndex: i, elementIndex: c.elementIndex, html: c.html }),
      );
    }
    case 'setElementSvg': {
      const { pageId, ...c } = command.args;
      return on(pageId, (i) => setElementSvg(catalog, { ...opts, ...c, pageIndex: i }));
    }
    case 'replaceProduct': {
      const c = command.args;
      return on(c.pageId, (i) =>
        replaceProduct(catalog, { ...opts, pageIndex: i, elementId: c.elementId, product: c.product }),
      );
    }
    case 'setCaptionTemplate': {
      const c = command.args;
      return on(c.pageId, (i) =>
        setCaptionTemplate(catalog, {
          ...opts,
          pageIndex: i,
          elementIndex: c.elementIndex,
          template: c.template,
          which: c.which,
        }),
      );
    }
    case 'setCell': {
      const c = command.args;
      return on(c.pageId, (i) =>
        setCellGeometry(catalog, { ...opts, pageIndex: i, cellIndex: c.cellIndex, cell: c.cell }),
      );
    }
    case 'addCell': {
      const c = command.args;
      return on(c.pageId, (i) => addCell(catalog, { ...opts, pageIndex: i, cell: c.cell }));
    }
    case 'removeCell': {
      const c = command.args;
      return on(c.pageId, (i) => removeCell(catalog, { ...opts, pageIndex: i, cellIndex: c.cellIndex }));
    }
    case 'restorePage': {
      const c = command.args;
      return on(c.page.id, (i) =>
        applyPageDiff(catalog, { before: [], after: [], pages: [c.page] }, { currentPage: i }),
      );
    }
    case 'adjustPrices':
      return adjustPrices(catalog, { ...opts, percent: command.args.percent });
    case 'convertPrices':
      return convertPrices(catalog, { ...opts, ...command.args });
    case 'updateSettings':
      return updateSettings(catalog, { ...opts, ...command.args });
    case 'sortProducts':
      return sortProducts(catalog, { ...opts, by: command.args.by });
    case 'autoLayout':
      return autoLayout(catalog, { ...opts, force: true });
    case 'addSummaryPages':
      return addSummaryPages(catalog, opts);
    case 'restore':
      return applyPageDiff(catalog, command.args.diff, opts);
    case 'addFlowPage': {
      const after = command.args.afterPageId === null ? -1 : page(command.args.afterPageId);
      if (typeof after === 'string') return after;
      return addFlowPage(catalog, { ...opts, currentPage: after });
    }
    case 'setArrangement':
      return setArrangement(catalog, { ...opts, ...command.args });
    case 'movePages': {
      const c = command.args;
      const indices = c.pageIds.map((id) => indexOf(catalog, id)).filter((i) => i >= 0);
      if (!indices.length) return 'pageGone';
      const before = c.beforePageId === null ? catalog.pages.length : page(c.beforePageId);
      if (typeof before === 'string') return before;
      return movePages(catalog, { ...opts, pageIndices: indices, before });
    }
    case 'setElementImage': {
      const c = command.args;
      return on(c.pageId, (i) =>
        setElementImage(catalog, {
          ...opts,
          pageIndex: i,
          elementIndex: c.elementIndex,
          placement: c.placement,
        }),
      );
    }
    case 'setElementImagesStyle': {
      const c = command.args;
      return on(c.pageId, (i) =>
        setElementImagesStyle(catalog, {
          ...opts,
          pageIndex: i,
          elementIndex: c.elementIndex,
          style: c.style,
        }),
      );
    }
    case 'applyListing':
      return applyListing(catalog, { ...opts, ...command.args });
    case 'paginate':
      // A new document object so the settle step (the pagination itself) runs on it.
      return { catalog: { ...catalog }, currentPage: current };
  }
  return command satisfies never;
}

/** Commands that change nothing when what they act on is already as asked (not a failure on replay). */
const IDEMPOTENT: ReadonlySet<CommandName> = new Set([
  'restore',
  'restorePage',
  'updateSettings',
  'setPageBand',
  'setElementHtml',
  'setElementSvg',
  'replaceProduct',
  'setCaptionTemplate',
  'autoLayout',
  'addSummaryPages',
  'paginate',
  'setArrangement',
  'sortProducts',
  'updateAllFooters',
  'updateSimilarHeaders',
  'setElementImage',
  'setElementImagesStyle',
  'applyListing',
]);

/**
 * Commands after which automatic page layout runs when settings.reorganize_automatically is on (SPEC §4:
 * products flow into the product cells again, empty product pages go), in the same undo step. Adding a page
 * is left alone: the merchant asked for that empty page.
 */
const REORGANIZED: ReadonlySet<CommandName> = new Set([
  'addProduct',
  'dropProduct',
  'moveElement',
  'removeElement',
  'removeCell',
  'removePages',
  'changeLayout',
]);

function reorganized(before: Catalog, outcome: CommandResult, command: EditorCommand, newId: () => string) {
  const doc = outcome.catalog;
  if (doc === before || !doc.settings.reorganize_automatically || !REORGANIZED.has(command.name))
    return outcome;
  const laid = autoLayout(doc, { currentPage: outcome.currentPage, newId });
  // A selection points at a cell the layout may have emptied; it is kept only when nothing moved.
  return laid.catalog === doc ? outcome : laid;
}

/** Apply a command to a catalog; `replay` reports a command that no longer changes anything as a failure. */
export function applyCommand(
  catalog: Catalog,
  command: EditorCommand,
  ctx: ApplyContext,
  options: { replay?: boolean } = {},
): Applied {
  const ran = run(catalog, command, ctx);
  if (typeof ran === 'string') return { ok: false, reason: ran };
  const outcome = reorganized(catalog, ran, command, ctx.newId);
  if (options.replay && outcome.catalog === catalog && !IDEMPOTENT.has(command.name))
    return { ok: false, reason: 'noLongerApplies' };
  const settled = ctx.settle && outcome.catalog !== catalog ? ctx.settle(outcome.catalog) : outcome.catalog;
  const currentIndex = Math.min(outcome.currentPage, settled.pages.length - 1);
  const selection = outcome.selection;
  return {
    ok: true,
    result: { ...outcome, catalog: settled },
    pageIds: {
      current: settled.pages[currentIndex]?.id ?? null,
      selection: selection ? (settled.pages[selection.pageIndex]?.id ?? null) : null,
    },
  };
}

/** An id source that hands out `recorded` first, then fresh ones, recording every id it gives. */
export function idSource(recorded: readonly string[] = []): { next: () => string; used: string[] } {
  const used: string[] = [];
  let i = 0;
  return {
    used,
    next: () => {
      const id = i < recorded.length ? recorded[i++]! : globalThis.crypto.randomUUID();
      used.push(id);
      return id;
    },
  };
}
