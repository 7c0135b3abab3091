import type { CSSProperties, ReactNode } from 'react';
import type { Cell, ImagesStyle, PriceTemplateStyle, Product, ProductElement } from '../model/index.ts';
import type { RenderContext } from './context.ts';
import {
  ImageBox,
  elementPlacement,
  extraImageUrls,
  imagesBorder,
  imagesPadding,
  mainImageUrl,
  type ImageFit,
} from './images.tsx';
import { captionGoesBeside, captionTexts } from './caption-rows.ts';
import { safeColor } from './merchant-html.ts';

const EXTRA_STRIP_PERCENT = 20;
const EXTRA_STRIP_MAX_PERCENT = 50;
/** Extra pictures smaller than this (CSS px) would print as specks: they are left out. */
const MIN_EXTRA_PX = 24;

/** The styles that apply to one product element: its own, else the catalog's. */
export function productStyles(element: ProductElement, ctx: RenderContext) {
  const { catalog } = ctx;
  const images: ImagesStyle = element.images_style ?? catalog.default_images_style;
  const caption: PriceTemplateStyle = element.price_template_style ?? catalog.priceTemplateStyle;
  const fontSize = element.price_template_style
    ? element.price_template_style.font_size
    : catalog.settings.priceTemplateFontSize;
  let fit: ImageFit = 'contain';
  if (typeof element.size === 'number') fit = element.size;
  else if (element.size === 'cover' || images.resizing === 'cover' || catalog.settings.cropImages)
    fit = 'cover';
  return { images, caption, fontSize, fit };
}

/**
 * Which side the caption sits on: the style's anchor, mirrored for cells marked reverse, and mirrored again on
 * left-hand (even) pages for cells that alternate, so captions face the outer edge of a printed spread.
 */
export function captionSide(
  style: PriceTemplateStyle,
  cell: Cell | null,
  pageNumber: number,
): 'left' | 'right' {
  let side = style.anchor;
  const flip = (s: 'left' | 'right') => (s === 'left' ? 'right' : 'left');
  if (cell?.reverse) side = flip(side);
  if (cell?.alternate_left_right && pageNumber % 2 === 0) side = flip(side);
  return side;
}

function productLink(product: Product, ctx: RenderContext): string | null {
  if (ctx.catalog.settings.products_link !== 'online_store') return null;
  const url = product.url ?? '';
  return /^https?:\/\//i.test(url) ? url : null;
}

function ProductMedia({
  element,
  ctx,
  images,
  fit,
  align,
  sizePx,
}: {
  element: ProductElement;
  ctx: RenderContext;
  images: ImagesStyle;
  fit: ImageFit;
  align?: 'left' | 'right';
  /** Approximate size of the picture area, to leave out extra pictures too small to read in print. */
  sizePx: { width: number; height: number };
}) {
  const product = element.properties;
  const placement = elementPlacement(element);
  const bottomStrip = images.anchor === 'bottom';
  const slotPx =
    ((bottomStrip ? sizePx.height : sizePx.width) * EXTRA_STRIP_PERCENT) /
    100 /
    Math.max(1, bottomStrip ? images.max_rows : 1);
  const extras = slotPx >= MIN_EXTRA_PX ? extraImageUrls(product, images) : [];
  const border = imagesBorder(images);
  const padding = imagesPadding(images);
  const main = (
    <ImageBox
      url={mainImageUrl(product)}
      ctx={ctx}
      fit={fit}
      unit={placement.unit}
      zoom={placement.zoom}
      position={element.position}
      alt={product.title}
      border={border}
      padding={padding}
      align={align}
    />
  );
  const link = productLink(product, ctx);
  const wrap = (n: ReactNode) =>
    link ? (
      <a className="cb-product-link" href={link} target="_blank" rel="noopener noreferrer">
        {n}
      </a>
    ) : (
      n
    );
  if (extras.length === 0) {
    return (
      <div className="cb-product-media">
        <div className="cb-product-main">{wrap(main)}</div>
      </div>
    );
  }
  const bottom = images.anchor === 'bottom';
  const rows = Math.max(1, images.max_rows);
  const cols = Math.max(1, images.max_columns);
  // Each row (bottom) or column (right) of extra pictures takes a fifth of the picture area, at most half.
  const stripShare = Math.min(EXTRA_STRIP_MAX_PERCENT, EXTRA_STRIP_PERCENT * (bottom ? rows : cols));
  // Square slots: a wide strip holds its pictures side by side at the strip's height, not stretched apart.
  const itemStyle: CSSProperties = bottom
    ? { height: `${100 / rows}%`, maxWidth: `${100 / cols}%` }
    : { width: `${100 / cols}%`, maxHeight: `${100 / rows}%` };
  return (
    <div className={`cb-product-media cb-product-media--extras-${bottom ? 'bottom' : 'right'}`}>
      <div className="cb-product-main" style={{ flex: `0 0 ${100 - stripShare}%` }}>
        {wrap(main)}
      </div>
      <div
        className="cb-product-extras"
        style={{
          flex: '1 1 0',
          justifyContent: align === 'left' ? 'flex-start' : align === 'right' ? 'flex-end' : 'center',
        }}
      >
        {extras.map((url, i) => (
          <div className="cb-product-extra" style={itemStyle} key={`${i}:${url}`}>
            <ImageBox url={url} ctx={ctx} fit={fit === 'cover' ? 'cover' : 'contain'} border={border} />
          </div>
        ))}
      </div>
    </div>
  );
}

