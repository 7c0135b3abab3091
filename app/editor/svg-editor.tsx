import { BlockStack, Button, InlineError, InlineStack, Select, Text, TextField } from '@shopify/polaris';
import { DeleteIcon } from '@shopify/polaris-icons';
import { useEffect, useId, useRef, useState, type ChangeEvent, type PointerEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { sanitizeSvg } from '../../core/sanitize/index.ts';
import {
  BADGE_PRESETS,
  DRAWING_HEIGHT,
  DRAWING_WIDTH,
  DRAWN_KINDS,
  newShape,
  normalizeShape,
  SHAPE_KINDS,
  shapeFromDrag,
  shapesText,
  shapesToSvg,
  type DrawnKind,
  type Shape,
  type ShapeKind,
} from '../../core/svg/index.ts';
import type { EditorStore } from './store.ts';

/** Largest SVG file the panel reads (the drawing is kept in the catalog itself). */
const SVG_FILE_MAX_BYTES = 512 * 1024;

const NUMBER_FIELDS = ['x', 'y', 'width', 'height'] as const;

type Point = { x: number; y: number };

/** The outline of the shape a drag is drawing, dashed until the pointer is let go. */
function DraggedShape({ shape: s }: { shape: Shape }) {
  const common = { fill: 'none', stroke: '#005bd3', strokeWidth: 2, strokeDasharray: '6 4' };
  if (s.kind === 'line' || s.kind === 'arrow')
    return <line x1={s.x} y1={s.y} x2={s.x + s.width} y2={s.y + s.height} {...common} />;
  if (s.kind === 'ellipse')
    return (
      <ellipse
        cx={s.x + s.width / 2}
        cy={s.y + s.height / 2}
        rx={s.width / 2}
        ry={s.height / 2}
        {...common}
      />
    );
  return <rect x={s.x} y={s.y} width={s.width} height={s.height} {...common} />;
}

/** The shapes an element was drawn from (none for an uploaded file or anything unreadable). */
function shapesOf(value: unknown): Shape[] {
  return Array.isArray(value)
    ? value.filter((s): s is Shape => !!s && typeof s === 'object' && 'kind' in s).map(normalizeShape)
    : [];
}

/**
 * The SVG element's panel (SPEC §2.2 SVG editor, §3 image/svg+xml): a badge ('NEW', '-20 %') in one click,
 * lines, arrows, rectangles, ellipses and text with their words, colours and places, or an SVG file. Applied as
 * one `setElementSvg` command. A rectangle, ellipse, line or arrow may also be drawn by dragging on the drawing
 * (pointer events; the add buttons are the keyboard's way), each shape drawn applied as one step. The drawing is
 * sanitized (core/sanitize `sanitizeSvg`) here, wherever it is drawn and by the server when it is stored, so no
 * script and no outside reference ever reaches a page.
 */
export function SvgEditor({
  store,
  pageId,
  elementIndex,
  svg,
  shapes: savedShapes,
  readonly,
}: {
  store: EditorStore;
  pageId: string;
  elementIndex: number;
  /** The drawing the cell holds, or '' for an empty cell. */
  svg: string;
  shapes: unknown;
  readonly: boolean;
}) {
  const { t } = useTranslation('contentTools');
  const id = useId();
  const fileRef = useRef<HTMLInputElement>(null);
  const [shapes, setShapes] = useState<Shape[]>(() => shapesOf(savedShapes));
  const [fileProblem, setFileProblem] = useState<string | null>(null);
  useEffect(() => {
    setShapes(shapesOf(savedShapes));
    setFileProblem(null);
  }, [pageId, elementIndex, svg, savedShapes]);

  const drawing = shapes.length ? shapesToSvg(shapes, shapesText(shapes)) : '';
  const changed = !!drawing && drawing !== svg;
  const apply = () => {
    if (!drawing) return;
    store.getState().dispatch({
      name: 'setElementSvg',
      args: {
        pageId,
        elementIndex,
        svg: drawing,
        shapes: shapes.map(normalizeShape),
        alt: shapesText(shapes),
      },
    });
  };
  // Drawing by dragging: the shape kind, and the drag under way (points in drawing units).
  const [tool, setTool] = useState<DrawnKind>('rect');
  const [drag, setDrag] = useState<{ from: Point; to: Point } | null>(null);
  const pointAt = (e: PointerEvent<SVGSVGElement>): Point => {
    const box = e.currentTarget.getBoundingClientRect();
    return {
      x: ((e.clientX - box.left) / box.width) * DRAWING_WIDTH,
      y: ((e.clientY - box.top) / box.height) * DRAWING_HEIGHT,
    };
  };
  const startDrag = (e: PointerEvent<SVGSVGElement>) => {
    if (readonly || e.button !== 0) return;
    e.preventDefault();
    e.currentTarget.setPointerCapture(e.pointerId);
    const at = pointAt(e);
    setDrag({ from: at, to: at });
  };
  const moveDrag = (e: PointerEvent<SVGSVGElement>) => {
    if (drag) setDrag({ from: drag.from, to: pointAt(e) });
  };
  const endDrag = (e: PointerEvent<SVGSVGElement>) => {
    if (!drag) return;
    const shape = shapeFromDrag(tool, drag.from, pointAt(e));
    setDrag(null);
    if (!shape) return;
    // The shape joins the drawing at once: one step, which undo takes back.
    const next = [...shapes, shape];
    setShapes(next);
    store.getState().dispatch({
      name: 'setElementSvg',
      args: {
        pageId,
        elementIndex,
        svg: shapesToSvg(next, shapesText(next)),
        shapes: next.map(normalizeShape),
        alt: shapesText(next),
      },
    });
  };
  const drawn = drag ? shapeFromDrag(tool, drag.from, drag.to) : null;

  const add = (kind: ShapeKind, text = '') => setShapes((all) => [...all, newShape(kind, text)]);
  const change = (i: number, patch: Partial<Shape>) =>
    setShapes((all) => all.map((s, j) => (j === i ? { ...s, ...patch } : s)));
  const readFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    if (file.size > SVG_FILE_MAX_BYTES) {
      setFileProblem(t('svg.fileTooLarge', { name: file.name }));
      return;
    }
    const safe = sanitizeSvg(await file.text());
    if (!safe) {
      setFileProblem(t('svg.notSvg', { name: file.name }));
      return;
    }
    setFileProblem(null);
    store.getState().dispatch({
      name: 'setElementSvg',
      args: { pageId, elementIndex, svg: safe, shapes: [], alt: file.name.replace(/\.svg$/i, '') },
    });
  };
  const preview = drawing || sanitizeSvg(svg);

  return (
    <section className="cb-svg-editor" aria-labelledby={`${id}-title`} data-testid="svg-editor">
      <BlockStack gap="300">
        <Text as="h3" variant="headingSm" id={`${id}-title`}>
          {t('svg.title')}
        </Text>
        <div className="cb-svg-editor__canvas">
          {preview ? (
            <div
              className="cb-svg-editor__preview"
              role="img"
              aria-label={t('svg.preview')}
              dangerouslySetInnerHTML={{ __html: preview }}
            />
          ) : (
            <div className="cb-svg-editor__preview" />
          )}
          {/* The pointer's way to draw; the shape buttons below are the keyboard's. */}
          <svg
            className="cb-svg-editor__draw"
            viewBox={`0 0 ${DRAWING_WIDTH} ${DRAWING_HEIGHT}`}
            aria-hidden="true"
            data-testid="svg-draw-area"
            data-readonly={readonly || undefined}
            onPointerDown={startDrag}
            onPointerMove={moveDrag}
            onPointerUp={endDrag}
            onPointerCancel={() => setDrag(null)}
          >
            {drawn ? <DraggedShape shape={drawn} /> : null}
          </svg>
        </div>
        {preview ? null : (
          <Text as="p" tone="subdued">
            {t('svg.empty')}
          </Text>
        )}
        <div className="cb-svg-editor__tool">
          <Select
            label={t('svg.drawTool')}
            options={DRAWN_KINDS.map((k) => ({ value: k, label: t(`svg.kind.${k}`) }))}
            value={tool}
            disabled={readonly}
            onChange={(v) => setTool(v as DrawnKind)}
            helpText={t('svg.drawHelp')}
          />
        </div>
        <div role="group" aria-label={t('svg.badges')} className="cb-svg-editor__row">
          {BADGE_PRESETS.map((b) => (
            <Button key={b} size="slim" disabled={readonly} onClick={() => add('badge', b)}>
              {t('svg.addBadge', { text: b })}
            </Button>
          ))}
        </div>
        <div role="group" aria-label={t('svg.shapes')} className="cb-svg-editor__row">
          {SHAPE_KINDS.filter((k) => k !== 'badge').map((k) => (
            <Button key={k} size="slim" disabled={readonly} onClick={() => add(k)}>
              {t(`svg.add.${k}`)}
            </Button>
          ))}
        </div>
        {shapes.length ? (
          <ol className="cb-svg-editor__shapes">
            {shapes.map((s, i) => (
              <li key={i} className="cb-svg-editor__shape" data-testid="svg-shape">
                <InlineStack align="space-between" blockAlign="center">
                  <Text as="span" fontWeight="semibold">
                    {t(`svg.kind.${s.kind}`)} {s.text ? `“${s.text}”` : ''}
                  </Text>
                  <Button
                    size="slim"
                    icon={DeleteIcon}
                    tone="critical"
                    disabled={readonly}
                    accessibilityLabel={t('svg.remove', { n: i + 1 })}
                    onClick={() => setShapes((all) => all.filter((_, j) => j !== i))}
                  />
                </InlineStack>
                {s.kind === 'badge' || s.kind === 'text' ? (
                  <TextField
                    label={t('svg.text')}
                    value={s.text}
                    disabled={readonly}
                    autoComplete="off"
                    maxLength={80}
                    onChange={(v) => change(i, { text: v })}
                  />
                ) : null}
                <div className="cb-svg-editor__grid">
                  {NUMBER_FIELDS.map((f) => (
                    <TextField
                      key={f}
                      label={t(`svg.${f}`)}
                      type="number"
                      value={String(s[f])}
                      disabled={readonly}
                      autoComplete="off"
                      onChange={(v) => change(i, { [f]: Number(v) })}
                    />
                  ))}
                </div>
                <div className="cb-svg-editor__colors">
                  {s.kind !== 'line' && s.kind !== 'arrow' ? (
                    <label>
                      <span>{s.kind === 'text' ? t('svg.textColor') : t('svg.fill')}</span>
                      <input
                        type="color"
                        value={/^#[0-9a-f]{6}$/i.test(s.fill) ? s.fill : '#000000'}
                        disabled={readonly}
                        onChange={(e) => change(i, { fill: e.target.value })}
                      />
                    </label>
                  ) : null}
                  {s.kind === 'badge' ? (
                    <label>
                      <span>{t('svg.textColor')}</span>
                      <input
                        type="color"
                        value={/^#[0-9a-f]{6}$/i.test(s.color) ? s.color : '#ffffff'}
                        disabled={readonly}
                        onChange={(e) => change(i, { color: e.target.value })}
                      />
                    </label>
                  ) : null}
                  {s.kind !== 'text' ? (
                    <label>
                      <span>{t('svg.stroke')}</span>
                      <input
                        type="color"
                        value={/^#[0-9a-f]{6}$/i.test(s.stroke) ? s.stroke : '#202223'}
                        disabled={readonly}
                        onChange={(e) => change(i, { stroke: e.target.value })}
                      />
                    </label>
                  ) : null}
                </div>
                {s.kind === 'badge' || s.kind === 'text' ? (
                  <Select
                    label={t('svg.fontSize')}
                    options={[16, 24, 32, 40, 48, 64].map((n) => ({ value: String(n), label: String(n) }))}
                    value={String(s.fontSize)}
                    disabled={readonly}
                    onChange={(v) => change(i, { fontSize: Number(v) })}
                  />
                ) : null}
              </li>
            ))}
          </ol>
        ) : null}
        <InlineStack gap="200">
          <Button variant="primary" disabled={readonly || !changed} onClick={apply}>
            {t('svg.apply')}
          </Button>
          <Button disabled={readonly} onClick={() => fileRef.current?.click()}>
            {t('svg.upload')}
          </Button>
        </InlineStack>
        <input
          ref={fileRef}
          type="file"
          accept="image/svg+xml,.svg"
          hidden
          aria-label={t('svg.upload')}
          data-testid="svg-file"
          onChange={(e) => void readFile(e)}
        />
        {fileProblem ? <InlineError fieldID={`${id}-title`} message={fileProblem} /> : null}
        <Text as="p" tone="subdued" variant="bodySm">
          {t('svg.help')}
        </Text>
      </BlockStack>
    </section>
  );
}
