import { Button, ButtonGroup, InlineStack, Modal, Text } from '@shopify/polaris';
import {
  memo,
  useEffect,
  useMemo,
  useRef,
  useState,
  type DragEvent,
  type KeyboardEvent,
  type MouseEvent,
} from 'react';
import { useTranslation } from 'react-i18next';
import type { Catalog } from '../../core/model/index.ts';
import { CatalogStyles, samePageRender, type RenderContext } from '../../core/render/index.ts';
import { useRenderContext } from '../components/catalogs/scaled-page.tsx';
import { ScaledPage } from './page-canvas.tsx';
import { organizerPick, stepTarget } from './organizer-rules.ts';
import type { EditorStore } from './store.ts';
import { useNearView } from './thumbnails.tsx';
import { useEditorState } from './use-editor.ts';

/** Organizer thumbnails are drawn this wide (px). */
const WIDTH = 132;
const PAGES_DRAG_TYPE = 'application/x-catalog-builder-pages';

type ItemProps = {
  index: number;
  context: RenderContext;
  selected: boolean;
  drop: 'before' | 'after' | null;
  label: string;
  readonly: boolean;
  handlers: Handlers;
};

type Handlers = {
  pick: (e: MouseEvent | KeyboardEvent, id: string) => void;
  key: (e: KeyboardEvent, id: string) => void;
  dragStart: (e: DragEvent, id: string) => void;
  dragOver: (e: DragEvent, index: number) => void;
  drop: (e: DragEvent) => void;
  dragEnd: () => void;
  open: (id: string) => void;
};

const OrganizerItem = memo(
  function OrganizerItem({ index, context, selected, drop, label, readonly, handlers }: ItemProps) {
    const page = context.catalog.pages[index]!;
    const [ref, near] = useNearView<HTMLLIElement>();
    const { widthPx, heightPx } = context.size;
    const classes = ['cb-organizer__item'];
    if (selected) classes.push('cb-organizer__item--selected');
    if (drop) classes.push(`cb-organizer__item--drop-${drop}`);
    return (
      <li
        ref={ref}
        className={classes.join(' ')}
        draggable={!readonly}
        onDragStart={(e) => handlers.dragStart(e, page.id)}
        onDragOver={(e) => handlers.dragOver(e, index)}
        onDrop={handlers.drop}
        onDragEnd={handlers.dragEnd}
      >
        <button
          type="button"
          className="cb-organizer__page"
          data-page-id={page.id}
          aria-pressed={selected}
          onClick={(e) => handlers.pick(e, page.id)}
          onDoubleClick={() => handlers.open(page.id)}
          onKeyDown={(e) => handlers.key(e, page.id)}
        >
          <span className="cb-organizer__thumb" aria-hidden="true">
            {near ? (
              <ScaledPage catalog={context.catalog} pageIndex={index} context={context} width={WIDTH} />
            ) : (
              <span
                className="cb-page-thumb__blank"
                style={{ width: WIDTH, height: (heightPx * WIDTH) / widthPx }}
              />
            )}
          </span>
          <span className="cb-organizer__label">{label}</span>
        </button>
      </li>
    );
  },
  (a, b) =>
    a.index === b.index &&
    a.selected === b.selected &&
    a.drop === b.drop &&
    a.label === b.label &&
    a.readonly === b.readonly &&
    a.handlers === b.handlers &&
    samePageRender(a.context, b.context, b.index),
);

/**
 * Organizer mode (SPEC §2.2, users created before 3 Oct 2017): every page as a grid of thumbnails drawn by
 * core/render. Pages are selected with click, ctrl/meta click and shift click, moved together by drag, by
 * Alt+arrows or by the buttons (one movePages command, one undo step each), deleted after a confirmation.
 */
