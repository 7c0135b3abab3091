import {
  Banner,
  BlockStack,
  Button,
  ButtonGroup,
  Card,
  Checkbox,
  InlineGrid,
  InlineStack,
  Modal,
  Page,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { LAYOUT_GRID_FRACTION } from '../../../core/constants.ts';
import {
  addLayoutCell,
  cellCoordinatesText,
  LAYOUT_AVAILABILITIES,
  layoutText,
  nudgeCell,
  readCellCoordinates,
  readLayoutText,
  removeLayoutCell,
  setLayoutCell,
  setLayoutFields,
  shiftCell,
  type LayoutFields,
} from '../../../core/layouts/index.ts';
import {
  LAYOUT_TYPES,
  PageLayoutSchema,
  type CellInput,
  type PageLayout,
} from '../../../core/model/index.ts';
import { CatalogStyles, pageBands } from '../../../core/render/index.ts';
import { apiFetch } from '../catalogs/api.ts';
import { ScaledCatalogPage } from '../catalogs/scaled-page.tsx';
import { StaffNotice } from '../staff/staff-list.tsx';
import type { ManagedLayout } from './layout-manager.tsx';
import { useLayoutSamples, useLayoutTitle } from './layout-thumbnails.tsx';
// The save failure stays SPEC §4's 10 s; the in-use refusal 6 s (StaffNotice's time).
import { SAVE_FAILED_MS, saveLayout } from './save-layout.ts';

/** What a cell may hold (SPEC §3 Cell accepts), in the order the editor offers them. */
const ACCEPTS = [
  'application/product',
  'image/*',
  'text/html',
  'application/table',
  'application/description',
];

type History = { past: PageLayout[]; present: PageLayout; future: PageLayout[] };
const percent = (f: number) => Math.round(f * 10000) / 100;

/**
 * The layout editor (SPEC §2.3, §4 'Editor mode and layouts', §5): the page drawn with sample products and its
 * cells over it to select, move and resize by pointer, touch or keyboard on the 1.25 % grid; each cell's and the
 * layout's settings; the layout as JSON, marked well formed or not; undo and redo. The owner saves over it,
 * anyone else (or 'Save as new') keeps a copy; deleting a layout a catalog uses is refused.
 */
export function LayoutEditor({
  initial,
  scope,
  basePath,
}: {
  initial: ManagedLayout;
  scope: 'usable' | 'library';
  basePath: string;
}) {
  const { t } = useTranslation('layouts');
  const title = useLayoutTitle();
  const navigate = useNavigate();
  const isNew = !initial._id;
  const [ordering, setOrdering] = useState(String(initial.ordering));
  const [history, setHistory] = useState<History>(() => ({
    past: [],
    present: PageLayoutSchema.parse(initial),
    future: [],
  }));
  const layout = history.present;
  const [selected, setSelected] = useState<number | null>(layout.cells.length ? 0 : null);
  const [draft, setDraft] = useState<string | null>(null);
  const [notice, setNotice] = useState<{ text: string; error?: boolean } | null>(null);
  const [saveFailed, setSaveFailed] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [confirmDelete, setConfirmDelete] = useState(false);
  const dismiss = useCallback(() => setNotice(null), []);

  const commit = useCallback((next: PageLayout, fromJson = false) => {
    setHistory((h) => (next === h.present ? h : { past: [...h.past, h.present], present: next, future: [] }));
    if (!fromJson) setDraft(null);
  }, []);
  const undo = useCallback(() => {
    setDraft(null);
    setHistory((h) =>
      h.past.length
        ? { past: h.past.slice(0, -1), present: h.past[h.past.length - 1]!, future: [h.present, ...h.future] }
        : h,
    );
  }, []);
  const redo = useCallback(() => {
    setDraft(null);
    setHistory((h) =>
      h.future.length
        ? { past: [...h.past, h.present], present: h.future[0]!, future: h.future.slice(1) }
        : h,
    );
  }, []);

  // Ctrl/⌘+Z undoes, Ctrl/⌘+Shift+Z or Ctrl+Y redoes, except while typing in a field (its own undo).
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target?.closest('input, textarea, select, [contenteditable="true"]')) return;
      if (!(e.ctrlKey || e.metaKey)) return;
      const key = e.key.toLowerCase();
      if (key === 'z' && !e.shiftKey) {
        e.preventDefault();
        undo();
      } else if ((key === 'z' && e.shiftKey) || key === 'y') {
        e.preventDefault();
        redo();
      }
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [undo, redo]);

  useEffect(() => {
    if (selected !== null && selected >= layout.cells.length) setSelected(layout.cells.length ? 0 : null);
  }, [layout.cells.length, selected]);

  useEffect(() => {
    if (!saveFailed) return;
    const id = setTimeout(() => setSaveFailed(null), SAVE_FAILED_MS);
    return () => clearTimeout(id);
  }, [saveFailed]);

  const setCell = (index: number, patch: Partial<CellInput>) => commit(setLayoutCell(layout, index, patch));
  const setFields = (fields: LayoutFields) => commit(setLayoutFields(layout, fields));
  const cell = selected === null ? null : (layout.cells[selected] ?? null);

  const pasteOnto = (index: number, text: string) => {
    const box = readCellCoordinates(text);
    if (!box) {
      setNotice({ text: t('editor.pasteRefused'), error: true });
      return;
    }
    setCell(index, box);
  };

  async function save(asNew: boolean) {
    setBusy(true);
    setSaveFailed(null);
    const saved = await saveLayout(t, {
      layout: { ...layout, _id: initial._id ?? null },
      isOwner: initial.isOwner,
      asNew,
      library: scope === 'library' ? { ordering: Number(ordering) || 0 } : undefined,
    });
    setBusy(false);
    if (!saved.ok) {
      setSaveFailed(saved.message);
      return;
    }
    setNotice({ text: t('editor.saved') });
    if (saved.created) void navigate(`${basePath}/${saved.layout._id}`, { replace: false });
  }

  async function remove() {
    setConfirmDelete(false);
    setBusy(true);
    const res = await apiFetch(`/api/v1/pagelayouts/${initial._id}`, { method: 'DELETE' }).catch(() => null);
    setBusy(false);
    if (res?.ok) {
      void navigate(basePath);
      return;
    }
    setNotice({ text: res?.status === 409 ? t('editor.inUse') : t('editor.saveFailed'), error: true });
  }

  const jsonText = draft ?? layoutText(layout);
  const jsonState = useMemo(() => readLayoutText(jsonText), [jsonText]);
  const name = title(layout);
  const staff = scope === 'library';
  const canDelete = !isNew && initial.isOwner;

  return (
    <Page
      title={isNew ? t('editor.newTitle') : t('editor.title', { title: name })}
      backAction={{ content: t('editor.back'), url: basePath }}
      primaryAction={{
        content: isNew || initial.isOwner ? t('editor.save') : t('editor.saveCopy'),
        onAction: () => void save(false),
        loading: busy,
      }}
      secondaryActions={[
        ...(isNew
          ? []
          : [{ content: t('editor.saveAsNew'), onAction: () => void save(true), disabled: busy }]),
        ...(canDelete
          ? [
              {
                content: t('editor.delete'),
                destructive: true,
                onAction: () => setConfirmDelete(true),
                disabled: busy,
              },
            ]
          : []),
      ]}
    >
      <BlockStack gap="400">
        {saveFailed ? (
          <Banner tone="critical" onDismiss={() => setSaveFailed(null)}>
            {saveFailed}
          </Banner>
        ) : null}
        {!isNew && !initial.isOwner ? <Banner tone="info">{t('editor.notOwnerNote')}</Banner> : null}
        <InlineGrid columns={{ xs: 1, md: ['oneHalf', 'oneHalf'] }} gap="400">
          <Card>
            <BlockStack gap="300">
              <InlineStack align="space-between" blockAlign="center" gap="200">
                <Text as="h2" variant="headingMd">
                  {t('editor.page')}
                </Text>
                <ButtonGroup>
                  <Button onClick={undo} disabled={history.past.length === 0}>
                    {t('editor.undo')}
                  </Button>
                  <Button onClick={redo} disabled={history.future.length === 0}>
                    {t('editor.redo')}
                  </Button>
                </ButtonGroup>
              </InlineStack>
              <Text as="p" tone="subdued" id="cb-layout-page-help">
                {t('editor.pageHelp')}
              </Text>
              <LayoutCanvas
                layout={layout}
                selected={selected}
                onSelect={setSelected}
                onChange={(index, box) => setCell(index, box)}
                onPaste={pasteOnto}
              />
              <InlineStack gap="200">
                <Button
                  onClick={() => {
                    const { layout: next, index } = addLayoutCell(layout);
                    commit(next);
                    setSelected(index);
                  }}
                >
                  {t('editor.addCell')}
                </Button>
                <Button
                  onClick={() => {
                    const { layout: next, index } = addLayoutCell(layout, { free: true });
                    commit(next);
                    setSelected(index);
                  }}
                >
                  {t('editor.addFreeCell')}
                </Button>
              </InlineStack>
            </BlockStack>
          </Card>
          <BlockStack gap="400">
            <Card>
              <BlockStack gap="300">
                <Text as="h2" variant="headingMd">
                  {t('editor.fields')}
                </Text>
                <TextField
                  label={t('editor.name')}
                  value={layout.title}
                  onChange={(value) => setFields({ title: value })}
                  autoComplete="off"
                />
                <Select
                  label={t('editor.type')}
                  options={LAYOUT_TYPES.map((type) => ({ label: t(`types.${type}`), value: type }))}
                  value={layout.type}
                  onChange={(value) => setFields({ type: value as PageLayout['type'] })}
                />
                <InlineGrid columns={{ xs: 1, sm: 3 }} gap="200">
                  <NumberField
                    label={t('editor.margin')}
                    value={layout.margin}
                    onCommit={(margin) => setFields({ margin })}
                  />
                  <NumberField
                    label={t('editor.headerHeight')}
                    value={percent(layout.headerHeight)}
                    onCommit={(v) => setFields({ headerHeight: v / 100 })}
                  />
                  <NumberField
                    label={t('editor.footerHeight')}
                    value={percent(layout.footerHeight)}
                    onCommit={(v) => setFields({ footerHeight: v / 100 })}
                  />
                </InlineGrid>
                <Checkbox
                  label={t('editor.showHeadersFooters')}
                  checked={layout.show_headers_footers}
                  onChange={(checked) => setFields({ show_headers_footers: checked })}
                />
                {staff ? (
                  <>
                    <Checkbox
                      label={t('editor.public')}
                      checked={layout.public}
                      onChange={(checked) => setFields({ public: checked })}
                    />
                    <InlineGrid columns={2} gap="200">
                      <Select
                        label={t('editor.availability')}
                        options={LAYOUT_AVAILABILITIES.map((a) => ({
                          label: t(`availability.${a}`),
                          value: a,
                        }))}
                        value={layout.availability}
                        onChange={(value) => setFields({ availability: value as PageLayout['availability'] })}
                      />
                      <TextField
                        label={t('editor.ordering')}
                        type="number"
                        value={ordering}
                        onChange={setOrdering}
                        autoComplete="off"
                      />
                    </InlineGrid>
                  </>
                ) : null}
              </BlockStack>
            </Card>
            <CellPanel
              cell={cell}
              index={selected}
              onChange={(patch) => selected !== null && setCell(selected, patch)}
              onRemove={() => selected !== null && commit(removeLayoutCell(layout, selected))}
              onCopy={(text) => {
                void navigator.clipboard?.writeText(text).catch(() => undefined);
                setNotice({ text: t('editor.copied', { text }) });
              }}
              onPaste={(text) => selected !== null && pasteOnto(selected, text)}
            />
            <Card>
              <BlockStack gap="200">
                <TextField
                  label={t('editor.json')}
                  value={jsonText}
                  multiline={12}
                  maxHeight={360}
                  monospaced
                  autoComplete="off"
                  spellCheck={false}
                  onChange={(text) => {
                    setDraft(text);
                    const read = readLayoutText(text);
                    if (read.ok) commit({ ...read.layout, _id: layout._id, owner: layout.owner }, true);
                  }}
                  error={
                    jsonState.ok
                      ? undefined
                      : jsonState.problem === 'json'
                        ? t('editor.jsonNotJson', { message: jsonState.message })
                        : t('editor.jsonNotLayout', { path: jsonState.path, message: jsonState.message })
                  }
                  helpText={jsonState.ok ? t('editor.jsonOk') : undefined}
                />
              </BlockStack>
            </Card>
          </BlockStack>
        </InlineGrid>
      </BlockStack>
      <Modal
        open={confirmDelete}
        onClose={() => setConfirmDelete(false)}
        title={t('editor.deleteConfirm', { title: name })}
        primaryAction={{ content: t('editor.delete'), destructive: true, onAction: () => void remove() }}
        secondaryActions={[{ content: t('editor.cancel'), onAction: () => setConfirmDelete(false) }]}
      >
        <Modal.Section>
          <Text as="p">{name}</Text>
        </Modal.Section>
      </Modal>
      <StaffNotice notice={notice} onDismiss={dismiss} />
    </Page>
  );
}

