import { describe, expect, it } from 'vitest';
import { onlinePath } from './index.ts';

describe('onlinePath (SPEC §2.2 view/{slug or id})', () => {
  it('names a catalog by its slug only when the slug is longer than one character', () => {
    expect(onlinePath({ id: 'c1', slug: 'spring-line' })).toBe('/view/spring-line');
    expect(onlinePath({ id: 'c1', slug: 'ab' })).toBe('/view/ab');
    expect(onlinePath({ id: 'c1', slug: 'a' })).toBe('/view/c1');
    expect(onlinePath({ id: 'c1', slug: '' })).toBe('/view/c1');
    expect(onlinePath({ id: 'c1', slug: null })).toBe('/view/c1');
  });

  it('keeps the address one path segment whatever the slug holds', () => {
    expect(onlinePath({ id: 'c1', slug: 'été/2026' })).toBe('/view/%C3%A9t%C3%A9%2F2026');
  });
});
