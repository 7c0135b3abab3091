import { describe, expect, it } from 'vitest';
import { truncateTitle } from './index.ts';

describe('truncateTitle (SPEC §5: 30 characters in lists)', () => {
  it('keeps titles of up to 30 characters', () => {
    expect(truncateTitle('Ocean Blue Shirt')).toBe('Ocean Blue Shirt');
    expect(truncateTitle('x'.repeat(30))).toBe('x'.repeat(30));
  });

  it('cuts longer titles to 30 characters and marks the cut', () => {
    expect(truncateTitle('Classic Varsity Top with Embroidered Patch')).toBe(
      'Classic Varsity Top with Embro…',
    );
    expect(truncateTitle('Handmade leather wallet and a matching belt')).toBe(
      'Handmade leather wallet and a…',
    );
  });

  it('counts characters, not UTF-16 units', () => {
    expect(truncateTitle(`${'é'.repeat(29)}😀😀`)).toBe(`${'é'.repeat(29)}😀…`);
  });
});
