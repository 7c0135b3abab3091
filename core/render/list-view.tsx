import type { ReactNode } from 'react';
import { packColumns, splitColumns } from '../pagination/pack.ts';
import { listRunStart } from './catalog-data.ts';
import type { RenderContext } from './context.ts';
import { ImageBox, mainImageUrl } from './images.tsx';
import { listModel, type ListBlock, type ListModel, type TableColumnSpec } from './list-model.ts';
import { columnText, formatPrice } from './values.ts';

function ColGroup({ spec }: { spec: TableColumnSpec[] }) {
  return (
    <colgroup>
      {spec.map((c) => (
        <col key={c.key} style={c.width ? { width: `${c.width}px` } : undefined} />
      ))}
    </colgroup>
  );
}

const cellClass = (c: TableColumnSpec) =>
  `cb-col-${c.key.replace(/[^A-Za-z0-9_-]/g, '_')}${c.numeric ? ' cb-num' : ''}`;

/** The row a quantity belongs to, as the PDF's form field names it: the product, and its variant if any. */
const formRowKey = (block: Extract<ListBlock, { type: 'row' }>) =>
  block.variation ? `${block.product.id}/${block.variation.id}` : String(block.product.id);

function RowCell({
  c,
  block,
  ctx,
}: {
  c: TableColumnSpec;
  block: Extract<ListBlock, { type: 'row' }>;
  ctx: RenderContext;
}) {
  const { product, variation } = block;
  switch (c.cell) {
    case 'image': {
      const url = variation?.image || (block.first ? mainImageUrl(product) : null);
      return url || block.first ? (
        <div className="cb-thumb">
          <ImageBox url={url} ctx={ctx} alt={product.title} />
        </div>
      ) : null;
    }
    case 'title':
      return (
        <>
          {block.first || !variation ? <div className="cb-row-title">{product.title}</div> : null}
          {variation ? (
            <div className="cb-row-variant">{variation.title || variation.options.join(' / ')}</div>
          ) : null}
        </>
      );
    case 'sku':
      return <>{variation?.sku || product.sku || ''}</>;
    case 'price':
      return <>{formatPrice(variation?.price ?? product.price, product.iso_currency_code, ctx)}</>;
    case 'qty':
      return <span className="cb-fill-box" data-form-field="qty" data-form-row={formRowKey(block)} />;
    case 'total': {
      // The line total is computed in the PDF from the quantity (server/catalogs/pdf/order-form-fields).
      const price = variation?.price ?? product.price;
      return (
        <span
          className="cb-fill-box"
          data-form-field="line-total"
          data-form-row={formRowKey(block)}
          data-form-price={price ?? undefined}
          data-form-currency={product.iso_currency_code || undefined}
        />
      );
    }
    case 'page':
      return <>{block.pageNumber ?? ''}</>;
    default:
      return <>{c.column ? columnText(product, c.column, ctx) : ''}</>;
  }
}

export function TableRowView({
  block,
  spec,
  ctx,
}: {
  block: Extract<ListBlock, { type: 'row' }>;
  spec: TableColumnSpec[];
  ctx: RenderContext;
}) {
  const cls = `cb-row${block.variation ? ' cb-row--variant' : ''}${block.first ? '' : ' cb-row--continued'}`;
  return (
    <tr className={cls} data-product-id={block.product.id}>
      {spec.map((c) => (
        <td key={c.key} className={cellClass(c)}>
          <RowCell c={c} block={block} ctx={ctx} />
        </td>
      ))}
    </tr>
  );
}

function LeaderRow({ label, page, className }: { label: string; page: string; className: string }) {
  return (
    <div className={`cb-leader-row ${className}`}>
      <span className="cb-leader-label">{label}</span>
      <span className="cb-leader-dots" />
      <span className="cb-leader-page">{page}</span>
    </div>
  );
}

/** A labelled ruled line; `name`: the fillable field the PDF puts on the line (none for a signature). */
function Field({ label, name }: { label: string; name?: string }) {
  return (
    <div className="cb-order-field">
      <span className="cb-order-field-label">{label}</span>
      <span className="cb-order-field-line" data-form-field={name && `text:${name}`} />
    </div>
  );
}

function OrderIntro({ ctx }: { ctx: RenderContext }) {
  const t = ctx.t;
  const keys = [
    'company',
    'contact',
    'email',
    'phone',
    'billingAddress',
    'shippingAddress',
    'orderDate',
    'poNumber',
  ];
  return (
    <div className="cb-order-intro">
      <div className="cb-order-fields">
        {keys.map((k) => (
          <Field key={k} label={t(`orderForm.${k}`)} name={k} />
        ))}
      </div>
    </div>
  );
}

function OrderTotals({ ctx }: { ctx: RenderContext }) {
  const t = ctx.t;
  const row = (key: string, field: string, grand = false) => (
    <div className={`cb-order-total-row${grand ? ' cb-order-total-row--grand' : ''}`}>
      <span className="cb-order-field-label">{t(`orderForm.${key}`)}</span>
      <span className="cb-fill-box" data-form-field={field} />
    </div>
  );
  return (
    <div className="cb-order-totals">
      {row('subtotal', 'subtotal')}
      {row('shipping', 'shipping')}
      {row('grandTotal', 'grand-total', true)}
      <div className="cb-order-signature" style={{ width: '100%' }}>
        <Field label={t('orderForm.signature')} />
        <Field label={t('orderForm.date')} name="signatureDate" />
      </div>
    </div>
  );
}

