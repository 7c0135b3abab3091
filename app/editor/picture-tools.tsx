import {
  Banner,
  BlockStack,
  Button,
  Checkbox,
  InlineGrid,
  Modal,
  RangeSlider,
  Select,
  Text,
  TextField,
} from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { normalizePlacement, type ImagePlacementChange } from '../../core/commands/index.ts';
import { IMAGE_SIZE_RANGE, IMAGE_ZOOM_MAX } from '../../core/constants.ts';
import {
  ImagesStyleSchema,
  isProductElement,
  type Catalog,
  type Element,
  type ImagesStyle,
} from '../../core/model/index.ts';
import { drawnPictureSize, pictureResolution } from '../../core/preflight/index.ts';
import { ImageBox, elementPlacement, mainImageUrl } from '../../core/render/index.ts';
import { useRenderContext } from '../components/catalogs/scaled-page.tsx';
import type { EditorStore } from './store.ts';
import { useEditorState } from './use-editor.ts';

type Fit = 'contain' | 'cover' | 'percent' | 'px';

/** The picture an element shows: an image element's own, a product's main picture. */
export function elementPictureUrl(element: Element): string | null {
  if (isProductElement(element)) return mainImageUrl(element.properties);
  const src = element.properties.src ?? element.properties.url;
  return typeof src === 'string' && src ? src : null;
}

/** Where the element's picture is drawn on the editor's canvas (its cell). */
const canvasCell = (elementId: string) =>
  document.querySelector<HTMLElement>(`.cb-editor-canvas [data-element-id="${CSS.escape(elementId)}"]`);

/** The cell's proportions on the canvas (width / height), to preview the picture in a box of the same shape. */
function useCellRatio(elementId: string): number {
  const [ratio, setRatio] = useState(1);
  useEffect(() => {
    const box = canvasCell(elementId)?.querySelector('.cb-img-box') ?? canvasCell(elementId);
    const r = box?.getBoundingClientRect();
    if (r && r.width > 0 && r.height > 0) setRatio(r.width / r.height);
  }, [elementId]);
  return ratio;
}

/**
 * The image editor overlay (SPEC §2.2, §5): crop (zoom about a point), zoom and position the picture inside its
 * cell, fit it (cover or contain) or size it (percent 1-100, px 1-1024), or reset it. The preview is drawn by
 * core/render's ImageBox, as the page, the viewer and the PDF draw it. Apply is one undo step.
 */
