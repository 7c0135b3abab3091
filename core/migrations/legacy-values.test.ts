import { describe, expect, it } from 'vitest';
import { claimId, parseLegacyPrice, toBoolean, toDateString, toId, toNumber } from './legacy-values.ts';

describe('parseLegacyPrice', () => {
  it.each([
    [12.5, 12.5],
    ['12.50', 12.5],
    ['$1,234.50', 1234.5],
    ['1.234,50 €', 1234.5],
    ['12,50', 12.5],
    ['1,234', 1234],
    ['1.234.567', 1234567],
    ['EUR 7', 7],
    ['-3.20', -3.2],
    ['', null],
    ['free', null],
    ['1.2.3,4,5', null],
    [null, null],
    [Number.NaN, null],
  ])('reads %j as %j', (input, expected) => {
    expect(parseLegacyPrice(input)).toBe(expected);
  });
});

describe('legacy value readers', () => {
  it('read numbers, booleans, ids and dates stored loosely', () => {
    expect([toNumber('12'), toNumber(' 3.5 '), toNumber('x'), toNumber(''), toNumber(4)]).toEqual([
      12,
      3.5,
      null,
      null,
      4,
    ]);
    expect([toBoolean('TRUE'), toBoolean('false'), toBoolean('yes'), toBoolean(true)]).toEqual([
      true,
      false,
      undefined,
      true,
    ]);
    expect([toId(12), toId({ $oid: 'abc' }), toId(''), toId(null)]).toEqual(['12', 'abc', null, null]);
    expect(toDateString({ $date: '2017-03-01T10:00:00.000Z' })).toBe('2017-03-01T10:00:00.000Z');
    expect(toDateString({ $date: { $numberLong: '0' } })).toBe('1970-01-01T00:00:00.000Z');
    expect(toDateString(7)).toBeUndefined();
  });

  it('claimId suffixes ids already taken', () => {
    const taken = new Set<string>();
    expect([claimId('a', taken), claimId('a', taken), claimId('a', taken), claimId('a-2', taken)]).toEqual([
      'a',
      'a-2',
      'a-3',
      'a-2-2',
    ]);
  });
});