/** A number typed in a field, taken when it is a number (on blur or Enter); anything else goes back. */
function NumberField({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number;
  onCommit: (v: number) => void;
}) {
  const [text, setText] = useState(String(value));
  useEffect(() => setText(String(value)), [value]);
  const take = () => {
    const n = Number(text);
    if (text.trim() !== '' && Number.isFinite(n)) onCommit(n);
    else setText(String(value));
  };
  return (
    <div onKeyDown={(e) => e.key === 'Enter' && take()}>
      <TextField
        label={label}
        type="number"
        value={text}
        onChange={setText}
        onBlur={take}
        autoComplete="off"
      />
    </div>
  );
}

function CellPanel({
  cell,
  index,
  onChange,
  onRemove,
  onCopy,
  onPaste,
}: {
  cell: PageLayout['cells'][number] | null;
  index: number | null;
  onChange: (patch: Partial<CellInput>) => void;
  onRemove: () => void;
  onCopy: (text: string) => void;
  onPaste: (text: string) => void;
}) {
  const { t } = useTranslation('layouts');
  const [pasting, setPasting] = useState('');
  if (!cell || index === null) {
    return (
      <Card>
        <BlockStack gap="200">
          <Text as="h2" variant="headingMd">
            {t('editor.cells')}
          </Text>
          <Text as="p" tone="subdued">
            {t('editor.noCell')}
          </Text>
        </BlockStack>
      </Card>
    );
  }
  const toggle = (type: string, on: boolean) => {
    const accepts = on ? [...cell.accepts, type] : cell.accepts.filter((a) => a !== type);
    if (accepts.length) onChange({ accepts });
  };
  return (
    <Card>
      <BlockStack gap="300">
        <InlineStack align="space-between" blockAlign="center">
          <Text as="h2" variant="headingMd">
            {t('editor.selected', { n: index + 1 })}
          </Text>
          <Button tone="critical" variant="plain" onClick={onRemove}>
            {t('editor.removeCell')}
          </Button>
        </InlineStack>
        <InlineGrid columns={{ xs: 2, sm: 4 }} gap="200">
          <NumberField
            label={t('editor.x')}
            value={percent(cell.x)}
            onCommit={(v) => onChange({ x: v / 100 })}
          />
          <NumberField
            label={t('editor.y')}
            value={percent(cell.y)}
            onCommit={(v) => onChange({ y: v / 100 })}
          />
          <NumberField
            label={t('editor.width')}
            value={percent(cell.width)}
            onCommit={(v) => onChange({ width: v / 100 })}
          />
          <NumberField
            label={t('editor.height')}
            value={percent(cell.height)}
            onCommit={(v) => onChange({ height: v / 100 })}
          />
        </InlineGrid>
        <InlineStack gap="200" blockAlign="end" wrap>
          <Button onClick={() => onCopy(cellCoordinatesText(cell))}>{t('editor.copyCoordinates')}</Button>
          <div className="cb-layout-paste">
            <TextField
              label={t('editor.pasteCoordinates')}
              value={pasting}
              onChange={setPasting}
              autoComplete="off"
              placeholder="0 0 0.5 0.5"
              connectedRight={
                <Button
                  onClick={() => {
                    onPaste(pasting);
                    setPasting('');
                  }}
                  disabled={!pasting.trim()}
                >
                  {t('editor.pasteCoordinates')}
                </Button>
              }
            />
          </div>
        </InlineStack>
        <fieldset className="cb-layout-fieldset">
          <legend>{t('editor.acceptsLabel')}</legend>
          <InlineStack gap="300" wrap>
            {ACCEPTS.map((type) => (
              <Checkbox
                key={type}
                label={t(`accepts.${type}`)}
                checked={cell.accepts.includes(type)}
                onChange={(on) => toggle(type, on)}
              />
            ))}
          </InlineStack>
        </fieldset>
        <InlineStack gap="300" wrap>
          <Checkbox
            label={t('editor.readOnly')}
            checked={cell.read_only}
            onChange={(v) => onChange({ read_only: v })}
          />
          <Checkbox
            label={t('editor.alternate')}
            checked={cell.alternate_left_right}
            onChange={(v) => onChange({ alternate_left_right: v })}
          />
          <Checkbox
            label={t('editor.reverse')}
            checked={cell.reverse}
            onChange={(v) => onChange({ reverse: v })}
          />
        </InlineStack>
        <InlineGrid columns={{ xs: 2, sm: 3 }} gap="200">
          <NumberField
            label={t('editor.z')}
            value={cell.z}
            onCommit={(v) => onChange({ z: Math.round(v) })}
          />
          <OptionalNumber
            label={t('editor.maxLines')}
            value={cell.maxLines}
            onCommit={(maxLines) => onChange({ maxLines })}
          />
          <OptionalNumber
            label={t('editor.maxColumns')}
            value={cell.properties.maxColumns}
            onCommit={(maxColumns) => onChange({ properties: { ...cell.properties, maxColumns } })}
          />
        </InlineGrid>
        <InlineGrid columns={2} gap="200">
          <Select
            label={t('editor.verticalAlign')}
            options={(['top', 'middle', 'bottom'] as const).map((v) => ({
              label: t(`editor.align.${v}`),
              value: v,
            }))}
            value={cell.properties.verticalAlign}
            onChange={(v) =>
              onChange({
                properties: { ...cell.properties, verticalAlign: v as 'top' | 'middle' | 'bottom' },
              })
            }
          />
          <TextField
            label={t('editor.background')}
            value={cell.properties.background_color ?? ''}
            placeholder="#ffffff"
            onChange={(v) =>
              onChange({ properties: { ...cell.properties, background_color: v.trim() || null } })
            }
            autoComplete="off"
          />
        </InlineGrid>
        {cell.accepts.includes('text/html') ? (
          <TextField
            label={t('editor.defaultText')}
            value={cell.properties.default ?? ''}
            multiline={3}
            onChange={(v) => onChange({ properties: { ...cell.properties, default: v || null } })}
            autoComplete="off"
          />
        ) : null}
      </BlockStack>
    </Card>
  );
}

