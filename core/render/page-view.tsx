import type { CSSProperties, ReactNode } from 'react';
import { isProductElement, type Catalog, type Page, type ProductElement } from '../model/index.ts';
import { splitColumns } from '../pagination/pack.ts';
import { rowCaptionHeights } from './caption-rows.ts';
import { CellView, type CellWrapper } from './cells.tsx';
import { createRenderContext, type RenderContext, type RenderOptions } from './context.ts';
import { isCoverPage, pageBands } from './geometry.ts';
import { isListKind, listPlacement } from './list-model.ts';
import { ListPageContent } from './list-view.tsx';
import { isBlankHtml, merchantHtml } from './merchant-html.ts';
import { FlowProductView } from './product-view.tsx';

const pct = (f: number) => `${+(f * 100).toFixed(4)}%`;

/**
 * A band's box. With bleed, it runs on into the bleed on the three sides it touches the trim (its background
 * with it), padded by as much so its words stay where they were.
 */
function bandStyle(
  which: 'header' | 'footer',
  top: number,
  height: number,
  ctx: RenderContext,
): CSSProperties {
  const b = ctx.bleedPx;
  if (!b) return { top: pct(top), height: pct(height) };
  const px = `${+b.toFixed(3)}px`;
  const style: CSSProperties = {
    left: `-${px}`,
    right: `-${px}`,
    paddingLeft: `calc(var(--cb-pad-x) + ${px})`,
    paddingRight: `calc(var(--cb-pad-x) + ${px})`,
    top: which === 'header' ? `-${px}` : pct(top),
    height: `calc(${pct(height)} + ${px})`,
  };
  if (which === 'header') style.paddingTop = px;
  else style.paddingBottom = px;
  return style;
}

function Band({
  which,
  page,
  ctx,
  pageNumber,
  top,
  height,
}: {
  which: 'header' | 'footer';
  page: Page;
  ctx: RenderContext;
  pageNumber: number;
  top: number;
  height: number;
}) {
  const style: CSSProperties = bandStyle(which, top, height, ctx);
  const html = merchantHtml(page[which].properties.html, ctx, pageNumber);
  let content: ReactNode = null;
  if (!isBlankHtml(html)) {
    content = <div className="cb-band-html" dangerouslySetInnerHTML={{ __html: html }} />;
  } else {
    const slots = (which === 'header' ? page.headerElements : page.footerElements).map((s) =>
      merchantHtml(s, ctx, pageNumber),
    );
    if (slots.some((s) => !isBlankHtml(s))) {
      const names = ['left', 'center', 'right'];
      content = (
        <div className="cb-band-slots">
          {slots.map((s, i) => (
            <div
              key={names[i]}
              className={`cb-band-slot cb-band-slot--${names[i]}`}
              dangerouslySetInnerHTML={{ __html: s }}
            />
          ))}
        </div>
      );
    }
  }
  return (
    <div className={`cb-band cb-${which}`} style={style}>
      {content}
    </div>
  );
}

function GridCells({
  page,
  pageIndex,
  ctx,
  wrapper,
}: {
  page: Page;
  pageIndex: number;
  ctx: RenderContext;
  wrapper?: CellWrapper;
}) {
  const captionRows = rowCaptionHeights(page, pageIndex, ctx);
  return (
    <>
      {page.layout.cells.map((cell, i) => (
        <CellView
          key={i}
          cell={cell}
          cellIndex={i}
          element={page.elements[i] ?? null}
          page={page}
          pageIndex={pageIndex}
          ctx={ctx}
          wrapper={wrapper}
          captionMinPx={captionRows.get(i)}
        />
      ))}
    </>
  );
}

/** Products of a flow page split into its columns: by pagination's breaks, else evenly by count. */
export function flowColumns(page: Page): ProductElement[][] {
  const items = page.elements.filter(isProductElement);
  const columns = Math.max(1, page.columns);
  if (page.pagination) return splitColumns(items, page.pagination.columnBreaks, columns);
  const per = Math.ceil(items.length / columns) || 1;
  return Array.from({ length: columns }, (_, c) => items.slice(c * per, (c + 1) * per));
}

function FlowContent({ page, pageIndex, ctx }: { page: Page; pageIndex: number; ctx: RenderContext }) {
  return (
    <div className="cb-flow">
      {flowColumns(page).map((col, c) => (
        <div className="cb-flow-column" key={c}>
          {col.map((el) => (
            <FlowProductView key={el.id} element={el} ctx={ctx} pageNumber={pageIndex + 1} />
          ))}
        </div>
      ))}
    </div>
  );
}

function ContractSignatures({ ctx }: { ctx: RenderContext }) {
  return (
    <div className="cb-contract-signatures">
      {['buyer', 'seller'].map((who) => (
        <div key={who}>
          <div className="cb-signature-line" />
          <div className="cb-signature-label">{ctx.t(`contract.${who}`)}</div>
          <div className="cb-signature-line" style={{ height: '24px' }} />
          <div className="cb-signature-label">{ctx.t('contract.date')}</div>
        </div>
      ))}
    </div>
  );
}

