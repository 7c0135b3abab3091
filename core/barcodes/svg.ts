// The generic build of bwip-js has no Node or DOM imports, so the same encoder runs in the editor, the
// viewer, the worker and the CLI. Its default export carries render(); the named exports are per-symbology.
import bwipjs from 'bwip-js/generic';
import { escapeHtml } from '../sanitize/index.ts';
import { SYMBOLOGY_LABELS, validateBarcode, type Symbology } from './symbologies.ts';

/** bwip-js units per module: bars land on whole coordinates, so the SVG stays crisp at any zoom. */
export const UNITS_PER_MODULE = 2;

export { NOMINAL_MODULE_MM } from './symbologies.ts';

export type BarcodeSvgOptions = {
  /** Print the human-readable text under the bars (default true). */
  includeText?: boolean;
  /**
   * Millimetres per module: sets a width attribute in mm (print size) and lets the SVG shrink to fit its box.
   * Without it (and without width) the SVG has only a viewBox and fills the box it is placed in.
   */
  moduleSize?: number;
  /** A CSS length for the width attribute, e.g. "40mm" or "100%"; wins over moduleSize. */
  width?: string;
  /** A CSS length for the height attribute. */
  height?: string;
  /** Extra class names on the <svg> element. */
  className?: string;
};

export type QrCodeOptions = Omit<BarcodeSvgOptions, 'includeText'> & {
  /** Error correction level (default M: survives about 15% damage, which print smudges stay under). */
  errorCorrection?: 'L' | 'M' | 'Q' | 'H';
};

const BCID: Record<Symbology, string> = {
  code39: 'code39',
  ean8: 'ean8',
  ean13: 'ean13',
  upca: 'upca',
  upce: 'upce',
  itf14: 'itf14',
  code128: 'code128',
};

// Quiet zones belong to the symbol: without them a scanner cannot find where the bars start. EAN/UPC get
// GS1 light-margin indicators; ITF-14's bearer box already includes its quiet zones.
const QUIET_ZONE: Record<Symbology, Record<string, number | boolean>> = {
  code39: { paddingleft: 10, paddingright: 10 },
  code128: { paddingleft: 10, paddingright: 10 },
  ean8: { guardwhitespace: true },
  ean13: { guardwhitespace: true },
  upca: { guardwhitespace: true },
  upce: { guardwhitespace: true },
  itf14: {},
};

const CSS_LENGTH = /^\d+(\.\d+)?(px|mm|cm|in|pt|pc|em|rem|%)?$/;

function sizeAttributes(vbWidth: number, opts: BarcodeSvgOptions, moduleUnits: number): string {
  let attrs = '';
  const width =
    opts.width && CSS_LENGTH.test(opts.width)
      ? opts.width
      : opts.moduleSize && opts.moduleSize > 0 && Number.isFinite(opts.moduleSize)
        ? `${((vbWidth / moduleUnits) * opts.moduleSize).toFixed(2)}mm`
        : null;
  if (width) attrs += ` width="${width}"`;
  if (opts.height && CSS_LENGTH.test(opts.height)) attrs += ` height="${opts.height}"`;
  // A print size must still fit a narrow caption; height follows the viewBox ratio.
  if (width && !opts.height) attrs += ' style="max-width:100%;height:auto"';
  return attrs;
}

function classNames(kind: string, extra?: string): string {
  const safeExtra = (extra ?? '')
    .split(/\s+/)
    .filter((c) => /^[A-Za-z_-][\w-]*$/.test(c))
    .join(' ');
  return ['catalog-barcode', `catalog-barcode-${kind}`, safeExtra].filter(Boolean).join(' ');
}

/** Rewrites bwip-js's root element with our class, accessible label and optional print size; drops newlines. */
function finishSvg(
  svg: string,
  kind: string,
  label: string,
  opts: BarcodeSvgOptions,
  moduleUnits: number,
): string {
  const match =
    /^<svg viewBox="0 0 (\d+(?:\.\d+)?) (\d+(?:\.\d+)?)" xmlns="http:\/\/www\.w3\.org\/2000\/svg">/.exec(svg);
  if (!match) throw new Error('Unexpected SVG from bwip-js');
  const [head, w, h] = match;
  const body = svg.slice(head.length).replace(/\n/g, '');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" class="${classNames(kind, opts.className)}"` +
    ` role="img" aria-label="${escapeHtml(label)}"${sizeAttributes(Number(w), opts, moduleUnits)}>${body}`
  );
}

/**
 * Draws already-validated data with bwip-js. Throws when bwip-js refuses the data; barcodeSvg turns that into
 * the invalid mark. `parseFnc` reads ^FNC1..^FNC4 in the text: only for test suites written in that notation,
 * never for merchant data (a "^" in a SKU is a caret).
 */
