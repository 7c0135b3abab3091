import { Text } from '@shopify/polaris';
import { useId, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { groupLayouts } from '../../../core/layouts/index.ts';
import type { PageLayout } from '../../../core/model/index.ts';
import { CatalogStyles } from '../../../core/render/index.ts';
import { ScaledCatalogPage } from '../catalogs/scaled-page.tsx';
import { useLayoutSamples, useLayoutTitle } from './layout-thumbnails.tsx';

/**
 * A choice of one layout among several, as the layout manager and the editor's menus show them: each a small page
 * drawn with the sample products and its name in the merchant's language, in SPEC §2.3's groups in the order a
 * merchant reads them. Radio buttons underneath, so the arrow keys move the choice.
 */
export function LayoutPicker({
  label,
  layouts,
  value,
  onChange,
  width = 88,
}: {
  label: string;
  layouts: readonly PageLayout[];
  /** The chosen layout's id. */
  value: string | null;
  onChange: (layout: PageLayout) => void;
  width?: number;
}) {
  const { t } = useTranslation('layouts');
  const title = useLayoutTitle();
  const name = useId();
  const context = useLayoutSamples(layouts);
  const indexOf = useMemo(() => new Map(layouts.map((l, i) => [l, i])), [layouts]);
  const groups = groupLayouts([...layouts]);
  return (
    <fieldset className="cb-layout-picker">
      <legend>
        <Text as="span" variant="headingSm">
          {label}
        </Text>
      </legend>
      <CatalogStyles context={context} />
      {groups.map((group) => (
        <div key={group.group} className="cb-layout-picker__group">
          {groups.length > 1 ? (
            <Text as="p" variant="bodySm" tone="subdued">
              {t(`groups.${group.group}`)}
            </Text>
          ) : null}
          <ul className="cb-layout-picker__grid">
            {group.layouts.map((layout) => (
              <li key={layout._id ?? title(layout)}>
                <label className="cb-layout-picker__option">
                  <input
                    type="radio"
                    name={name}
                    value={layout._id ?? ''}
                    aria-label={title(layout)}
                    checked={value === layout._id}
                    onChange={() => onChange(layout)}
                  />
                  <ScaledCatalogPage
                    context={context}
                    pageIndex={indexOf.get(layout) ?? 0}
                    width={width}
                    withStyles={false}
                  />
                  <span className="cb-layout-picker__name">{title(layout)}</span>
                </label>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </fieldset>
  );
}
