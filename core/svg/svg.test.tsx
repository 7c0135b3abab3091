import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { setElementSvg } from '../commands/index.ts';
import { CatalogPageView } from '../render/index.ts';
import { CatalogBuilder } from '../render/test-fixtures.ts';
import { sanitizeSvg } from '../sanitize/index.ts';
import {
  newShape,
  normalizeShape,
  shapeFromDrag,
  shapesText,
  shapesToSvg,
  withSafeDrawings,
  type Shape,
} from './index.ts';

describe('drawings of the SVG element', () => {
  it('writes badges, shapes, lines, arrows and text as one drawing the sanitizer keeps whole', () => {
    const shapes = [
      newShape('badge', 'NEW'),
      newShape('badge', '-20 %'),
      newShape('rect'),
      newShape('ellipse'),
      newShape('line'),
      newShape('arrow'),
      newShape('text', 'Hello'),
    ];
    const svg = shapesToSvg(shapes, 'NEW -20 % Hello');
    expect(svg).toMatch(/^<svg xmlns="http:\/\/www.w3.org\/2000\/svg" viewBox="0 0 200 200" role="img"/);
    expect(svg).toContain('>NEW</text>');
    expect(svg).toContain('>-20 %</text>');
    expect(svg).toContain('<ellipse');
    expect(svg).toContain('marker-end="url(#cb-arrow-5)"');
    expect(sanitizeSvg(svg)).toBe(svg);
    expect(shapesText(shapes)).toBe('NEW -20 % Hello');
  });

  it('escapes the words and refuses colours and numbers that are not', () => {
    const bad = {
      ...newShape('badge'),
      text: '<script>x</script>',
      fill: 'red" onload="alert(1)',
      x: Number.NaN,
      fontSize: 9999,
    } as Shape;
    const n = normalizeShape(bad);
    expect(n.fill).toBe('#b42318');
    expect(n.x).toBe(30);
    expect(n.fontSize).toBe(200);
    const svg = shapesToSvg([bad]);
    expect(svg).toContain('&lt;script&gt;x&lt;/script&gt;');
    expect(svg).not.toContain('onload');
  });

  it('is placed in a picture cell by setElementSvg and drawn inline, sanitized, by the page renderer', () => {
    const b = new CatalogBuilder();
    b.page('images');
    const catalog = b.build();
    const drawing = shapesToSvg([newShape('badge', 'NEW')], 'NEW');
    const placed = setElementSvg(catalog, {
      pageIndex: 0,
      elementIndex: 0,
      svg: drawing.replace('</svg>', '<script>alert(1)</script></svg>'),
      shapes: [newShape('badge', 'NEW')],
      alt: 'NEW',
    }).catalog;
    const el = placed.pages[0]!.elements[0]!;
    expect(el.type).toBe('image/svg+xml');
    expect((el.properties as Record<string, unknown>).alt).toBe('NEW');
    const html = renderToStaticMarkup(<CatalogPageView catalog={placed} pageIndex={0} />);
    expect(html).toContain('cb-cell--svg');
    expect(html).toContain('>NEW</text>');
    expect(html).not.toContain('<script');
    // Changing the words keeps the element; an empty drawing changes nothing.
    const again = setElementSvg(placed, {
      pageIndex: 0,
      elementIndex: 0,
      svg: shapesToSvg([newShape('badge', 'SALE')]),
    });
    expect(again.catalog.pages[0]!.elements[0]!.id).toBe(el.id);
    expect(setElementSvg(placed, { pageIndex: 0, elementIndex: 0, svg: ' ' }).catalog).toBe(placed);
  });

  it('goes only into a cell that takes pictures', () => {
    const b = new CatalogBuilder();
    b.page('full-text');
    const catalog = b.build();
    const r = setElementSvg(catalog, { pageIndex: 0, elementIndex: 0, svg: shapesToSvg([newShape('rect')]) });
    expect(r.catalog).toBe(catalog);
  });
});

describe('drawings as stored', () => {
  const evil =
    '<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script><image href="https://evil.test/x.png"/><rect width="10" height="10" fill="url(https://evil.test/#p)"/><circle r="4" fill="red"/></svg>';
  it('strips scripts, handlers and outside references from every drawing of a page', () => {
    const page = {
      id: 'p',
      elements: [
        { type: 'image/svg+xml', properties: { svg: evil, shapes: [], alt: 'x' } },
        { type: 'text/html', properties: { html: '<svg onload="x()"></svg>' } },
      ],
    };
    const safe = withSafeDrawings(page);
    const svg = String(safe.elements[0]!.properties.svg);
    expect(svg).toContain('<circle');
    expect(svg).not.toMatch(/script|onload|evil\.test|<image/);
    expect(safe.elements[0]!.properties).toMatchObject({ alt: 'x', shapes: [] });
    // Other elements are not drawings: left as they are (their HTML is sanitized where it is drawn).
    expect(safe.elements[1]).toBe(page.elements[1]);
  });
  it('leaves a page with safe drawings as it is', () => {
    const page = {
      elements: [{ type: 'image/svg+xml', properties: { svg: shapesToSvg([newShape('rect')]) } }],
    };
    expect(withSafeDrawings(page)).toBe(page);
  });
});

describe('shapes drawn by dragging', () => {
  it('makes a rectangle or an ellipse fill the box the drag spans, whichever way it went', () => {
    expect(shapeFromDrag('rect', { x: 150, y: 120 }, { x: 50, y: 20 })).toMatchObject({
      kind: 'rect',
      x: 50,
      y: 20,
      width: 100,
      height: 100,
    });
    expect(shapeFromDrag('ellipse', { x: 10, y: 10 }, { x: 70.04, y: 40 })).toMatchObject({
      kind: 'ellipse',
      x: 10,
      y: 10,
      width: 60,
      height: 30,
    });
  });
  it('runs a line or an arrow from where the drag started to where it ended, kept in the drawing', () => {
    expect(shapeFromDrag('arrow', { x: 180, y: 20 }, { x: 20, y: 260 })).toMatchObject({
      kind: 'arrow',
      x: 180,
      y: 20,
      width: -160,
      height: 180,
    });
    const svg = shapesToSvg([shapeFromDrag('line', { x: 20, y: 100 }, { x: 180, y: 100 })!]);
    expect(svg).toContain('<line x1="20" y1="100" x2="180" y2="100"');
  });
  it('draws nothing for a click or a flat box', () => {
    expect(shapeFromDrag('rect', { x: 50, y: 50 }, { x: 51, y: 52 })).toBeNull();
    expect(shapeFromDrag('rect', { x: 50, y: 50 }, { x: 150, y: 51 })).toBeNull();
    expect(shapeFromDrag('line', { x: 50, y: 50 }, { x: 150, y: 51 })).not.toBeNull();
  });
});
