/**
 * Drawings of the SVG element (SPEC §3 `image/svg+xml`): the few shapes the editor's SVG panel draws (lines,
 * arrows, rectangles, ellipses, text and badges such as 'NEW' or '-20 %'), kept as a list so the merchant can
 * change them again, and written as one SVG drawing. Coordinates are in the drawing's own units
 * (DRAWING_WIDTH × DRAWING_HEIGHT); the drawing scales to its cell. The markup goes through core/sanitize
 * `sanitizeSvg` wherever it is drawn, like an uploaded SVG file.
 */
import { escapeHtml, sanitizeSvg } from '../sanitize/index.ts';

export const DRAWING_WIDTH = 200;
export const DRAWING_HEIGHT = 200;

export const SHAPE_KINDS = ['badge', 'rect', 'ellipse', 'line', 'arrow', 'text'] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];

export interface Shape {
  kind: ShapeKind;
  x: number;
  y: number;
  width: number;
  height: number;
  /** Fill of rectangles, ellipses and badges; the colour of text. */
  fill: string;
  /** Line colour; 'none' draws no outline. */
  stroke: string;
  strokeWidth: number;
  /** Words of a badge or a text. */
  text: string;
  /** Colour of a badge's words. */
  color: string;
  fontSize: number;
}

const COLOR = /^(#[0-9a-f]{3,8}|none|transparent|[a-z]{3,20})$/i;
const color = (value: string, fallback: string) => (COLOR.test(value.trim()) ? value.trim() : fallback);
const num = (value: number, min: number, max: number, fallback: number) =>
  Number.isFinite(value) ? Math.min(max, Math.max(min, Math.round(value * 10) / 10)) : fallback;

/** A new shape of a kind, placed in the middle of the drawing. */
export function newShape(kind: ShapeKind, text = ''): Shape {
  const base: Shape = {
    kind,
    x: 40,
    y: 70,
    width: 120,
    height: 60,
    fill: '#b42318',
    stroke: 'none',
    strokeWidth: 4,
    text,
    color: '#ffffff',
    fontSize: 32,
  };
  if (kind === 'line' || kind === 'arrow')
    return { ...base, y: 100, height: 0, fill: 'none', stroke: '#202223', strokeWidth: 6 };
  if (kind === 'text') return { ...base, fill: '#202223', text: text || 'Text' };
  if (kind === 'badge') return { ...base, x: 30, width: 140, text: text || 'NEW' };
  return base;
}

/** The shapes the drawing area draws by dragging. */
export const DRAWN_KINDS = ['rect', 'ellipse', 'line', 'arrow'] as const;
export type DrawnKind = (typeof DRAWN_KINDS)[number];

/** Shorter drags than this (drawing units, either way) are clicks, not shapes. */
const MIN_DRAG = 3;

/**
 * The shape a drag draws from `from` to `to` (points in the drawing's units, kept within it): a rectangle or an
 * ellipse filling the box the drag spans, a line or an arrow from where it started to where it ended. Null for a
 * drag too short to mean a shape.
 */
export function shapeFromDrag(
  kind: DrawnKind,
  from: { x: number; y: number },
  to: { x: number; y: number },
): Shape | null {
  const clamp = (p: { x: number; y: number }) => ({
    x: Math.round(Math.min(DRAWING_WIDTH, Math.max(0, p.x)) * 10) / 10,
    y: Math.round(Math.min(DRAWING_HEIGHT, Math.max(0, p.y)) * 10) / 10,
  });
  const a = clamp(from);
  const b = clamp(to);
  const dx = +(b.x - a.x).toFixed(1);
  const dy = +(b.y - a.y).toFixed(1);
  if (Math.abs(dx) < MIN_DRAG && Math.abs(dy) < MIN_DRAG) return null;
  const base = newShape(kind);
  if (kind === 'line' || kind === 'arrow') return { ...base, x: a.x, y: a.y, width: dx, height: dy };
  if (Math.abs(dx) < MIN_DRAG || Math.abs(dy) < MIN_DRAG) return null;
  return { ...base, x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), width: Math.abs(dx), height: Math.abs(dy) };
}

/** The badges the panel offers with one click. */
export const BADGE_PRESETS = ['NEW', '-20 %', 'SALE'] as const;

