import { describe, expect, it } from 'vitest';
import { DESCRIPTION_TEMPLATES, PRICE_TEMPLATES } from './templates.ts';

describe('seeded caption and description templates', () => {
  it('put [DESCRIPTION] in a block that may hold the description’s own paragraphs, never in a <p>', () => {
    for (const t of [...DESCRIPTION_TEMPLATES, ...PRICE_TEMPLATES]) {
      expect(t.html, t.id).not.toMatch(/<p[^>]*>(?:(?!<\/p>).)*\[DESCRIPTION\]/);
    }
    expect(DESCRIPTION_TEMPLATES.map((t) => t.html)).toEqual([
      '<div>[DESCRIPTION]</div>',
      '<p><strong>[BRAND]</strong> · SKU [SKU]</p><div>[DESCRIPTION]</div>',
      '<div>[DESCRIPTION]</div>[VARIANTS(OPTIONS, SKU, PRICE)]',
    ]);
  });
});
