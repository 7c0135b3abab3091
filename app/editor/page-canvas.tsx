import {
  createContext,
  memo,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
  type CSSProperties,
  type DragEvent,
  type KeyboardEvent,
  type PointerEvent as ReactPointerEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import { isProductElement, isVoidElement, type Catalog } from '../../core/model/index.ts';
import {
  CatalogPageView,
  CatalogStyles,
  samePageRender,
  type CellWrapperArgs,
  type RenderContext,
} from '../../core/render/index.ts';
import { useBarcodeEncoderReady, useRenderContext } from '../components/catalogs/scaled-page.tsx';
import { SafeMarginGuides } from './safe-margin-guides.tsx';
import type { PanelListing } from '../components/listings-panel/index.ts';
import { placeListing } from './place-listing.ts';
import { shiftCell, type Box } from '../../core/layouts/index.ts';
import { emptyCellTakes } from './screen-rules.ts';
import { zoomScale, type EditorStore } from './store.ts';
import { IMAGE_DRAG_TYPE, LISTING_DRAG_TYPE, useEditorState } from './use-editor.ts';

/** Where an element being moved between cells came from (the drag payload of a filled cell). */
const CELL_DRAG_TYPE = 'application/x-catalog-builder-cell';

/** A page scaled into its box (to `width` px, or at `scale` of its printed size); the render the PDF prints. */
export function ScaledPage({
  catalog,
  pageIndex,
  context,
  width,
  scale: given,
  renderCell,
  overlay,
}: {
  catalog: Catalog;
  pageIndex: number;
  context: RenderContext;
  width?: number;
  /** A share of the printed size (the editor's zoom); past what its box holds, the box scrolls. */
  scale?: number;
  renderCell?: (args: CellWrapperArgs) => React.ReactNode;
  /** Drawn over the page, inside its box (the editor's safe-margin guides). */
  overlay?: React.ReactNode;
}) {
  const { widthPx, heightPx } = context.size;
  const scale = width ? width / widthPx : (given ?? 0.5);
  // A new scale (the window resized, a zoom) moves the box, it does not draw the page again.
  const view = useMemo(
    () => (
      <CatalogPageView catalog={catalog} pageIndex={pageIndex} context={context} renderCell={renderCell} />
    ),
    [catalog, pageIndex, context, renderCell],
  );
  return (
    <div className="cb-editor-fit">
      <div className="cb-editor-fit__box" style={{ width: widthPx * scale, height: heightPx * scale }}>
        <div style={{ transform: `scale(${scale})`, transformOrigin: '0 0', width: widthPx }}>{view}</div>
        {overlay}
      </div>
    </div>
  );
}

/** Room kept around the page inside its box, in CSS px (its shadow shows, a fitted page never scrolls). */
const PAGE_GUTTER = 12;

/**
 * The scales that fit a page of `size` whole and to its width in `el` (the page's scrolling box), measured now
 * and whenever the box changes size, for the zoom's 'Fit page' and 'Fit width'.
 */
function useFitMeasure(store: EditorStore, size: { widthPx: number; heightPx: number }, present: boolean) {
  const ref = useRef<HTMLDivElement>(null);
  const { widthPx, heightPx } = size;
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const measure = () => {
      // The box keeps room for its scrollbar (scrollbar-gutter), so a scrollbar appearing changes no fit.
      const w = el.clientWidth - 2 * PAGE_GUTTER;
      const h = el.clientHeight - 2 * PAGE_GUTTER;
      if (w <= 0 || h <= 0) return;
      store.getState().setFit({ page: Math.min(w / widthPx, h / heightPx), width: w / widthPx });
    };
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    measure();
    return () => observer.disconnect();
  }, [store, widthPx, heightPx, present]);
  return ref;
}

type TFn = (key: string, opts?: Record<string, unknown>) => string;

function cellLabel(args: CellWrapperArgs, t: TFn): string {
  const n = args.cellIndex + 1;
  const el = args.element;
  if (isVoidElement(el)) return t('cell.label', { cell: n });
  const content = isProductElement(el)
    ? t('cell.product', { title: el.properties.title })
    : el!.type.startsWith('image/')
      ? t('cell.image')
      : t('cell.text');
  return t('cell.labelWith', { cell: n, content });
}