/** A whole number or nothing (maxLines, maxColumns: empty means no limit). */
function OptionalNumber({
  label,
  value,
  onCommit,
}: {
  label: string;
  value: number | null;
  onCommit: (v: number | null) => void;
}) {
  const [text, setText] = useState(value === null ? '' : String(value));
  useEffect(() => setText(value === null ? '' : String(value)), [value]);
  const take = () => {
    if (text.trim() === '') return onCommit(null);
    const n = Math.round(Number(text));
    if (Number.isFinite(n) && n > 0) onCommit(n);
    else setText(value === null ? '' : String(value));
  };
  return (
    <div onKeyDown={(e) => e.key === 'Enter' && take()}>
      <TextField
        label={label}
        type="number"
        value={text}
        onChange={setText}
        onBlur={take}
        autoComplete="off"
      />
    </div>
  );
}

type Drag = {
  index: number;
  resize: boolean;
  startX: number;
  startY: number;
  box: { x: number; y: number; width: number; height: number };
};

/**
 * The page with the layout's cells over it: each cell a button to select; arrows move it one grid step, Shift
 * and arrows resize it, a pasted 'x y width height' places it; dragging it (mouse, pen or touch) moves it, and
 * dragging its corner resizes it, snapped to the 1.25 % grid (core/layouts shiftCell).
 */
