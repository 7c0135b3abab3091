import { Badge, IndexTable, InlineStack, Text } from '@shopify/polaris';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CoverImage } from '../catalogs/catalog-card.tsx';
import type { StaffColumn } from './staff-list.tsx';

/*
 * A catalog's row as every staff list of catalogs shows it (SPEC §2.1 /admin/catalogs, /manager/allcatalogs): its
 * front cover, its name linking to the viewer, owner, pages, products, last change and flags. Screens add their
 * own columns after these.
 */

export type StaffCatalogRow = {
  _id: string;
  title: string;
  view_url: string;
  cover: Parameters<typeof CoverImage>[0]['cover'];
  user: { email: string | null };
  pageCount: number;
  productCount: number;
  updated_at: string;
  featured: boolean;
  is_template: boolean;
  published: boolean;
};

/** The headings of the shared cells, with the sorts the catalogs list knows. */
export const catalogColumns = (t: TFunction<'app'>): StaffColumn[] => [
  { title: t('admin.catalogs.cover') },
  { title: t('admin.catalogs.name'), sort: 'title' },
  { title: t('admin.catalogs.owner'), sort: 'owner' },
  { title: t('admin.catalogs.pages'), sort: 'page_count' },
  { title: t('admin.catalogs.products'), sort: 'product_count' },
  { title: t('admin.catalogs.updated'), sort: 'updated_at' },
  { title: t('admin.catalogs.flags') },
];

export function CatalogCells({ catalog: c }: { catalog: StaffCatalogRow }) {
  const { t } = useTranslation('app');
  return (
    <>
      <IndexTable.Cell>
        <div className="cb-staff-cover">
          <CoverImage cover={c.cover} height={96} />
        </div>
      </IndexTable.Cell>
      <IndexTable.Cell>
        <a href={c.view_url} className="cb-staff-link">
          <Text as="span" fontWeight="semibold">
            {c.title}
          </Text>
        </a>
      </IndexTable.Cell>
      <IndexTable.Cell>{c.user.email ?? '—'}</IndexTable.Cell>
      <IndexTable.Cell>{c.pageCount}</IndexTable.Cell>
      <IndexTable.Cell>{c.productCount}</IndexTable.Cell>
      <IndexTable.Cell>{new Date(c.updated_at).toLocaleDateString()}</IndexTable.Cell>
      <IndexTable.Cell>
        <InlineStack gap="100">
          {c.featured ? <Badge tone="success">{t('admin.catalogs.featured')}</Badge> : null}
          {c.is_template ? <Badge tone="info">{t('admin.catalogs.template')}</Badge> : null}
          {c.published ? null : <Badge>{t('admin.catalogs.draft')}</Badge>}
        </InlineStack>
      </IndexTable.Cell>
    </>
  );
}
