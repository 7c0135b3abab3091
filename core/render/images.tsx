import type { CSSProperties, ReactNode } from 'react';
import { visibleImages } from '../commands/index.ts';
import { IMAGE_SIZE_RANGE, IMAGE_ZOOM_MAX } from '../constants.ts';
import type { ImagesStyle, Product } from '../model/index.ts';
import type { RenderContext } from './context.ts';
import { assetUrl, safeColor } from './merchant-html.ts';

/**
 * The product's main picture: the print-sized compressed copy when there is one, else our kept copy of the
 * store's picture, and the store's own address only when we have neither.
 */
export function mainImageUrl(product: Product): string | null {
  const firstVisible = product.images.find((i) => !i.hide);
  const keptMain = product.main_image
    ? product.images.find((i) => i.original === product.main_image)?.kept
    : null;
  return (
    product.compressed_image ||
    keptMain ||
    product.main_image ||
    (firstVisible ? firstVisible.compressed || firstVisible.kept || firstVisible.original : null) ||
    product.thumbnail_image ||
    null
  );
}

/**
 * The extra pictures shown beside the main one: the editing commands' rule (visible images other than the
 * main one, at most max_rows × max_columns of them, SPEC §5), as the URLs to load (compressed when ready).
 */
export function extraImageUrls(product: Product, style: ImagesStyle): string[] {
  const main = mainImageUrl(product);
  return visibleImages(product, style)
    .filter((img) => img.original !== main && img.compressed !== main && img.kept !== main)
    .map((img) => img.compressed || img.kept || img.original);
}

export type ImageFit = 'contain' | 'cover' | number;

/** How an element's picture sits in its box (the image editor's choices, SPEC §5). */
export interface ImagePlacement {
  fit: ImageFit;
  /** What a numeric fit counts in: percent of the box's width (1-100) or CSS px (1-1024). */
  unit: 'percent' | 'px';
  /** 1 (as fitted) to IMAGE_ZOOM_MAX: enlarged about the position and cut to the box. */
  zoom: number;
}

/** A numeric size held to the slider's range for its unit (SPEC §5: percent 1-100, otherwise 1-1024). */
export function clampImageSize(size: number, unit: 'percent' | 'px'): number {
  const r = IMAGE_SIZE_RANGE[unit];
  return Math.max(r.min, Math.min(r.max, Math.round(size)));
}

/** The placement an element asks for: its size (cover, contain or a number in its unit) and its zoom. */
export function elementPlacement(element: {
  size: 'cover' | 'contain' | number;
  size_unit?: 'percent' | 'px';
  zoom?: number;
}): ImagePlacement {
  return {
    fit: element.size,
    unit: element.size_unit ?? 'percent',
    zoom: Math.max(1, Math.min(IMAGE_ZOOM_MAX, element.zoom ?? 1)),
  };
}

interface ImageBoxProps {
  url: string | null | undefined;
  ctx: RenderContext;
  fit?: ImageFit;
  position?: { xpos: number; ypos: number };
  alt?: string;
  /** Border drawn around the visible picture (images style). */
  border?: string | null;
  /** Inner spacing around the picture inside its box. */
  padding?: string | null;
  /** Horizontal alignment of a contained picture narrower than its box (default: centred). */
  align?: 'left' | 'center' | 'right';
  /** What a numeric fit counts in (default percent). */
  unit?: 'percent' | 'px';
  /** Zoom about the position, the picture cut to the box (default 1). */
  zoom?: number;
}

const PLACEHOLDER_ICON = (
  <svg viewBox="0 0 48 48" fill="none" stroke="currentColor" strokeWidth="2" aria-hidden="true">
    <rect x="6" y="9" width="36" height="30" rx="3" />
    <circle cx="17" cy="19" r="4" />
    <path d="M6 34l11-10 8 7 6-5 11 9" strokeLinejoin="round" />
  </svg>
);

/**
 * A picture in a box of its own size. With no usable URL it draws a neutral placeholder instead of a broken
 * image. Contain pictures with a border hug the picture so the border frames the product, not the box.
 */
export function ImageBox({
  url,
  ctx,
  fit = 'contain',
  position,
  alt = '',
  border,
  padding,
  align,
  unit = 'percent',
  zoom = 1,
}: ImageBoxProps) {
  const src = assetUrl(url, ctx);
  const boxStyle: CSSProperties = padding ? { padding } : {};
  let content: ReactNode;
  if (!src) {
    content = <div className="cb-img-placeholder">{PLACEHOLDER_ICON}</div>;
  } else {
    const pos = position ? `${position.xpos}% ${position.ypos}%` : undefined;
    const style: CSSProperties = {};
    let cls = 'cb-img';
    if (typeof fit === 'number') {
      cls += ' cb-img--sized';
      const x = position?.xpos ?? 50;
      const y = position?.ypos ?? 50;
      const size = clampImageSize(fit, unit);
      Object.assign(style, {
        width: unit === 'px' ? `${size}px` : `${size}%`,
        left: `${x}%`,
        top: `${y}%`,
        transform: `translate(-${x}%, -${y}%)${zoom > 1 ? ` scale(${zoom})` : ''}`,
      });
    } else if (fit === 'cover') {
      cls += ' cb-img--cover';
      if (pos && pos !== '50% 50%') style.objectPosition = pos;
    } else if (border) {
      cls += ' cb-img--framed';
      if (align === 'left') style.marginLeft = 0;
      if (align === 'right') style.marginRight = 0;
    } else if (pos && pos !== '50% 50%') {
      style.objectPosition = pos;
    } else if (align === 'left' || align === 'right') {
      style.objectPosition = `${align} center`;
    }
    if (border) style.border = border;
    if (zoom > 1 && typeof fit !== 'number') {
      // The picture enlarged about its position: the box (overflow hidden) cuts it, which is the crop.
      style.transform = `scale(${zoom})`;
      style.transformOrigin = pos ?? '50% 50%';
    }
    content = (
      <img
        className={cls}
        src={src}
        alt={alt}
        style={style}
        loading={ctx.mode === 'screen' ? 'lazy' : undefined}
        decoding="async"
      />
    );
  }
  if (padding) {
    return (
      <div className="cb-img-box" style={boxStyle}>
        <div className="cb-img-box">{content}</div>
      </div>
    );
  }
  return <div className="cb-img-box">{content}</div>;
}

export function imagesBorder(style: ImagesStyle): string | null {
  if (!style.border_width) return null;
  const s = /^(solid|dashed|dotted|double|groove|ridge|inset|outset)$/.test(style.border_style)
    ? style.border_style
    : 'solid';
  const color = safeColor(style.border_color) ?? '#dddddd';
  return `${style.border_width}px ${s} ${color}`;
}

export function imagesPadding(style: ImagesStyle): string | null {
  if (!style.padding_left_right && !style.padding_top_bottom) return null;
  return `${style.padding_top_bottom}px ${style.padding_left_right}px`;
}