function LayoutCanvas({
  layout,
  selected,
  onSelect,
  onChange,
  onPaste,
}: {
  layout: PageLayout;
  selected: number | null;
  onSelect: (index: number) => void;
  onChange: (index: number, box: { x: number; y: number; width: number; height: number }) => void;
  onPaste: (index: number, text: string) => void;
}) {
  const { t } = useTranslation('layouts');
  const layouts = useMemo(() => [layout], [layout]);
  const context = useLayoutSamples(layouts);
  const frame = useRef<HTMLDivElement>(null);
  const inner = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(420);
  const [drag, setDrag] = useState<Drag | null>(null);
  const [preview, setPreview] = useState<{ index: number; box: Drag['box'] } | null>(null);

  useEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry!.contentRect.width);
      if (w > 0) setWidth(Math.min(520, w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const page = context.catalog.pages[0]!;
  const bands = pageBands(page, context.catalog);
  const height = Math.round((context.size.heightPx / context.size.widthPx) * width);

  const onPointerDown = (e: React.PointerEvent, index: number, resize: boolean) => {
    const cell = layout.cells[index]!;
    onSelect(index);
    (e.currentTarget as HTMLElement).setPointerCapture?.(e.pointerId);
    setDrag({
      index,
      resize,
      startX: e.clientX,
      startY: e.clientY,
      box: { x: cell.x, y: cell.y, width: cell.width, height: cell.height },
    });
    e.stopPropagation();
  };
  const onPointerMove = (e: React.PointerEvent) => {
    if (!drag || !inner.current) return;
    const rect = inner.current.getBoundingClientRect();
    const dx = (e.clientX - drag.startX) / rect.width;
    const dy = (e.clientY - drag.startY) / rect.height;
    const next = shiftCell(drag.box, dx, dy, drag.resize);
    setPreview({ index: drag.index, box: next ?? drag.box });
  };
  const onPointerUp = () => {
    if (drag && preview && preview.index === drag.index) onChange(drag.index, preview.box);
    setDrag(null);
    setPreview(null);
  };

  return (
    <div ref={frame} className="cb-layout-canvas-frame">
      <CatalogStyles context={context} />
      <div className="cb-layout-canvas" style={{ width, height }}>
        <ScaledCatalogPage context={context} pageIndex={0} width={width} withStyles={false} />
        <div
          ref={inner}
          className="cb-layout-canvas__inner"
          style={{
            top: `${bands.inner.top * 100}%`,
            height: `${bands.inner.height * 100}%`,
            backgroundSize: `${LAYOUT_GRID_FRACTION * 800}% ${LAYOUT_GRID_FRACTION * 800}%`,
          }}
          onPointerMove={onPointerMove}
          onPointerUp={onPointerUp}
          onPointerCancel={onPointerUp}
        >
          {layout.cells.map((cell, i) => {
            const box = preview?.index === i ? preview.box : cell;
            const accepts = cell.accepts.map((a) => t(`accepts.${a}`, { defaultValue: a })).join(', ');
            return (
              <div
                key={i}
                className={`cb-layout-cell${selected === i ? ' cb-layout-cell--selected' : ''}`}
                style={{
                  left: `${box.x * 100}%`,
                  top: `${box.y * 100}%`,
                  width: `${box.width * 100}%`,
                  height: `${box.height * 100}%`,
                  zIndex: cell.z,
                }}
              >
                <button
                  type="button"
                  className="cb-layout-cell__body"
                  aria-pressed={selected === i}
                  aria-describedby="cb-layout-page-help"
                  aria-label={t('editor.cell', {
                    n: i + 1,
                    accepts,
                    x: percent(box.x),
                    y: percent(box.y),
                    width: percent(box.width),
                    height: percent(box.height),
                  })}
                  onClick={() => onSelect(i)}
                  onPointerDown={(e) => onPointerDown(e, i, false)}
                  onKeyDown={(e) => {
                    const next = nudgeCell(cell, e.key, e.shiftKey);
                    if (next) {
                      e.preventDefault();
                      onSelect(i);
                      onChange(i, next);
                    }
                  }}
                  onPaste={(e) => {
                    e.preventDefault();
                    onPaste(i, e.clipboardData.getData('text'));
                  }}
                >
                  <span className="cb-layout-cell__label" aria-hidden="true">
                    {i + 1}
                  </span>
                </button>
                {selected === i ? (
                  <span
                    className="cb-layout-cell__handle"
                    aria-hidden="true"
                    title={t('editor.resize', { n: i + 1 })}
                    onPointerDown={(e) => onPointerDown(e, i, true)}
                  />
                ) : null}
              </div>
            );
          })}
        </div>
      </div>
    </div>
  );
}