/** What the cells of the current page need to draw their state and take drops; changes redraw cells only. */
type CellState = {
  pageId: string;
  selectedIndex: number | null;
  over: number | null;
  mode: 'view' | 'layout';
  readonly: boolean;
  setOver: (update: (over: number | null) => number | null) => void;
  drop: (e: DragEvent, cellIndex: number) => void;
  choose: (cellIndex: number) => void;
  /** Layout mode: the cell's new place and size, once a pointer drag ends (one undo step). */
  place: (cellIndex: number, box: Box) => void;
};

/** How far the pointer travels before a press on a cell becomes a drag rather than a click. */
const DRAG_THRESHOLD_PX = 3;

/**
 * Layout mode: press on a cell and drag to move it, or drag its corner handle to resize it, snapped to the grid.
 * While dragging, the cell's outline (and what it shows) follows the pointer; letting go makes it one command,
 * Escape or a cancelled pointer puts it back. Returns the preview style and the press handler.
 */
function useCellDrag(cell: Box, cellIndex: number, state: CellState) {
  const [preview, setPreview] = useState<Box | null>(null);
  // The drag in flight, if any: cancelled when the cell goes away mid-drag (a page change, an undo from elsewhere).
  const inFlight = useRef<(() => void) | null>(null);
  useEffect(() => () => inFlight.current?.(), []);
  const onPointerDown = (e: ReactPointerEvent<HTMLDivElement>) => {
    if (state.mode !== 'layout' || state.readonly || e.button !== 0) return;
    const el = e.currentTarget;
    // Cells are placed in fractions of the box that holds them: the page area of core/render.
    const holder = el.parentElement?.offsetParent;
    if (!holder) return;
    const area = holder.getBoundingClientRect();
    if (!area.width || !area.height) return;
    const resize = e.target instanceof Element && !!e.target.closest('.cb-edit-cell__resize');
    const start = { x: e.clientX, y: e.clientY };
    let next: Box | null = null;
    let dragging = false;
    state.choose(cellIndex);
    el.setPointerCapture?.(e.pointerId);
    const move = (ev: PointerEvent) => {
      const dx = ev.clientX - start.x;
      const dy = ev.clientY - start.y;
      if (!dragging && Math.hypot(dx, dy) < DRAG_THRESHOLD_PX) return;
      dragging = true;
      next = shiftCell(cell, dx / area.width, dy / area.height, resize);
      setPreview(next);
    };
    const end = (keep: boolean) => {
      el.removeEventListener('pointermove', move);
      el.removeEventListener('pointerup', up);
      el.removeEventListener('pointercancel', cancel);
      window.removeEventListener('keydown', escape, true);
      inFlight.current = null;
      setPreview(null);
      if (keep && next) state.place(cellIndex, next);
    };
    const up = () => end(true);
    const cancel = () => end(false);
    const escape = (ev: globalThis.KeyboardEvent) => {
      if (ev.key !== 'Escape') return;
      ev.preventDefault();
      ev.stopPropagation();
      end(false);
    };
    el.addEventListener('pointermove', move);
    el.addEventListener('pointerup', up);
    el.addEventListener('pointercancel', cancel);
    window.addEventListener('keydown', escape, true);
    inFlight.current = cancel;
  };
  let style: CSSProperties | undefined;
  if (preview) {
    // In percentages of the cell itself, so the preview is right at any zoom of the page.
    style = {
      transform: `translate(${((preview.x - cell.x) / cell.width) * 100}%, ${((preview.y - cell.y) / cell.height) * 100}%)`,
      right: `${(-(preview.width - cell.width) / cell.width) * 100}%`,
      bottom: `${(-(preview.height - cell.height) / cell.height) * 100}%`,
    };
  }
  return { style, dragging: preview !== null, onPointerDown };
}

const CellStateContext = createContext<CellState | null>(null);

