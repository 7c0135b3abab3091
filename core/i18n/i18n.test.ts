import { describe, expect, it } from 'vitest';
import { getT, normalizeLanguage, resources } from './index.ts';

describe('i18n', () => {
  it('falls back to English for unknown languages', () => {
    expect(normalizeLanguage('de-DE')).toBe('en');
    expect(normalizeLanguage('fr-CA')).toBe('fr');
  });

  it('has the same keys in English and French for every namespace', () => {
    const keys = (o: object, p = ''): string[] =>
      Object.entries(o).flatMap(([k, v]) =>
        v && typeof v === 'object' ? keys(v, `${p}${k}.`) : [`${p}${k}`],
      );
    for (const ns of Object.keys(resources.en) as (keyof typeof resources.en)[]) {
      expect(keys(resources.fr[ns]).sort(), ns).toEqual(keys(resources.en[ns]).sort());
    }
  });

  it('keeps the trial watermark text of SPEC §6 in every language', () => {
    expect(getT('en', 'render')('watermark')).toBe(
      'PLEASE UPGRADE TO REMOVE THIS WATERMARK AND DOWNLOAD YOUR PDF',
    );
    expect(getT('fr', 'render')('watermark')).toBe(
      'PLEASE UPGRADE TO REMOVE THIS WATERMARK AND DOWNLOAD YOUR PDF',
    );
  });
});