export function ImageEditorOverlay({
  store,
  catalog,
  pageId,
  elementIndex,
  element,
  onClose,
}: {
  store: EditorStore;
  catalog: Catalog;
  pageId: string;
  elementIndex: number;
  element: Element;
  onClose: () => void;
}) {
  const { t } = useTranslation('listingEditor');
  const ctx = useRenderContext(catalog);
  const ratio = useCellRatio(element.id);
  const start = elementPlacement(element);
  const [fit, setFit] = useState<Fit>(typeof start.fit === 'number' ? start.unit : start.fit);
  const [size, setSize] = useState(typeof start.fit === 'number' ? start.fit : 100);
  const [zoom, setZoom] = useState(start.zoom);
  const [xpos, setXpos] = useState(element.position.xpos);
  const [ypos, setYpos] = useState(element.position.ypos);
  const url = elementPictureUrl(element);

  const numeric = fit === 'percent' || fit === 'px';
  const range = IMAGE_SIZE_RANGE[fit === 'px' ? 'px' : 'percent'];
  const placement: ImagePlacementChange = normalizePlacement({
    size: numeric ? size : fit,
    size_unit: fit === 'px' ? 'px' : 'percent',
    position: { xpos, ypos },
    zoom,
  });
  const chooseFit = (next: Fit) => {
    setFit(next);
    const r = IMAGE_SIZE_RANGE[next === 'px' ? 'px' : 'percent'];
    // A size carried from the other unit is held to this one's range.
    if (next === 'percent' || next === 'px') setSize((s) => Math.max(r.min, Math.min(r.max, s)));
  };
  const reset = () => {
    setFit('contain');
    setSize(100);
    setZoom(1);
    setXpos(50);
    setYpos(50);
  };
  // Reset puts the form back to how a new picture sits; Apply then stores that (no zoom, no unit).
  const apply = (p: ImagePlacementChange) => {
    store.getState().dispatch({ name: 'setElementImage', args: { pageId, elementIndex, placement: p } });
    onClose();
  };

  return (
    <Modal
      open
      onClose={onClose}
      title={t('image.title')}
      primaryAction={{ content: t('image.apply'), onAction: () => apply(placement) }}
      secondaryActions={[{ content: t('image.cancel'), onAction: onClose }]}
    >
      <Modal.Section>
        <InlineGrid columns={{ xs: 1, md: 2 }} gap="400">
          <div>
            <div
              className="cb-image-editor__preview"
              style={{ aspectRatio: String(ratio) }}
              role="img"
              aria-label={t('image.preview')}
              data-testid="image-editor-preview"
            >
              {url ? (
                <ImageBox
                  url={url}
                  ctx={ctx}
                  fit={placement.size}
                  unit={placement.size_unit}
                  zoom={placement.zoom}
                  position={placement.position}
                />
              ) : (
                <Text as="p" tone="subdued">
                  {t('image.noPicture')}
                </Text>
              )}
            </div>
          </div>
          <BlockStack gap="300">
            <Select
              label={t('image.fit')}
              options={(['contain', 'cover', 'percent', 'px'] as const).map((f) => ({
                label: t(`image.fits.${f}`),
                value: f,
              }))}
              value={fit}
              onChange={(v) => chooseFit(v as Fit)}
            />
            {numeric ? (
              <RangeSlider
                label={t('image.size')}
                min={range.min}
                max={range.max}
                value={size}
                onChange={(v) => setSize(Number(v))}
                output
                suffix={
                  <Text as="span" variant="bodySm">
                    {t(fit === 'px' ? 'image.sizePx' : 'image.sizePercent', { value: placement.size })}
                  </Text>
                }
              />
            ) : null}
            <RangeSlider
              label={t('image.zoom')}
              min={1}
              max={IMAGE_ZOOM_MAX}
              step={0.1}
              value={zoom}
              onChange={(v) => setZoom(Number(v))}
              suffix={
                <Text as="span" variant="bodySm">
                  {t('image.zoomValue', { value: placement.zoom })}
                </Text>
              }
            />
            <RangeSlider
              label={t('image.xpos')}
              min={0}
              max={100}
              value={xpos}
              onChange={(v) => setXpos(Number(v))}
              suffix={
                <Text as="span" variant="bodySm">
                  {t('image.posValue', { value: xpos })}
                </Text>
              }
            />
            <RangeSlider
              label={t('image.ypos')}
              min={0}
              max={100}
              value={ypos}
              onChange={(v) => setYpos(Number(v))}
              suffix={
                <Text as="span" variant="bodySm">
                  {t('image.posValue', { value: ypos })}
                </Text>
              }
            />
            <div>
              <Button onClick={reset}>{t('image.reset')}</Button>
            </div>
          </BlockStack>
        </InlineGrid>
      </Modal.Section>
    </Modal>
  );
}

/**
 * The picture's print resolution where it sits on the page, flagged when too low (the preflight's rule and
 * thresholds, core/preflight): measured on the canvas from the cell and the loaded picture's pixels.
 */