export function renderBarcodeSvg(
  symbology: Symbology,
  normalized: string,
  text: string,
  opts: BarcodeSvgOptions = {},
  extra: { parseFnc?: boolean } = {},
): string {
  const includeText = opts.includeText ?? true;
  const svg = bwipjs.toSVG({
    bcid: BCID[symbology],
    text: normalized,
    scale: UNITS_PER_MODULE,
    includetext: includeText,
    // Code 128 may hold control characters: print the cleaned text instead of what bwip-js would show.
    ...(includeText && symbology === 'code128' && text !== normalized && text ? { alttext: text } : {}),
    // Code 128 spells characters 128-255 as Latin-1 (ISO/IEC 15417); bwip-js would otherwise send UTF-8
    // bytes, and a scanner would read "é" as "Ã©".
    ...(symbology === 'code128' ? { binarytext: true } : {}),
    ...(symbology === 'code128' && extra.parseFnc ? { parsefnc: true } : {}),
    ...QUIET_ZONE[symbology],
  });
  return finishSvg(svg, symbology, `${SYMBOLOGY_LABELS[symbology]} ${text}`, opts, UNITS_PER_MODULE);
}

/** A visible mark in place of a barcode whose data cannot be drawn; the reason shows as a tooltip. */
export function invalidBarcodeSvg(
  reason = 'invalid barcode',
  opts: Pick<BarcodeSvgOptions, 'className'> = {},
): string {
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 120 32" class="${classNames('invalid', opts.className)}"` +
    ` role="img" aria-label="invalid barcode"><title>${escapeHtml(reason)}</title>` +
    '<rect x="1" y="1" width="118" height="30" fill="none" stroke="#c00000" stroke-width="2" stroke-dasharray="4 3"/>' +
    '<text x="60" y="20.5" text-anchor="middle" font-family="sans-serif" font-size="12" fill="#c00000">invalid barcode</text>' +
    '</svg>'
  );
}

// Drawing costs 2-4 ms per linear barcode and about 10 ms per QR code (measured with bwip-js 4.11), and the
// editor redraws the same captions on every change: remember recent drawings. Output is deterministic, so a
// cached string is exactly what drawing again would give.
const MEMO_SIZE = 500;
const memo = new Map<string, string>();

function memoized(key: string, draw: () => string): string {
  const hit = memo.get(key);
  if (hit !== undefined) {
    memo.delete(key);
    memo.set(key, hit);
    return hit;
  }
  const svg = draw();
  if (memo.size >= MEMO_SIZE) memo.delete(memo.keys().next().value as string);
  memo.set(key, svg);
  return svg;
}

const optionsKey = (opts: object) => JSON.stringify(opts, Object.keys(opts).sort());

/**
 * An inline SVG barcode for `data`, or the invalid mark when the data cannot be drawn. Never throws.
 * Deterministic: the same data and options give the same string.
 */
export function barcodeSvg(data: string, symbology: Symbology, opts: BarcodeSvgOptions = {}): string {
  return memoized(`${symbology}\u0000${String(data)}\u0000${optionsKey(opts ?? {})}`, () =>
    drawBarcode(data, symbology, opts ?? {}),
  );
}

function drawBarcode(data: string, symbology: Symbology, opts: BarcodeSvgOptions): string {
  const check = validateBarcode(data, symbology);
  if (!check.valid) return invalidBarcodeSvg(check.reason, opts);
  try {
    return renderBarcodeSvg(symbology, check.normalized, check.text, opts);
  } catch (error) {
    return invalidBarcodeSvg(`${SYMBOLOGY_LABELS[symbology]}: ${bwipMessage(error)}`, opts);
  }
}

/** An inline SVG QR code of `text` (UTF-8), with its 4-module quiet zone, or the invalid mark. Never throws. */
export function qrCodeSvg(text: string, opts: QrCodeOptions = {}): string {
  const data = typeof text === 'string' ? text : String(text ?? '');
  return memoized(`qr\u0000${data}\u0000${optionsKey(opts ?? {})}`, () => drawQrCode(data, opts ?? {}));
}

function drawQrCode(data: string, opts: QrCodeOptions): string {
  if (!data) return invalidBarcodeSvg('QR code needs data', opts);
  try {
    const svg = bwipjs.toSVG({
      bcid: 'qrcode',
      text: data,
      scale: UNITS_PER_MODULE,
      eclevel: opts.errorCorrection ?? 'M',
      // bwip-js draws QR modules 2 points wide: 8 points is the 4-module quiet zone QR readers need.
      padding: 8,
    } as Parameters<typeof bwipjs.toSVG>[0]);
    return finishSvg(svg, 'qr', `QR code ${data}`, opts, 2 * UNITS_PER_MODULE);
  } catch (error) {
    return invalidBarcodeSvg(`QR code: ${bwipMessage(error)}`, opts);
  }
}

function bwipMessage(error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  // bwip-js prefixes its messages with an internal id ("bwipp.ean13badLength#6878: ...").
  return message.replace(/^bwipp\.[\w#]+:\s*/, '');
}
