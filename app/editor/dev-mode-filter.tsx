import { useTranslation } from 'react-i18next';
import { clampBound, DEV_RANGES, type DevFilter } from './dev-mode.ts';

/**
 * The thumbnails' filter in developer mode (Ctrl+Shift+D): the range of products on a page (0 to 50) and in its
 * section (0 to 500) whose pages are shown, and how many are.
 */
export function DevModeFilter({
  filter,
  onChange,
  shown,
  total,
}: {
  filter: DevFilter;
  onChange: (next: DevFilter) => void;
  shown: number;
  total: number;
}) {
  const { t } = useTranslation('templates');
  const row = (which: 'page' | 'section') => {
    const range = DEV_RANGES[which];
    const [min, max] = filter[which];
    return (
      <fieldset className="cb-dev-filter__row">
        <legend>{t(`dev.${which}`)}</legend>
        <label>
          <span>{t('dev.from')}</span>
          <input
            type="number"
            min={range.min}
            max={range.max}
            value={min}
            onChange={(e) =>
              onChange({ ...filter, [which]: [clampBound(e.target.value, range, range.min), max] })
            }
          />
        </label>
        <label>
          <span>{t('dev.to')}</span>
          <input
            type="number"
            min={range.min}
            max={range.max}
            value={max}
            onChange={(e) =>
              onChange({ ...filter, [which]: [min, clampBound(e.target.value, range, range.max)] })
            }
          />
        </label>
      </fieldset>
    );
  };
  return (
    <div className="cb-dev-filter" data-testid="dev-filter">
      <strong>{t('dev.title')}</strong>
      {row('page')}
      {row('section')}
      <span role="status">{t('dev.shown', { shown, total })}</span>
    </div>
  );
}