export function PrintResolution({ element, catalog }: { element: Element; catalog: Catalog }) {
  const { t } = useTranslation('listingEditor');
  const [found, setFound] = useState<{ dpi: number; low: boolean } | null>(null);
  const url = elementPictureUrl(element);
  useEffect(() => {
    setFound(null);
    let stopped = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const measure = (tries: number) => {
      if (stopped) return;
      const cell = canvasCell(element.id);
      const img = cell?.querySelector<HTMLImageElement>('.cb-product-main img, .cb-img-box img');
      const page = cell?.closest<HTMLElement>('.cb-page');
      if (!img || !page || !img.complete || !img.naturalWidth) {
        if (tries < 40) timer = setTimeout(() => measure(tries + 1), 250);
        return;
      }
      // The canvas shrinks the page with a transform: its laid-out width against its drawn width is the scale.
      const scale = page.getBoundingClientRect().width / page.offsetWidth || 1;
      const boxRect = (img.parentElement ?? img).getBoundingClientRect();
      const box = { width: boxRect.width / scale, height: boxRect.height / scale };
      const natural = { width: img.naturalWidth, height: img.naturalHeight };
      const sized = img.classList.contains('cb-img--sized');
      const drawn = drawnPictureSize({
        fit: sized ? 'sized' : img.classList.contains('cb-img--cover') ? 'cover' : 'contain',
        box,
        natural,
        sizedWidth: sized ? img.getBoundingClientRect().width / scale : undefined,
        zoom: elementPlacement(element).zoom,
      });
      const r = pictureResolution(natural, drawn);
      setFound({ dpi: r.dpi, low: r.severity !== null });
    };
    // After the page has drawn the change.
    timer = setTimeout(() => measure(0), 50);
    return () => {
      stopped = true;
      clearTimeout(timer);
    };
    // The element's placement and the catalog's styles change where and how large the picture is drawn.
  }, [element, catalog, url]);
  if (!url) return null;
  if (!found)
    return (
      <Text as="p" tone="subdued" variant="bodySm">
        {t('resolution.measuring')}
      </Text>
    );
  return found.low ? (
    <div data-testid="print-resolution" data-dpi={found.dpi}>
      <Banner tone="warning">
        <p>{t('resolution.low', { dpi: found.dpi })}</p>
      </Banner>
    </div>
  ) : (
    <Text as="p" tone="subdued" variant="bodySm">
      <span data-testid="print-resolution" data-dpi={found.dpi}>
        {t('resolution.ok', { dpi: found.dpi })}
      </span>
    </Text>
  );
}

const BORDER_STYLES = ['solid', 'dashed', 'dotted', 'double'] as const;

/**
 * The images style controls (SPEC §3 Images style): anchor, size, max rows and columns, resizing, padding and
 * borders, with SPEC §5's limit said in numbers. Used for the catalog (Branding) and for one product element.
 */
