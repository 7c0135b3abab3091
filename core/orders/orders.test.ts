import { describe, expect, it } from 'vitest';
import {
  AddressSchema,
  addressLines,
  COUNTRY_CODES,
  countryOptions,
  formatOrderNumber,
  ORDER_STATUSES,
} from './index.ts';

describe("a buyer's address", () => {
  const paris = { street: '12 rue des Lilas', city: 'Paris', postal_code: '75011', country: 'fr' };

  it('takes an ISO country code in any case and names the country in the reader’s language', () => {
    const a = AddressSchema.parse(paris);
    expect(a.country).toBe('FR');
    expect(addressLines(a, 'en')).toEqual(['12 rue des Lilas', '75011 Paris', 'France']);
    expect(addressLines({ ...a, country: 'DE', region: 'Berlin' }, 'fr')).toEqual([
      '12 rue des Lilas',
      '75011 Paris',
      'Berlin',
      'Allemagne',
    ]);
  });

  it('needs a postal code except where the country has none, and refuses one that is not a code', () => {
    const problems = (input: object) =>
      AddressSchema.safeParse(input).error?.issues.map((i) => i.path.join('.')) ?? [];
    expect(problems({ ...paris, postal_code: '' })).toEqual(['postal_code']);
    expect(problems({ ...paris, postal_code: '', country: 'HK' })).toEqual([]);
    expect(problems({ ...paris, postal_code: 'SW1A 1AA', country: 'GB' })).toEqual([]);
    expect(problems({ ...paris, postal_code: '75011;' })).toEqual(['postal_code']);
    expect(problems({ ...paris, country: 'ZZ' })).toEqual(['country']);
    expect(problems({ ...paris, street: '  ', city: '' })).toEqual(['street', 'city']);
  });

  it('knows every country once', () => {
    expect(new Set(COUNTRY_CODES).size).toBe(COUNTRY_CODES.length);
    expect(COUNTRY_CODES.length).toBeGreaterThan(240);
    expect(COUNTRY_CODES.every((c) => /^[A-Z]{2}$/.test(c))).toBe(true);
  });

  it("lists the cart's countries by their names in the buyer's language, sorted as that language sorts", () => {
    const fr = countryOptions('fr');
    expect(fr).toHaveLength(COUNTRY_CODES.length);
    const names = fr.map(([, name]) => name);
    expect(names).toEqual([...names].sort(new Intl.Collator('fr').compare));
    expect(fr).toContainEqual(['DE', 'Allemagne']);
    // 'Égypte' sorts with the E's in French, not after Z.
    expect(names.indexOf('Égypte')).toBeLessThan(names.indexOf('Espagne'));
    expect(countryOptions('en')).toContainEqual(['DE', 'Germany']);
  });
});

describe('order statuses and numbers', () => {
  it('go from unconfirmed to the statuses the merchant sets, and read as #1042', () => {
    expect(ORDER_STATUSES).toEqual(['unconfirmed', 'new', 'confirmed', 'shipped', 'cancelled']);
    expect(formatOrderNumber(1042)).toBe('#1042');
  });
});