/** A cell's interaction layer around what core/render drew in it (kept as it is while only the state changes). */
function EditCell({ args }: { args: CellWrapperArgs }) {
  const { t } = useTranslation('editor');
  const state = useContext(CellStateContext)!;
  const { cell, cellIndex, element } = args;
  const { mode, readonly, over, setOver } = state;
  const empty = isVoidElement(element);
  const selected = state.selectedIndex === cellIndex;
  const takes = emptyCellTakes(cell);
  const drag = useCellDrag(cell, cellIndex, state);
  const classes = ['cb-edit-cell'];
  if (selected) classes.push('cb-edit-cell--selected');
  if (over === cellIndex) classes.push('cb-edit-cell--over');
  if (mode === 'layout') classes.push('cb-edit-cell--layout');
  if (drag.dragging) classes.push('cb-edit-cell--dragging');
  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Enter' || e.key === ' ') {
      e.preventDefault();
      state.choose(cellIndex);
    }
  };
  return (
    <div
      className={classes.join(' ')}
      role="button"
      tabIndex={0}
      aria-pressed={selected}
      aria-label={cellLabel(args, t)}
      data-testid={`cell-${cellIndex}`}
      style={drag.style}
      onPointerDown={drag.onPointerDown}
      draggable={!empty && !readonly && mode === 'view'}
      onDragStart={(e) =>
        e.dataTransfer.setData(CELL_DRAG_TYPE, JSON.stringify({ pageId: state.pageId, index: cellIndex }))
      }
      onDragOver={(e) => {
        if (readonly || mode !== 'view') return;
        e.preventDefault();
        if (over !== cellIndex) setOver(() => cellIndex);
      }}
      onDragLeave={() => setOver((o) => (o === cellIndex ? null : o))}
      onDrop={(e) => state.drop(e, cellIndex)}
      onClick={() => state.choose(cellIndex)}
      onKeyDown={onKeyDown}
    >
      {args.children}
      {empty && mode === 'view' && takes ? (
        <span className="cb-edit-cell__hint">
          {/* SPEC §5's two texts; a cell for pictures only (which SPEC does not name) points to the Images tab. */}
          {takes === 'both'
            ? t('cell.dropBoth')
            : takes === 'products'
              ? t('cell.dropProducts')
              : t('images:cellHint')}
        </span>
      ) : null}
      {mode === 'layout' && selected && !readonly ? (
        // The pointer's way to resize; the keyboard's is Shift+arrows (the hint above the page says so).
        <span className="cb-edit-cell__resize" aria-hidden="true" title={t('layoutEdit.resize')} />
      ) : null}
    </div>
  );
}

const renderEditCell = (args: CellWrapperArgs) => <EditCell args={args} />;

/**
 * The page itself, drawn again only when its drawing changes (samePageRender): hovering, selecting and edits to
 * other pages leave it alone, so a drag redraws a cell's outline, not nine products and their captions.
 */
const CanvasPage = memo(
  function CanvasPage({
    context,
    pageIndex,
    scale,
  }: {
    context: RenderContext;
    pageIndex: number;
    scale: number;
    barcodes: boolean;
  }) {
    return (
      <ScaledPage
        catalog={context.catalog}
        pageIndex={pageIndex}
        context={context}
        scale={scale}
        renderCell={renderEditCell}
        overlay={<SafeMarginGuides marginMm={context.catalog.settings.print.safe_margin_mm} scale={scale} />}
      />
    );
  },
  (a, b) =>
    a.pageIndex === b.pageIndex &&
    a.scale === b.scale &&
    a.barcodes === b.barcodes &&
    a.context.catalog.settings.print.safe_margin_mm === b.context.catalog.settings.print.safe_margin_mm &&
    samePageRender(a.context, b.context, b.pageIndex),
);