export function ImagesStyleControls({
  style,
  onChange,
  disabled,
}: {
  style: ImagesStyle;
  onChange: (style: ImagesStyle) => void;
  disabled?: boolean;
}) {
  const { t } = useTranslation('listingEditor');
  const [drafts, setDrafts] = useState<Record<string, string>>({});
  useEffect(() => setDrafts({}), [style]);
  const whole = (key: keyof ImagesStyle, label: string, min = 0, max = 1000) => {
    const value = drafts[key] ?? String(style[key]);
    const n = Number(value);
    const bad = !/^\d+$/.test(value.trim()) || n < min || n > max;
    return (
      <TextField
        label={label}
        type="number"
        min={min}
        max={max}
        value={value}
        disabled={disabled}
        autoComplete="off"
        error={drafts[key] !== undefined && bad ? t('style.invalidNumber') : undefined}
        onChange={(v) => setDrafts((d) => ({ ...d, [key]: v }))}
        onBlur={() => {
          if (!bad && n !== style[key]) onChange(ImagesStyleSchema.parse({ ...style, [key]: n }));
        }}
      />
    );
  };
  const set = (patch: Partial<ImagesStyle>) => onChange(ImagesStyleSchema.parse({ ...style, ...patch }));
  return (
    <BlockStack gap="300">
      <InlineGrid columns={2} gap="200">
        <Select
          label={t('style.anchor')}
          options={(['bottom', 'right'] as const).map((a) => ({ label: t(`style.anchors.${a}`), value: a }))}
          value={style.anchor}
          disabled={disabled}
          onChange={(v) => set({ anchor: v as ImagesStyle['anchor'] })}
        />
        <Select
          label={t('style.resizing')}
          options={(['contain', 'cover'] as const).map((r) => ({
            label: t(`style.resizings.${r}`),
            value: r,
          }))}
          value={style.resizing}
          disabled={disabled}
          onChange={(v) => set({ resizing: v as ImagesStyle['resizing'] })}
        />
      </InlineGrid>
      <RangeSlider
        label={t('style.size')}
        min={1}
        max={100}
        value={style.size}
        disabled={disabled}
        output
        onChange={(v) => set({ size: Number(v) })}
      />
      <InlineGrid columns={2} gap="200">
        {whole('max_rows', t('style.maxRows'), 0, 20)}
        {whole('max_columns', t('style.maxColumns'), 0, 20)}
      </InlineGrid>
      <Text as="p" tone="subdued" variant="bodySm">
        {t('style.limit', { count: style.max_rows * style.max_columns })}
      </Text>
      <InlineGrid columns={2} gap="200">
        {whole('padding_left_right', t('style.paddingLeftRight'), 0, 200)}
        {whole('padding_top_bottom', t('style.paddingTopBottom'), 0, 200)}
      </InlineGrid>
      <InlineGrid columns={3} gap="200">
        {whole('border_width', t('style.borderWidth'), 0, 20)}
        <Select
          label={t('style.borderStyle')}
          options={BORDER_STYLES.map((s) => ({ label: t(`style.borderStyles.${s}`), value: s }))}
          value={
            (BORDER_STYLES as readonly string[]).includes(style.border_style) ? style.border_style : 'solid'
          }
          disabled={disabled}
          onChange={(v) => set({ border_style: v })}
        />
        <label className="cb-color-field">
          <span>{t('style.borderColor')}</span>
          <input
            type="color"
            value={/^#[0-9a-f]{6}$/i.test(style.border_color) ? style.border_color : '#dddddd'}
            disabled={disabled}
            onChange={(e) => set({ border_color: e.target.value })}
          />
        </label>
      </InlineGrid>
    </BlockStack>
  );
}

/** The catalog's images style, in the Branding tab: one command per change, one undo step. */
export function CatalogImagesStyle({ store, readonly }: { store: EditorStore; readonly: boolean }) {
  const style = useEditorState(store, (s) => s.catalog.default_images_style);
  const { t } = useTranslation('listingEditor');
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {t('style.catalogTitle')}
      </Text>
      <Text as="p" tone="subdued" variant="bodySm">
        {t('style.catalogHelp')}
      </Text>
      <ImagesStyleControls
        style={style}
        disabled={readonly}
        onChange={(next) =>
          store
            .getState()
            .dispatch({ name: 'updateSettings', args: { fields: { default_images_style: next } } })
        }
      />
    </BlockStack>
  );
}

/**
 * The sidebar's picture tools for a selected product or picture: the image editor overlay, the print resolution,
 * and a product's own images style.
 */
export function PictureTools({
  store,
  catalog,
  pageId,
  elementIndex,
  element,
  readonly,
}: {
  store: EditorStore;
  catalog: Catalog;
  pageId: string;
  elementIndex: number;
  element: Element;
  readonly: boolean;
}) {
  const { t } = useTranslation('listingEditor');
  const [open, setOpen] = useState(false);
  const product = isProductElement(element) ? element : null;
  const setStyle = (style: ImagesStyle | null) =>
    store.getState().dispatch({ name: 'setElementImagesStyle', args: { pageId, elementIndex, style } });
  return (
    <BlockStack gap="300">
      <Button onClick={() => setOpen(true)} disabled={readonly || !elementPictureUrl(element)}>
        {t('image.open')}
      </Button>
      <PrintResolution element={element} catalog={catalog} />
      {product ? (
        <BlockStack gap="200">
          <Text as="h3" variant="headingSm">
            {t('style.title')}
          </Text>
          <Checkbox
            label={t('style.own')}
            checked={product.images_style !== null}
            disabled={readonly}
            onChange={(own) => setStyle(own ? { ...catalog.default_images_style } : null)}
          />
          {product.images_style ? (
            <ImagesStyleControls style={product.images_style} onChange={setStyle} disabled={readonly} />
          ) : null}
        </BlockStack>
      ) : null}
      {open ? (
        <ImageEditorOverlay
          store={store}
          catalog={catalog}
          pageId={pageId}
          elementIndex={elementIndex}
          element={element}
          onClose={() => setOpen(false)}
        />
      ) : null}
    </BlockStack>
  );
}
