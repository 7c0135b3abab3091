import { describe, expect, it } from 'vitest';
import { getT } from '../../../core/i18n/index.ts';
import { importedMessage } from './format.ts';

describe("the import's message (SPEC §8 'n products added')", () => {
  it('counts the products added, and says the updated ones apart', () => {
    const en = getT('en');
    expect(importedMessage({ created: 5, updated: 0 }, en)).toBe('5 products added');
    expect(importedMessage({ created: 1, updated: 0 }, en)).toBe('1 product added');
    expect(importedMessage({ created: 0, updated: 5 }, en)).toBe('0 products added, 5 updated');
    expect(importedMessage({ created: 2, updated: 3 }, en)).toBe('2 products added, 3 updated');
  });

  it('in French', () => {
    const fr = getT('fr');
    expect(importedMessage({ created: 5, updated: 0 }, fr)).toBe('5 produits ajoutés');
    expect(importedMessage({ created: 2, updated: 3 }, fr)).toBe('2 produits ajoutés, 3 mis à jour');
  });
});
