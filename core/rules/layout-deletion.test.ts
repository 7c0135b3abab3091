import { describe, expect, it } from 'vitest';
import { coverPage, makeCatalog, productPage } from '../commands/fixtures.ts';
import { checkLayoutDeletion } from './index.ts';

describe('checkLayoutDeletion', () => {
  it('refuses to delete a layout a page uses, with the SPEC §5 message', () => {
    const c = makeCatalog([coverPage(), productPage('a', []), productPage('b', [])]);
    expect(checkLayoutDeletion(c, 'default-products-4')).toEqual({
      ok: false,
      message: 'Your catalog is using this layout. Please remove it from the catalog before deleting it.',
      pageIndexes: [1, 2],
    });
    expect(checkLayoutDeletion(c, 'default-products-9')).toEqual({ ok: true });
  });
});
