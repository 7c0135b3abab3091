import { Badge, Banner, BlockStack, Card, InlineStack, Page, Text, TextField } from '@shopify/polaris';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { groupLayouts } from '../../../core/layouts/index.ts';
import type { PageLayout } from '../../../core/model/index.ts';
import { ScaledCatalogPage } from '../catalogs/scaled-page.tsx';
import { CatalogStyles } from '../../../core/render/index.ts';
import { useLayoutSamples, useLayoutTitle } from './layout-thumbnails.tsx';

/** A layout as the manager lists it (server/catalogs LayoutView). */
export type ManagedLayout = PageLayout & { isOwner: boolean; library: boolean; ordering: number };

const THUMB_WIDTH = 150;

/**
 * The layout manager (SPEC §2.3 /pagelayouts; staff's /admin/pagelayouts): the layouts in SPEC §2.3's groups,
 * each drawn as a page with products in it, searchable by name or type; each opens in the layout editor.
 */
export function LayoutManager({
  layouts,
  scope,
  customSubscription,
  basePath,
}: {
  layouts: ManagedLayout[];
  scope: 'usable' | 'library';
  customSubscription: boolean;
  /** Where the editor of a layout is: `${basePath}/${id}`. */
  basePath: string;
}) {
  const { t } = useTranslation('layouts');
  const title = useLayoutTitle();
  const [query, setQuery] = useState('');
  const context = useLayoutSamples(layouts);
  const indexOf = useMemo(() => new Map(layouts.map((l, i) => [l, i])), [layouts]);
  const wanted = query.trim().toLowerCase();
  const shown = wanted
    ? layouts.filter((l) =>
        [title(l), l.title, t(`types.${l.type}`)].some((s) => s.toLowerCase().includes(wanted)),
      )
    : layouts;
  const groups = groupLayouts(shown);
  const staff = scope === 'library';

  return (
    <Page
      title={t(staff ? 'manager.staffTitle' : 'manager.title')}
      subtitle={t(staff ? 'manager.staffSubtitle' : 'manager.subtitle')}
      primaryAction={{ content: t('manager.new'), url: `${basePath}/new` }}
    >
      <CatalogStyles context={context} />
      <BlockStack gap="400">
        {customSubscription ? <Banner tone="info">{t('manager.customNotice')}</Banner> : null}
        <Card>
          <InlineStack gap="300" blockAlign="center" wrap>
            <div className="cb-layouts-search">
              <TextField
                label={t('manager.search')}
                labelHidden
                placeholder={t('manager.search')}
                value={query}
                onChange={setQuery}
                autoComplete="off"
                clearButton
                onClearButtonClick={() => setQuery('')}
              />
            </div>
            <Text as="p" tone="subdued">
              {t('manager.count', { count: shown.length })}
            </Text>
          </InlineStack>
        </Card>
        {groups.length === 0 ? (
          <Card>
            <Text as="p">{t('manager.empty', { query })}</Text>
          </Card>
        ) : null}
        {groups.map((group) => (
          <section
            key={group.group}
            aria-labelledby={`layout-group-${group.group}`}
            className="cb-layout-group"
          >
            <Text as="h2" variant="headingMd" id={`layout-group-${group.group}`}>
              {t(`groups.${group.group}`)}
            </Text>
            <ul className="cb-layout-grid">
              {group.layouts.map((layout) => {
                const name = title(layout);
                return (
                  <li key={layout._id ?? name} className="cb-layout-card">
                    <Link
                      to={`${basePath}/${layout._id}`}
                      className="cb-layout-card__link"
                      aria-label={t(layout.isOwner ? 'manager.edit' : 'manager.open', { title: name })}
                    >
                      <ScaledCatalogPage
                        context={context}
                        pageIndex={indexOf.get(layout) ?? 0}
                        width={THUMB_WIDTH}
                        withStyles={false}
                      />
                      <span className="cb-layout-card__name">{name}</span>
                    </Link>
                    <InlineStack gap="100">
                      {layout.library ? (
                        <Badge>{t('manager.library')}</Badge>
                      ) : (
                        <Badge tone="success">{t('manager.mine')}</Badge>
                      )}
                      {layout.library && !layout.public ? (
                        <Badge tone="warning">{t('manager.hidden')}</Badge>
                      ) : null}
                      {layout.library && layout.availability !== 'all' ? (
                        <Badge tone={layout.availability === 'custom' ? 'attention' : 'info'}>
                          {layout.availability === 'custom'
                            ? t('manager.customFlag')
                            : t(`availability.${layout.availability}`)}
                        </Badge>
                      ) : null}
                    </InlineStack>
                  </li>
                );
              })}
            </ul>
          </section>
        ))}
      </BlockStack>
    </Page>
  );
}