function CaptionContent({
  element,
  ctx,
  pageNumber,
  cell,
  fontSize,
}: {
  element: ProductElement;
  ctx: RenderContext;
  pageNumber: number;
  cell: Cell | null;
  fontSize: number;
}) {
  const { catalog } = ctx;
  const { caption, description } = captionTexts(element, ctx, pageNumber);
  const clamp = cell?.maxLines && cell.maxLines > 0 ? cell.maxLines : null;
  return (
    <>
      {caption ? (
        <div
          className="cb-caption"
          style={{ fontSize: `${fontSize}px` }}
          dangerouslySetInnerHTML={{ __html: caption }}
        />
      ) : null}
      {description ? (
        <div
          className={`cb-description${clamp ? ' cb-description--clamp' : ''}`}
          style={{
            fontSize: `${catalog.settings.descriptionFontSize}px`,
            ...(clamp ? { WebkitLineClamp: clamp } : {}),
          }}
          dangerouslySetInnerHTML={{ __html: description }}
        />
      ) : null}
    </>
  );
}

function captionBoxStyle(style: PriceTemplateStyle): CSSProperties {
  const s: CSSProperties = {};
  if (style.padding_top || style.padding_right || style.padding_bottom || style.padding_left) {
    s.padding = `${style.padding_top}px ${style.padding_right}px ${style.padding_bottom}px ${style.padding_left}px`;
  }
  const bg = safeColor(style.background_color);
  if (bg) s.background = bg;
  return s;
}

interface ProductViewProps {
  element: ProductElement;
  cell: Cell | null;
  ctx: RenderContext;
  pageNumber: number;
  /** The cell's content box in CSS px (inside its gutter). */
  boxPx?: { width: number; height: number };
  /** Height the caption reserves so the captions of a grid row line up (rowCaptionHeights). */
  captionMinPx?: number;
}

/**
 * A product in a grid cell. Below the pictures (vertical, outside) the pictures take images_style.size % of
 * the cell and the caption the rest, growing into the pictures' share only when its text needs more room,
 * so the pictures of a row line up. Beside them (horizontal) the caption takes price_template_style.size %
 * of the width on its anchor side; inside, it is laid over the pictures (a bottom band at most size % high,
 * or a side band size % wide); with all four free coordinates set it sits exactly there. Extra pictures
 * (max_rows × max_columns, hidden and main excluded) fill a strip under (bottom) or beside (right) the main
 * picture. A cell at least twice as wide as tall takes a below-the-pictures caption beside them instead
 * (captionGoesBeside), so short landscape cells keep pictures of a useful size.
 */