/** One non-row block of a list (rows are drawn inside tables, see ListColumn). */
export function ListBlockView({ block, ctx }: { block: ListBlock; ctx: RenderContext }) {
  switch (block.type) {
    case 'letter':
      return <div className="cb-index-letter">{block.letter}</div>;
    case 'entry':
      return <LeaderRow className="cb-index-entry" label={block.title} page={block.pages.join(', ')} />;
    case 'toc':
      return <LeaderRow className="cb-toc-row" label={block.title} page={String(block.page)} />;
    case 'order-intro':
      return <OrderIntro ctx={ctx} />;
    case 'order-totals':
      return <OrderTotals ctx={ctx} />;
    case 'empty':
      return <div className="cb-list-empty">{ctx.t('list.empty')}</div>;
    default:
      return null;
  }
}

/** A standalone table of rows: the markup measured for one row, and the tables a column is drawn with. */
export function RowsTable({
  rows,
  spec,
  ctx,
  head,
}: {
  rows: Extract<ListBlock, { type: 'row' }>[];
  spec: TableColumnSpec[];
  ctx: RenderContext;
  head: boolean;
}) {
  return (
    <table className="cb-table">
      <ColGroup spec={spec} />
      {head ? (
        <thead>
          <tr>
            {spec.map((c) => (
              <th key={c.key} className={cellClass(c)}>
                {c.cell === 'image' ? '' : c.title}
              </th>
            ))}
          </tr>
        </thead>
      ) : null}
      <tbody>
        {rows.map((r, i) => (
          <TableRowView
            key={`${i}:${r.product.id}:${r.variation?.id ?? ''}`}
            block={r}
            spec={spec}
            ctx={ctx}
          />
        ))}
      </tbody>
    </table>
  );
}

function ListColumn({ blocks, model, ctx }: { blocks: ListBlock[]; model: ListModel; ctx: RenderContext }) {
  const out: ReactNode[] = [];
  let rows: Extract<ListBlock, { type: 'row' }>[] = [];
  const flush = () => {
    if (rows.length && model.table) {
      out.push(<RowsTable key={`t${out.length}`} rows={rows} spec={model.table} ctx={ctx} head />);
    }
    rows = [];
  };
  for (const b of blocks) {
    if (b.type === 'row') {
      rows.push(b);
      continue;
    }
    flush();
    out.push(<ListBlockView key={`b${out.length}`} block={b} ctx={ctx} />);
  }
  flush();
  return <div className="cb-list-column">{out}</div>;
}

/** Rough block heights, used only to lay out a list page that pagination has not measured yet. */
function roughHeight(block: ListBlock, model: ListModel): number {
  switch (block.type) {
    case 'letter':
      return 28;
    case 'entry':
      return 20;
    case 'toc':
      return 30;
    case 'row':
      return model.table?.some((c) => c.cell === 'image') ? 52 : 28;
    case 'order-intro':
      return 150;
    case 'order-totals':
      return 150;
    default:
      return 24;
  }
}

/** The slice of its list a page shows, and its column breaks. */
export function listSlice(ctx: RenderContext, pageIndex: number) {
  const page = ctx.catalog.pages[pageIndex];
  const runStart = listRunStart(ctx.catalog, pageIndex);
  const model = listModel(ctx, runStart);
  if (page.pagination) {
    const start = Math.min(page.pagination.start, model.blocks.length);
    const next = ctx.catalog.pages[pageIndex + 1];
    const continued = next?.kind === page.kind && (next.pagination?.start ?? 0) > 0;
    // The run's last page takes whatever the list gained since it was paginated, so no entry disappears
    // before pagination runs again (it may overflow meanwhile).
    const count = continued
      ? (page.pagination.count ?? model.blocks.length - start)
      : model.blocks.length - start;
    return { model, start, count, columnBreaks: page.pagination.columnBreaks };
  }
  const packed = packColumns(
    model.blocks.map((b, i) => ({ height: roughHeight(b, model), keepWithNext: model.keepWithNext[i] })),
    () => ({ columns: model.columns, columnHeight: model.columnHeight }),
    undefined,
    { balanceLastPage: model.kind === 'index' },
  )[0];
  return { model, start: 0, count: packed.count, columnBreaks: packed.columnBreaks };
}

/** A page's share of its list: in the layout's table cell, or over the inner area with its own title. */
export function ListPageContent({ ctx, pageIndex }: { ctx: RenderContext; pageIndex: number }) {
  const { model, start, count, columnBreaks } = listSlice(ctx, pageIndex);
  const blocks = model.blocks.slice(start, start + count);
  const columns = splitColumns(blocks, columnBreaks, model.columns);
  const inCell = model.cellIndex !== null;
  return (
    <div className={`cb-list cb-list--${model.kind.replace(/_/g, '-')}${inCell ? ' cb-list--in-cell' : ''}`}>
      {model.title ? <h2 className="cb-list-title">{model.title}</h2> : null}
      <div className="cb-list-columns">
        {columns.map((col, i) => (
          <ListColumn key={i} blocks={col} model={model} ctx={ctx} />
        ))}
      </div>
    </div>
  );
}
