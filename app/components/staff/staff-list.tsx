import { Card, IndexTable, Pagination, TextField, type IndexTableProps } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useSearchParams } from 'react-router';

/*
 * What every staff screen's list shares (SPEC §2.1: data tables with search, paging of 10 rows and sortable
 * columns): the search field, the table's headings with their sort, and the pages. The page, the search and the
 * sort live in the address, so a reload or a shared link shows the same rows; the loader reads them with
 * `readListQuery`.
 */

type Headings = IndexTableProps['headings'];

/** A column: its heading, and the list's sort name when staff may sort by it. */
export type StaffColumn = { title: string; sort?: string; hidden?: boolean };

/** The page, search and sort of a staff list's address (loaders). */
export function readListQuery(request: Request): { page: number; filter: string; sort: string | undefined } {
  const url = new URL(request.url);
  return {
    page: Math.min(100_000, Math.max(1, Math.floor(Number(url.searchParams.get('page'))) || 1)),
    filter: (url.searchParams.get('filter') ?? '').trim().slice(0, 200),
    sort: url.searchParams.get('sort') || undefined,
  };
}

/** Where a staff list stands: how many rows match, the page and its size, the search and the sort. */
export type StaffListState = {
  total: number;
  page: number;
  limit: number;
  filter: string;
  sort: string | undefined;
};

export function StaffList({
  label,
  columns,
  list,
  defaultSort,
  rowCount,
  emptyText,
  searchLabel,
  children,
}: {
  /** What the rows are, for screen readers ("users", "catalogs"). */
  label: { singular: string; plural: string };
  columns: StaffColumn[];
  /** The loader's answer (loadStaffList): the rows' count, the page, its size, the search and the sort. */
  list: StaffListState;
  defaultSort: string;
  rowCount: number;
  emptyText: string;
  searchLabel: string;
  children: React.ReactNode;
}) {
  const { t } = useTranslation('app');
  const { sort, total, page, limit, filter } = list;
  const [params, setParams] = useSearchParams();
  const [search, setSearch] = useState(filter);

  // The search follows typing after a pause, and starts again from the first page.
  useEffect(() => {
    const id = setTimeout(() => {
      if (search === (params.get('filter') ?? '')) return;
      const next = new URLSearchParams(params);
      if (search) next.set('filter', search);
      else next.delete('filter');
      next.delete('page');
      setParams(next);
    }, 300);
    return () => clearTimeout(id);
  }, [search, params, setParams]);

  const go = (changes: Record<string, string | null>) => {
    const next = new URLSearchParams(params);
    for (const [k, v] of Object.entries(changes)) {
      if (v === null) next.delete(k);
      else next.set(k, v);
    }
    setParams(next);
  };

  const current = sort ?? defaultSort;
  const sortName = current.replace(/^-/, '');
  const sortIndex = columns.findIndex((c) => c.sort === sortName);
  const pages = Math.max(1, Math.ceil(total / limit));
  const headings = columns.map((c) => ({ title: c.title, hidden: c.hidden })) as unknown as Headings;

  return (
    <Card padding="0">
      <div style={{ padding: 12 }}>
        <TextField
          label={searchLabel}
          labelHidden
          placeholder={searchLabel}
          value={search}
          onChange={setSearch}
          autoComplete="off"
          clearButton
          onClearButtonClick={() => setSearch('')}
        />
      </div>
      <IndexTable
        resourceName={label}
        itemCount={rowCount}
        selectable={false}
        emptyState={<div style={{ padding: 24, textAlign: 'center' }}>{emptyText}</div>}
        headings={headings}
        sortable={columns.map((c) => Boolean(c.sort))}
        sortColumnIndex={sortIndex >= 0 ? sortIndex : undefined}
        sortDirection={current.startsWith('-') ? 'descending' : 'ascending'}
        defaultSortDirection="ascending"
        onSort={(index, direction) => {
          const name = columns[index]?.sort;
          if (name) go({ sort: direction === 'descending' ? `-${name}` : name, page: null });
        }}
      >
        {children}
      </IndexTable>
      <div style={{ display: 'flex', justifyContent: 'center', padding: 12 }}>
        <Pagination
          hasPrevious={page > 1}
          hasNext={page < pages}
          label={t('admin.users.page', { page, pages })}
          onPrevious={() => go({ page: String(page - 1) })}
          onNext={() => go({ page: String(page + 1) })}
        />
      </div>
    </Card>
  );
}

/** The staff screens, as links above each of them. */
export function StaffNav({ isAdmin }: { isAdmin: boolean }) {
  const { t } = useTranslation('app');
  const { t: tt } = useTranslation('templates');
  const links: [string, string][] = [
    ...(isAdmin
      ? ([
          ['/admin/users', t('admin.nav.users')],
          ['/admin/catalogs', t('admin.nav.catalogs')],
          ['/admin/waitinglist', t('admin.nav.waitinglist')],
          ['/admin/unregistereduser', t('admin.nav.unregistered')],
          ['/admin/testimonials', t('admin.nav.testimonials')],
          ['/admin/prices', tt('admin.navPrices')],
          ['/admin/descriptions', tt('admin.navDescriptions')],
          ['/admin/pagelayouts', t('admin.nav.pagelayouts')],
          ['/admin/playground', t('admin.nav.playground')],
          ['/admin/settings', t('admin.nav.settings')],
        ] as [string, string][])
      : []),
    ['/manager/allcatalogs', t('admin.nav.allcatalogs')],
  ];
  return (
    <nav aria-label={t('admin.nav.label')} className="cb-staff-nav">
      {links.map(([to, text]) => (
        <NavLink key={to} to={to} className="cb-staff-nav__link">
          {text}
        </NavLink>
      ))}
    </nav>
  );
}

/** What staff did to a row (who, what, when), newest first. */
export function StaffActionsText({
  actions,
}: {
  actions: { action: string; by: string | null; at: string }[];
}) {
  const { t } = useTranslation('app');
  if (actions.length === 0) return <>—</>;
  return (
    <ul className="cb-staff-actions">
      {actions.slice(0, 3).map((a) => (
        <li key={`${a.at}-${a.action}`}>
          {t(`admin.actions.${a.action}`, { defaultValue: a.action })} · {a.by ?? '—'} ·{' '}
          <time dateTime={a.at}>{new Date(a.at).toLocaleString()}</time>
        </li>
      ))}
    </ul>
  );
}

/**
 * What an action did, said at the foot of the screen and read out by screen readers (a polite live region); it
 * goes after a few seconds or with its labelled close button. Polaris' Toast is not used: its close button has
 * no name.
 */
export function StaffNotice({
  notice,
  onDismiss,
}: {
  notice: { text: string; error?: boolean } | null;
  onDismiss: () => void;
}) {
  const { t } = useTranslation('app');
  useEffect(() => {
    if (!notice) return;
    const id = setTimeout(onDismiss, 6000);
    return () => clearTimeout(id);
  }, [notice, onDismiss]);
  return (
    <div role="status" aria-live="polite" className="cb-staff-notice-region">
      {notice ? (
        <div className={`cb-staff-notice${notice.error ? ' cb-staff-notice--error' : ''}`}>
          <span>{notice.text}</span>
          <button
            type="button"
            className="cb-staff-notice__close"
            aria-label={t('admin.close')}
            onClick={onDismiss}
          >
            ×
          </button>
        </div>
      ) : null}
    </div>
  );
}