export function ProductCellView({
  element,
  cell,
  ctx,
  pageNumber,
  boxPx = { width: 300, height: 300 },
  captionMinPx,
}: ProductViewProps) {
  const { images, caption, fontSize, fit } = productStyles(element, ctx);
  const side = captionSide(caption, cell, pageNumber);
  // Set beside the pictures for want of height, the caption follows them as text follows a picture.
  const beside = captionGoesBeside(caption, boxPx);
  const vertical = caption.align !== 'horizontal' && !beside;
  const size = Math.max(1, Math.min(100, caption.size));
  const free = caption.x !== null && caption.y !== null && caption.width !== null && caption.height !== null;
  const inside = caption.position === 'inside';
  const content = (
    <CaptionContent element={element} ctx={ctx} pageNumber={pageNumber} cell={cell} fontSize={fontSize} />
  );
  const mediaPx =
    free || inside
      ? boxPx
      : vertical
        ? { width: boxPx.width, height: (boxPx.height * images.size) / 100 }
        : { width: (boxPx.width * (100 - size)) / 100, height: boxPx.height };
  const media = (
    <ProductMedia
      element={element}
      ctx={ctx}
      images={images}
      fit={fit}
      sizePx={mediaPx}
      align={beside ? 'right' : undefined}
    />
  );
  const boxStyle = captionBoxStyle(caption);
  const sideClass = side === 'right' ? ' cb-caption-box--right' : '';
  let captionBox: ReactNode;
  let layout: string;
  if (free) {
    layout = 'cb-product--vertical';
    captionBox = (
      <div
        className={`cb-caption-box cb-caption-box--free${sideClass}`}
        style={{
          ...boxStyle,
          left: `${caption.x! * 100}%`,
          top: `${caption.y! * 100}%`,
          width: `${caption.width! * 100}%`,
          height: `${caption.height! * 100}%`,
        }}
      >
        {content}
      </div>
    );
  } else if (inside) {
    layout = 'cb-product--vertical';
    const pos: CSSProperties = vertical
      ? { left: 0, right: 0, bottom: 0, maxHeight: `${size}%` }
      : { top: 0, bottom: 0, width: `${size}%`, [side]: 0 };
    captionBox = (
      <div className={`cb-caption-box cb-caption-box--inside${sideClass}`} style={{ ...pos, ...boxStyle }}>
        {content}
      </div>
    );
  } else {
    layout = vertical
      ? 'cb-product--vertical'
      : `cb-product--horizontal${side === 'left' && !beside ? ' cb-product--caption-first' : ''}`;
    const pictureShare = `${100 - Math.max(1, Math.min(99, images.size))}%`;
    const share: CSSProperties = vertical
      ? { minHeight: captionMinPx ? `max(${pictureShare}, ${captionMinPx}px)` : pictureShare }
      : { flexBasis: `${size}%` };
    captionBox = (
      <div className={`cb-caption-box${sideClass}`} style={{ ...boxStyle, ...share }}>
        {content}
      </div>
    );
  }
  return (
    <div
      className={`cb-product ${layout}`}
      data-product-id={element.properties.id}
      data-element-id={element.id}
    >
      {media}
      {captionBox}
    </div>
  );
}

/**
 * A product on a flow page: pictures at the images style's image_height, with the caption and description
 * below (vertical) or beside them (horizontal). Its height follows its content; pagination measures it.
 */
export function FlowProductView({
  element,
  ctx,
  pageNumber,
}: Omit<ProductViewProps, 'cell' | 'boxPx' | 'captionMinPx'>) {
  const { images, caption, fontSize, fit } = productStyles(element, ctx);
  const side = captionSide(caption, null, pageNumber);
  const horizontal = caption.align === 'horizontal';
  const size = Math.max(1, Math.min(100, caption.size));
  const cls = horizontal
    ? `cb-flow-item cb-flow-item--horizontal${side === 'left' ? ' cb-flow-item--caption-first' : ''}`
    : 'cb-flow-item';
  return (
    <div className={cls} data-product-id={element.properties.id} data-element-id={element.id}>
      <div
        className="cb-flow-media"
        style={{ height: `${images.image_height}px` }}
        data-cb-h={images.image_height}
      >
        {/* Stacked over its caption, the picture lines up with the caption's edge. */}
        <ProductMedia
          element={element}
          ctx={ctx}
          images={images}
          fit={fit}
          align={horizontal ? undefined : side}
          sizePx={{ width: images.image_height * 2, height: images.image_height }}
        />
      </div>
      <div
        className={`cb-flow-text${side === 'right' ? ' cb-caption-box--right' : ''}`}
        style={{ ...captionBoxStyle(caption), ...(horizontal ? { width: `${size}%` } : {}) }}
      >
        <CaptionContent element={element} ctx={ctx} pageNumber={pageNumber} cell={null} fontSize={fontSize} />
      </div>
    </div>
  );
}