/** A shape with every number in the drawing and every colour a colour; what the panel saves. */
export function normalizeShape(s: Shape): Shape {
  const kind = (SHAPE_KINDS as readonly string[]).includes(s.kind) ? s.kind : 'rect';
  const d = newShape(kind);
  return {
    kind,
    x: num(s.x, -DRAWING_WIDTH, DRAWING_WIDTH * 2, d.x),
    y: num(s.y, -DRAWING_HEIGHT, DRAWING_HEIGHT * 2, d.y),
    width: num(s.width, -DRAWING_WIDTH * 2, DRAWING_WIDTH * 2, d.width),
    height: num(s.height, -DRAWING_HEIGHT * 2, DRAWING_HEIGHT * 2, d.height),
    fill: color(String(s.fill ?? ''), d.fill),
    stroke: color(String(s.stroke ?? ''), d.stroke),
    strokeWidth: num(s.strokeWidth, 0, 50, d.strokeWidth),
    text: String(s.text ?? '').slice(0, 80),
    color: color(String(s.color ?? ''), d.color),
    fontSize: num(s.fontSize, 4, 200, d.fontSize),
  };
}

function shapeSvg(s: Shape, index: number): string {
  const stroke =
    s.stroke === 'none' ? 'stroke="none"' : `stroke="${s.stroke}" stroke-width="${s.strokeWidth}"`;
  const text = (x: number, y: number, fill: string) =>
    `<text x="${x}" y="${y}" text-anchor="middle" dominant-baseline="central" font-size="${s.fontSize}" font-weight="700" fill="${fill}">${escapeHtml(s.text)}</text>`;
  const cx = +(s.x + s.width / 2).toFixed(1);
  const cy = +(s.y + s.height / 2).toFixed(1);
  switch (s.kind) {
    case 'rect':
      return `<rect x="${s.x}" y="${s.y}" width="${Math.abs(s.width)}" height="${Math.abs(s.height)}" fill="${s.fill}" ${stroke}></rect>`;
    case 'ellipse':
      return `<ellipse cx="${cx}" cy="${cy}" rx="${Math.abs(s.width / 2)}" ry="${Math.abs(s.height / 2)}" fill="${s.fill}" ${stroke}></ellipse>`;
    case 'line':
    case 'arrow': {
      const head = s.kind === 'arrow' ? ` marker-end="url(#cb-arrow-${index})"` : '';
      const marker =
        s.kind === 'arrow'
          ? `<defs><marker id="cb-arrow-${index}" markerWidth="4" markerHeight="4" refX="2" refY="2" orient="auto"><path d="M0,0 L4,2 L0,4 z" fill="${s.stroke === 'none' ? '#202223' : s.stroke}"></path></marker></defs>`
          : '';
      return `${marker}<line x1="${s.x}" y1="${s.y}" x2="${s.x + s.width}" y2="${s.y + s.height}" stroke="${s.stroke === 'none' ? '#202223' : s.stroke}" stroke-width="${s.strokeWidth}" stroke-linecap="round"${head}></line>`;
    }
    case 'text':
      return text(cx, cy, s.fill);
    case 'badge': {
      const r = Math.min(Math.abs(s.width), Math.abs(s.height)) / 2;
      return `<g><rect x="${s.x}" y="${s.y}" width="${Math.abs(s.width)}" height="${Math.abs(s.height)}" rx="${r}" ry="${r}" fill="${s.fill}" ${stroke}></rect>${text(cx, cy, s.color)}</g>`;
    }
  }
}

/** The SVG drawing of a list of shapes, later shapes over earlier ones. */
export function shapesToSvg(shapes: Shape[], label = ''): string {
  const body = shapes.map((s, i) => shapeSvg(normalizeShape(s), i)).join('');
  const aria = label ? ` role="img" aria-label="${escapeHtml(label)}"` : '';
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${DRAWING_WIDTH} ${DRAWING_HEIGHT}"${aria}>${body}</svg>`;
}

/** The words a drawing shows, for its name in the editor and its alternative text. */
export function shapesText(shapes: Shape[]): string {
  return shapes
    .map((s) => s.text.trim())
    .filter((t, i) => t && (shapes[i]!.kind === 'badge' || shapes[i]!.kind === 'text'))
    .join(' ');
}

/** The elements of a page as far as its drawings go: the type and the properties holding the markup. */
interface WithElements {
  elements: { type: string; properties: unknown }[];
}

/**
 * A page with the markup of its drawings (image/svg+xml elements' `svg`) made safe by `sanitizeSvg`, as the
 * server stores it: stored data never holds a script, handler or external reference, whoever sent it. The page
 * itself when nothing changes.
 */
export function withSafeDrawings<P extends WithElements>(page: P): P {
  let changed = false;
  const elements = page.elements.map((e) => {
    const props = e.properties as Record<string, unknown> | null;
    if (e.type !== 'image/svg+xml' || !props || typeof props.svg !== 'string') return e;
    const svg = sanitizeSvg(props.svg);
    if (svg === props.svg) return e;
    changed = true;
    return { ...e, properties: { ...props, svg } };
  });
  return changed ? { ...page, elements } : page;
}