export function PageOrganizer({ store, onOpen }: { store: EditorStore; onOpen: (id: string) => void }) {
  const { t } = useTranslation('arrange');
  const { t: te } = useTranslation('editor');
  const catalog: Catalog = useEditorState(store, (s) => s.catalog);
  const readonly = useEditorState(store, (s) => s.readonly);
  const context = useRenderContext(catalog);
  const styles = useMemo(() => <CatalogStyles context={context} />, [context]);
  const ids = catalog.pages.map((p) => p.id);
  const [picked, setPicked] = useState<{ selected: string[]; anchor: string | null }>(() => {
    const current = store.getState().currentPageId;
    return { selected: current ? [current] : [], anchor: current };
  });
  const [dropAt, setDropAt] = useState<number | null>(null);
  const [confirming, setConfirming] = useState(false);
  const [message, setMessage] = useState('');
  const [focusId, setFocusId] = useState<string | null>(null);
  const grid = useRef<HTMLOListElement>(null);
  // Pages an undo or another editor removed leave the selection.
  const selected = picked.selected.filter((id) => ids.includes(id));

  useEffect(() => {
    if (!focusId) return;
    grid.current?.querySelector<HTMLElement>(`[data-page-id="${CSS.escape(focusId)}"]`)?.focus();
    setFocusId(null);
  }, [focusId, catalog]);

  // The latest state for handlers that stay the same object (so thumbnails do not draw again).
  const live = useRef({ ids, selected, dropAt, readonly });
  live.current = { ids, selected, dropAt, readonly };

  const handlers = useMemo<Handlers>(() => {
    const move = (before: number) => {
      const { ids: all, selected: sel, readonly: ro } = live.current;
      if (ro || !sel.length) return;
      const r = store
        .getState()
        .dispatch({ name: 'movePages', args: { pageIds: sel, beforePageId: all[before] ?? null } });
      if (!r.changed) return;
      const now = store.getState().catalog.pages.map((p) => p.id);
      const position = Math.min(...sel.map((id) => now.indexOf(id))) + 1;
      setMessage(t('organizer.moved', { count: sel.length, position }));
      setFocusId(sel[0]!);
    };
    return {
      pick: (e, id) =>
        setPicked((p) =>
          organizerPick(live.current.ids, p, id, {
            toggle: e.ctrlKey || e.metaKey,
            range: e.shiftKey,
          }),
        ),
      key: (e, id) => {
        const { ids: all, selected: sel } = live.current;
        const arrow = { ArrowLeft: -1, ArrowUp: -1, ArrowRight: 1, ArrowDown: 1 }[e.key];
        if (e.altKey && arrow) {
          // The editor's Alt+←/→ change the page; here they move the selected pages.
          e.preventDefault();
          e.stopPropagation();
          const chosen = sel.includes(id) ? sel : [id];
          if (!sel.includes(id)) setPicked({ selected: [id], anchor: id });
          const before = stepTarget(all, chosen, arrow as 1 | -1);
          if (before !== null) {
            live.current.selected = chosen;
            move(before);
          }
        } else if ((e.key === 'Delete' || e.key === 'Backspace') && !live.current.readonly) {
          e.preventDefault();
          e.stopPropagation();
          if (!sel.includes(id)) setPicked({ selected: [id], anchor: id });
          setConfirming(true);
        }
      },
      dragStart: (e, id) => {
        if (!live.current.selected.includes(id)) {
          setPicked({ selected: [id], anchor: id });
          live.current.selected = [id];
        }
        e.dataTransfer.effectAllowed = 'move';
        e.dataTransfer.setData(PAGES_DRAG_TYPE, JSON.stringify(live.current.selected));
      },
      dragOver: (e, index) => {
        if (live.current.readonly || !e.dataTransfer.types.includes(PAGES_DRAG_TYPE)) return;
        e.preventDefault();
        const box = e.currentTarget.getBoundingClientRect();
        const before = e.clientX < box.left + box.width / 2 ? index : index + 1;
        if (before !== live.current.dropAt) setDropAt(before);
      },
      drop: (e) => {
        e.preventDefault();
        const at = live.current.dropAt;
        setDropAt(null);
        if (at !== null) move(at);
      },
      dragEnd: () => setDropAt(null),
      open: (id) => onOpen(id),
    };
  }, [store, t, onOpen]);

  const stepSelection = (direction: 1 | -1) => {
    const before = stepTarget(ids, selected, direction);
    if (before === null) return;
    const r = store
      .getState()
      .dispatch({ name: 'movePages', args: { pageIds: selected, beforePageId: ids[before] ?? null } });
    if (r.changed) {
      const now = store.getState().catalog.pages.map((p) => p.id);
      const position = Math.min(...selected.map((id) => now.indexOf(id))) + 1;
      setMessage(t('organizer.moved', { count: selected.length, position }));
    }
  };
  const remove = () => {
    setConfirming(false);
    store.getState().dispatch({ name: 'removePages', args: { pageIds: selected } });
    setPicked({ selected: [], anchor: null });
  };
  const canEarlier = stepTarget(ids, selected, -1) !== null;
  const canLater = stepTarget(ids, selected, 1) !== null;

  return (
    <section className="cb-organizer" aria-labelledby="cb-organizer-title">
      {styles}
      <div className="cb-organizer__bar">
        <BlockTitle title={t('organizer.label')} hint={t('organizer.hint')} />
        <InlineStack gap="200" blockAlign="center" wrap>
          <Text as="span" variant="bodyMd" fontWeight="semibold">
            <span data-testid="organizer-count">
              {selected.length ? t('organizer.selected', { count: selected.length }) : t('organizer.none')}
            </span>
          </Text>
          {readonly ? null : (
            <ButtonGroup>
              <Button disabled={!canEarlier} onClick={() => stepSelection(-1)}>
                {`← ${t('organizer.earlier')}`}
              </Button>
              <Button disabled={!canLater} onClick={() => stepSelection(1)}>
                {`${t('organizer.later')} →`}
              </Button>
              <Button tone="critical" disabled={!selected.length} onClick={() => setConfirming(true)}>
                {t('organizer.delete')}
              </Button>
            </ButtonGroup>
          )}
          <Button disabled={selected.length !== 1} onClick={() => onOpen(selected[0]!)}>
            {t('organizer.open')}
          </Button>
        </InlineStack>
      </div>
      <p className="cb-visually-hidden" role="status">
        {message}
      </p>
      <nav aria-label={te('screen.thumbnails')}>
        {catalog.pages.length ? (
          <ol ref={grid} className="cb-organizer__grid">
            {catalog.pages.map((p, i) => (
              <OrganizerItem
                key={p.id}
                index={i}
                context={context}
                selected={selected.includes(p.id)}
                drop={dropAt === i ? 'before' : dropAt === i + 1 && i === ids.length - 1 ? 'after' : null}
                label={t('organizer.page', { page: i + 1 })}
                readonly={readonly}
                handlers={handlers}
              />
            ))}
          </ol>
        ) : (
          <p className="cb-organizer__empty">{t('organizer.empty')}</p>
        )}
      </nav>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title={t('organizer.confirmTitle', { count: selected.length })}
        primaryAction={{ content: t('organizer.confirm'), destructive: true, onAction: remove }}
        secondaryActions={[{ content: t('organizer.cancel'), onAction: () => setConfirming(false) }]}
      >
        <Modal.Section>
          <p>{t('organizer.confirmBody')}</p>
        </Modal.Section>
      </Modal>
    </section>
  );
}

function BlockTitle({ title, hint }: { title: string; hint: string }) {
  return (
    <div className="cb-organizer__title">
      <Text as="h2" variant="headingMd" id="cb-organizer-title">
        {title}
      </Text>
      <p className="cb-tip">{hint}</p>
    </div>
  );
}
