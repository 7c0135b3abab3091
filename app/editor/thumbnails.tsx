import {
  memo,
  startTransition,
  useCallback,
  useEffect,
  useMemo,
  useRef,
  useState,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Catalog } from '../../core/model/index.ts';
import { samePageRender, type RenderContext } from '../../core/render/index.ts';
import { useBarcodeEncoderReady, useRenderContext } from '../components/catalogs/scaled-page.tsx';
import { DEFAULT_DEV_FILTER, devFilteredPageIds, type DevFilter } from './dev-mode.ts';
import { DevModeFilter } from './dev-mode-filter.tsx';
import { ScaledPage } from './page-canvas.tsx';
import { nearNowByTarget, thumbnailSelection } from './screen-rules.ts';
import type { EditorStore } from './store.ts';
import { useEditorState } from './use-editor.ts';

/** Thumbnails are drawn this wide (px); the stylesheet's column fits them. */
const THUMB_WIDTH = 96;

/** Elements watched for nearness, each with what to tell it. */
const nearWatchers = new Map<Element, (near: boolean) => void>();
let nearObserver: IntersectionObserver | null = null;

/**
 * Watches an element with the one observer all thumbnails share (a 112-page catalog would otherwise make 112).
 * Returns the call that stops watching it.
 */
function watchNear(el: Element, tell: (near: boolean) => void): () => void {
  nearObserver ??= new IntersectionObserver(
    (entries) => {
      const near = nearNowByTarget(entries);
      // A transition: pages coming into view are drawn in slices between frames, so scrolling or a drag that
      // starts right after opening keeps its frames short.
      startTransition(() => {
        for (const [target, isNear] of near) nearWatchers.get(target)?.(isNear);
      });
    },
    { rootMargin: '400px' },
  );
  nearWatchers.set(el, tell);
  nearObserver.observe(el);
  return () => {
    nearWatchers.delete(el);
    nearObserver?.unobserve(el);
  };
}

/**
 * Whether an element is on screen or near it. Thumbnails far from view stay empty boxes of the page's size, so
 * a 112-page catalog draws a handful of pages, not all of them (the editor opens faster, edits re-render less).
 */
export function useNearView<T extends Element>(): [React.RefObject<T>, boolean] {
  const ref = useRef<T>(null);
  const [near, setNear] = useState(false);
  useEffect(() => {
    const el = ref.current;
    if (!el || typeof IntersectionObserver === 'undefined') return setNear(true);
    return watchNear(el, setNear);
  }, []);
  return [ref, near];
}

type ThumbnailProps = {
  index: number;
  context: RenderContext;
  barcodes: boolean;
  current: boolean;
  picked: boolean;
  label: string;
  onPick: (e: MouseEvent, id: string) => void;
};

/** A thumbnail draws again when its own state or its page's drawing changes, not on every edit elsewhere. */
const sameThumbnail = (a: ThumbnailProps, b: ThumbnailProps) =>
  a.index === b.index &&
  a.barcodes === b.barcodes &&
  a.current === b.current &&
  a.picked === b.picked &&
  a.label === b.label &&
  a.onPick === b.onPick &&
  samePageRender(a.context, b.context, b.index);

const Thumbnail = memo(function Thumbnail({
  index,
  context,
  current,
  picked,
  label,
  onPick,
}: ThumbnailProps) {
  const catalog = context.catalog;
  const page = catalog.pages[index]!;
  const [ref, near] = useNearView<HTMLLIElement>();
  const { widthPx, heightPx } = context.size;
  return (
    <li ref={ref}>
      <button
        type="button"
        className={`cb-page-thumb${current ? ' cb-page-thumb--current' : ''}${picked ? ' cb-page-thumb--picked' : ''}`}
        aria-current={current ? 'page' : undefined}
        aria-pressed={picked}
        onClick={(e) => onPick(e, page.id)}
      >
        {/* inert: links in a page's header or text are the page's, not a way into the thumbnail button */}
        <span className="cb-page-thumb__page" aria-hidden="true" ref={makeInert}>
          {near ? (
            <ScaledPage catalog={catalog} pageIndex={index} context={context} width={THUMB_WIDTH} />
          ) : (
            <span
              className="cb-page-thumb__blank"
              style={{ width: THUMB_WIDTH, height: (heightPx * THUMB_WIDTH) / widthPx }}
            />
          )}
        </span>
        <span className="cb-page-thumb__label">{label}</span>
      </button>
    </li>
  );
}, sameThumbnail);

/** The catalog's pages in order; the current one outlined, the picked ones (for bulk actions) tinted. */
/** Make a subtree unreachable by focus and pointer (React 18 has no `inert` prop). */
const makeInert = (el: HTMLElement | null) => el?.setAttribute('inert', '');

export function Thumbnails({ store, catalog }: { store: EditorStore; catalog: Catalog }) {
  const { t } = useTranslation('editor');
  const currentPageId = useEditorState(store, (s) => s.currentPageId);
  const selectedPages = useEditorState(store, (s) => s.selectedPages);
  // Only the page count: the arrival progress would draw the thumbnails again every 50 ms.
  const openingTotal = useEditorState(store, (s) => s.opening?.total ?? null);
  const context = useRenderContext(catalog);
  const barcodes = useBarcodeEncoderReady();
  const devMode = useEditorState(store, (s) => s.devMode);
  const [devFilter, setDevFilter] = useState<DevFilter>(DEFAULT_DEV_FILTER);
  // Developer mode shows only the pages in its ranges; shift-click ranges take only those (SPEC §2.2).
  const shown = useMemo(
    () => (devMode ? new Set(devFilteredPageIds(catalog, devFilter)) : null),
    [catalog, devMode, devFilter],
  );
  const shownRef = useRef(shown);
  shownRef.current = shown;
  const onPick = useCallback(
    (e: MouseEvent, id: string) => {
      const s = store.getState();
      const visible = shownRef.current;
      const next = thumbnailSelection(
        s.catalog.pages.map((p) => p.id).filter((pid) => !visible || visible.has(pid)),
        s.selectedPages,
        s.currentPageId,
        id,
        { toggle: e.ctrlKey || e.metaKey, range: e.shiftKey },
      );
      s.setSelectedPages(next.selected);
      if (next.goTo) s.goToPage(id);
    },
    [store],
  );
  return (
    <nav className="cb-page-thumbs" aria-label={t('screen.thumbnails')}>
      {shown ? (
        <DevModeFilter
          filter={devFilter}
          onChange={setDevFilter}
          shown={shown.size}
          total={catalog.pages.length}
        />
      ) : null}
      <ol>
        {catalog.pages.map((p, i) =>
          shown && !shown.has(p.id) ? null : (
            <Thumbnail
              key={p.id}
              index={i}
              context={context}
              barcodes={barcodes}
              current={p.id === currentPageId}
              picked={selectedPages.length > 1 && selectedPages.includes(p.id)}
              label={t('screen.thumbnail', { page: i + 1 })}
              onPick={onPick}
            />
          ),
        )}
      </ol>
      {openingTotal !== null ? (
        <p className="cb-page-thumbs__opening cb-tip">
          {t('screen.openingMore', { from: catalog.pages.length + 1, total: openingTotal })}
        </p>
      ) : null}
    </nav>
  );
}