/** The current page with its cells as drop targets, selectable by click or keyboard. */
export function PageCanvas({ store, catalog }: { store: EditorStore; catalog: Catalog }) {
  const currentPageId = useEditorState(store, (s) => s.currentPageId);
  const selection = useEditorState(store, (s) => s.selection);
  const band = useEditorState(store, (s) => s.band);
  const mode = useEditorState(store, (s) => s.mode);
  const readonly = useEditorState(store, (s) => s.readonly);
  const zoom = useEditorState(store, (s) => s.zoom);
  const scale = useEditorState(store, (s) => zoomScale(s.zoom, s.fit));
  const [over, setOver] = useState<number | null>(null);
  const context = useRenderContext(catalog);
  const barcodes = useBarcodeEncoderReady();
  const styles = useMemo(() => <CatalogStyles context={context} />, [context]);
  const pageIndex = catalog.pages.findIndex((p) => p.id === currentPageId);
  const viewport = useFitMeasure(store, context.size, pageIndex >= 0);
  const text = useTranslation('editorText').t;
  const pageId = catalog.pages[pageIndex]?.id ?? '';
  const selectedIndex = selection?.pageId === pageId ? selection.index : null;

  const cells = useMemo<CellState>(() => {
    const drop = (e: DragEvent, cellIndex: number) => {
      e.preventDefault();
      setOver(null);
      if (readonly) return;
      const s = store.getState();
      const listing = e.dataTransfer.getData(LISTING_DRAG_TYPE);
      const moved = e.dataTransfer.getData(CELL_DRAG_TYPE);
      const picture = e.dataTransfer.getData(IMAGE_DRAG_TYPE);
      if (picture) {
        const { src } = JSON.parse(picture) as { src: string };
        s.dispatch({ name: 'dropImage', args: { pageId, cellIndex, src } });
      } else if (listing) {
        placeListing(store, JSON.parse(listing) as PanelListing, (product) => ({
          name: 'dropProduct',
          args: { pageId, cellIndex, product },
        }));
        s.select({ pageId, index: cellIndex });
      } else if (moved) {
        const from = JSON.parse(moved) as { pageId: string; index: number };
        s.dispatch({ name: 'moveElement', args: { from, to: { pageId, index: cellIndex } } });
      }
    };
    const choose = (cellIndex: number) => store.getState().select({ pageId, index: cellIndex });
    const place = (cellIndex: number, box: Box) =>
      store.getState().dispatch({ name: 'setCell', args: { pageId, cellIndex, cell: box } });
    return { pageId, selectedIndex, over, mode, readonly, setOver, drop, choose, place };
  }, [store, pageId, selectedIndex, over, mode, readonly]);

  // A click on the header or footer band opens it in the sidebar; by keyboard, the sidebar's Edit header and
  // Edit footer buttons do the same.
  const chooseBand = (e: React.MouseEvent) => {
    if (mode !== 'view' || !(e.target instanceof Element)) return;
    // A link in the page is the catalog reader's; in the editor, clicking it edits the words around it.
    if (e.target.closest('.cb-band a')) e.preventDefault();
    const hit = e.target.closest('.cb-header, .cb-footer');
    if (hit)
      store
        .getState()
        .selectBand({ pageId, which: hit.classList.contains('cb-header') ? 'header' : 'footer' });
  };

  if (pageIndex < 0) return null;
  const style = {
    // The narrow layout sizes the page's box from the page's proportions (editor.css).
    '--cb-page-ratio': context.size.heightPx / context.size.widthPx,
    '--cb-scale': scale,
    // Shown on hover over an empty header or footer band: a click there adds one.
    '--cb-add-header': JSON.stringify(text('band.addHeader')),
    '--cb-add-footer': JSON.stringify(text('band.addFooter')),
  } as CSSProperties;
  return (
    <div
      className="cb-editor-canvas"
      data-mode={mode}
      data-zoom={zoom}
      data-band={band?.pageId === pageId ? band.which : undefined}
      style={style}
      onClick={chooseBand}
    >
      {styles}
      <div ref={viewport} className="cb-editor-viewport" data-testid="page-viewport">
        <CellStateContext.Provider value={cells}>
          <CanvasPage context={context} pageIndex={pageIndex} scale={scale} barcodes={barcodes} />
        </CellStateContext.Provider>
      </div>
    </div>
  );
}