function RichContent({ page, pageIndex, ctx }: { page: Page; pageIndex: number; ctx: RenderContext }) {
  const html = merchantHtml(page.html, ctx, pageIndex + 1);
  const blank = isBlankHtml(html);
  if (page.kind === 'wholesale_contract' && blank && page.layout.cells.length === 0) {
    return (
      <div className="cb-rich cb-rich--contract">
        <div className="cb-text">
          <h2>{ctx.t('contract.title')}</h2>
          <p>{ctx.t('contract.intro')}</p>
          <ol>
            {ctx.tList('contract.terms').map((term, i) => (
              <li key={i}>{term}</li>
            ))}
          </ol>
        </div>
        <ContractSignatures ctx={ctx} />
      </div>
    );
  }
  if (blank) return null;
  return (
    <div className={`cb-rich cb-rich--${page.kind.replace(/_/g, '-')}`}>
      <div className="cb-text" dangerouslySetInnerHTML={{ __html: html }} />
    </div>
  );
}

function PageContent({
  page,
  pageIndex,
  ctx,
  wrapper,
}: {
  page: Page;
  pageIndex: number;
  ctx: RenderContext;
  wrapper?: CellWrapper;
}) {
  if (page.kind === 'flow') return <FlowContent page={page} pageIndex={pageIndex} ctx={ctx} />;
  if (isListKind(page.kind) && listPlacement(page).cellIndex === null) {
    return (
      <>
        <ListPageContent ctx={ctx} pageIndex={pageIndex} />
        <GridCells page={page} pageIndex={pageIndex} ctx={ctx} wrapper={wrapper} />
      </>
    );
  }
  return (
    <>
      <RichContent page={page} pageIndex={pageIndex} ctx={ctx} />
      <GridCells page={page} pageIndex={pageIndex} ctx={ctx} wrapper={wrapper} />
    </>
  );
}

/**
 * The trial watermark: one line along the page's diagonal, sized to span most of it on every format (a
 * landscape booklet page gets a shallower, smaller line than a portrait A4 page).
 */
function Watermark({ ctx }: { ctx: RenderContext }) {
  const text = ctx.t('watermark');
  const { widthPx: w, heightPx: h } = ctx.size;
  const diagonal = Math.hypot(w, h);
  const angle = -(Math.atan2(h, w) * 180) / Math.PI;
  const fontSize = Math.round(((diagonal * 0.8) / (text.length * 0.62)) * 10) / 10;
  // Decoration (the trial banner says it in words): hidden from assistive technology, and drawn by CSS from
  // data-text rather than as a text node, so it is not page text an audit holds to reading contrast.
  return (
    <div className="cb-watermark" aria-hidden="true">
      <span
        data-text={text}
        style={{ fontSize: `${fontSize}px`, transform: `rotate(${angle.toFixed(2)}deg)` }}
      />
    </div>
  );
}

/** CSS classes of a page: its kind, its cover role, and the catalog scope the theme is confined to. */
export function pageClassName(page: Page, ctx: RenderContext): string {
  const cls = ['cb-page', `cb-page--${page.kind.replace(/_/g, '-')}`, ctx.scopeClass];
  if (isCoverPage(page)) cls.push('cb-page--cover', `cb-page--${page.layout.type.replace(/ /g, '-')}`);
  if (ctx.bleedMm) cls.push('cb-page--bleed');
  return cls.join(' ');
}

export interface CatalogPageViewProps {
  catalog: Catalog;
  pageIndex: number;
  options?: RenderOptions;
  /** A context shared by the pages of one render; built from catalog and options when absent. */
  context?: RenderContext;
  /** Lets the editor wrap every layout cell with its interaction layer. */
  renderCell?: CellWrapper;
}

/**
 * One catalog page at its printed size: header band, inner area (cells, flow columns or a generated list),
 * footer band and, for trial accounts, the watermark. Page numbers count from the front cover (1).
 */
export function CatalogPageView({ catalog, pageIndex, options, context, renderCell }: CatalogPageViewProps) {
  const ctx = context ?? createRenderContext(catalog, options);
  const page = catalog.pages[pageIndex];
  if (!page) return null;
  const pageNumber = pageIndex + 1;
  const bands = pageBands(page, catalog);
  const style: CSSProperties = { width: `${ctx.size.widthMm}mm`, height: `${ctx.size.heightMm}mm` };
  if (ctx.bleedMm) (style as Record<string, string>)['--cb-bleed'] = `${ctx.bleedMm}mm`;
  const section = (
    <section
      className={pageClassName(page, ctx)}
      style={style}
      data-page-id={page.id}
      data-page-index={pageIndex}
      data-page-number={pageNumber}
      dir={catalog.settings.right_to_left ? 'rtl' : undefined}
    >
      {bands.header.height > 0 ? (
        <Band which="header" page={page} ctx={ctx} pageNumber={pageNumber} {...bands.header} />
      ) : null}
      <div className="cb-inner" style={{ top: pct(bands.inner.top), height: pct(bands.inner.height) }}>
        <PageContent page={page} pageIndex={pageIndex} ctx={ctx} wrapper={renderCell} />
      </div>
      {bands.footer.height > 0 ? (
        <Band which="footer" page={page} ctx={ctx} pageNumber={pageNumber} {...bands.footer} />
      ) : null}
      {ctx.watermark ? <Watermark ctx={ctx} /> : null}
    </section>
  );
  if (!ctx.bleedMm) return section;
  // Print output with bleed: the sheet Chromium prints is the page plus the bleed, the page (the trim) inside it.
  const sheet: CSSProperties = {
    width: `${+(ctx.size.widthMm + 2 * ctx.bleedMm).toFixed(4)}mm`,
    height: `${+(ctx.size.heightMm + 2 * ctx.bleedMm).toFixed(4)}mm`,
    padding: `${ctx.bleedMm}mm`,
  };
  return (
    <div className="cb-sheet" style={sheet}>
      {section}
    </div>
  );
}
