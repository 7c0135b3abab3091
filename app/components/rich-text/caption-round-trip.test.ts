// @vitest-environment happy-dom
import { Editor } from '@tiptap/core';
import { afterEach, describe, expect, it } from 'vitest';
import { STARTER_TEMPLATES } from '../../../core/builder/index.ts';
import { TEE } from '../../../core/captions/test-products.ts';
import { DEFAULT_PRICE_TEMPLATE_HTML } from '../../../core/model/index.ts';
import { renderCatalogHtml } from '../../../core/render/index.ts';
import { CatalogBuilder } from '../../../core/render/test-fixtures.ts';
import { isCaptionToken } from '../../../core/rich-text/index.ts';
import { sanitizeHtml } from '../../../core/sanitize/index.ts';
import { DESCRIPTION_TEMPLATES, PRICE_TEMPLATES } from '../../../db/seed/templates.ts';
import { richTextExtensions } from './extensions.ts';
import { chipHtml, losesMarkup, storedHtml, templateChips } from './stored.ts';

const chips = templateChips('en');
const editors: Editor[] = [];
afterEach(() => editors.splice(0).forEach((e) => e.destroy()));

/** A template loaded into the caption editor and read back as it stores it. */
function roundTrip(html: string): { stored: string; editor: Editor } {
  const editor = new Editor({
    extensions: richTextExtensions(chips),
    content: chipHtml(html, [], chips),
  });
  editors.push(editor);
  return { stored: storedHtml(editor, isCaptionToken), editor };
}

/** Types `text` at the caret as key presses do: the input rules see the text before the caret. */
function typeInto(editor: Editor, text: string) {
  for (const c of text) {
    const { from, to } = editor.state.selection;
    const handled = editor.view.someProp('handleTextInput', (f) =>
      f(editor.view, from, to, c, () => editor.state.tr),
    );
    if (!handled) editor.view.dispatch(editor.state.tr.insertText(c, from, to));
  }
}

/** The whole catalog as core/render draws it, a product with variations showing the template. */
function rendered(which: 'price' | 'description', template: string): string {
  const b = new CatalogBuilder();
  b.grid([TEE, { ...TEE, id: 'tee-02', sale_price: 999, barcode: '4006381333931' }], 4);
  const catalog = b.build(
    which === 'price'
      ? { priceTemplate: template }
      : { descriptionTemplate: template, settings: { showDescription: true } },
  );
  return renderCatalogHtml(catalog, { paginate: false });
}

const seeded = [
  ...PRICE_TEMPLATES.map((t) => ['price', t.title, t.html] as const),
  ...DESCRIPTION_TEMPLATES.map((t) => ['description', t.title, t.html] as const),
  ...STARTER_TEMPLATES.map((t) => ['price', t.slug, t.caption ?? DEFAULT_PRICE_TEMPLATE_HTML] as const),
];

describe('caption templates through the rich-text editor (issue 25 §4)', () => {
  it.each(seeded)('%s template "%s" comes back as written and draws the same', (which, _title, html) => {
    const { stored, editor } = roundTrip(html);
    expect(stored).toBe(sanitizeHtml(html));
    expect(losesMarkup(editor, sanitizeHtml(html), isCaptionToken)).toBe(false);
    expect(rendered(which, stored)).toBe(rendered(which, html));
  });

  it('shows every token as one chip, named, and keeps the markup around it', () => {
    const html =
      '<h6>[TITLE]</h6><p class="price">[PRICE_FULL] <s>[COMPARE_AT_PRICE_FULL]</s></p>' +
      '<p><span class="price-note">From</span> <strong>[OP_ROUND[PRICE*1.2]]</strong></p>' +
      '[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS, SKU, PRICE)]';
    const { stored, editor } = roundTrip(html);
    expect(stored).toBe(html);
    const chipsShown: string[] = [];
    editor.state.doc.descendants((node) => {
      if (node.type.name === 'tokenChip' || node.type.name === 'tokenBlock')
        chipsShown.push(`${node.type.name}:${node.attrs.token as string}`);
    });
    expect(chipsShown).toEqual([
      'tokenChip:[TITLE]',
      'tokenChip:[PRICE_FULL]',
      'tokenChip:[COMPARE_AT_PRICE_FULL]',
      'tokenChip:[OP_ROUND[PRICE*1.2]]',
      'tokenBlock:[VARIANTS(TABLE, SHOW_HEADERS, OPTIONS, SKU, PRICE)]',
    ]);
    expect(editor.view.dom.querySelector('[data-token="[PRICE_FULL]"]')?.textContent).toBe(
      'Price with currency',
    );
    expect(editor.view.dom.querySelector('.cb-token-chip--block')?.textContent).toBe(
      'Variants table: options, SKU, Price (with headers)',
    );
    expect(rendered('price', stored)).toBe(rendered('price', html));
  });

  it('tells when a template holds markup the editor cannot keep, so it stays HTML', () => {
    const html = '<h6>[TITLE]</h6><table><tbody><tr><td>[SKU]</td></tr></tbody></table>';
    const { editor } = roundTrip(html);
    expect(losesMarkup(editor, html, isCaptionToken)).toBe(true);
  });

  it('turns a token typed in full into a chip as its bracket closes', () => {
    const { editor } = roundTrip('<p>SKU</p>');
    editor.commands.focus('end');
    typeInto(editor, ' [OP[PRICE*0.9]]');
    expect(storedHtml(editor, isCaptionToken)).toBe('<p>SKU [OP[PRICE*0.9]]</p>');
    expect(editor.view.dom.querySelector('[data-token]')?.textContent).toBe('Formula: PRICE*0.9');
    // A token inside a formula being typed waits for the formula's last bracket: one chip, not two.
    typeInto(editor, ' [New!] [OP_ROUND[PRICE]]');
    expect(storedHtml(editor, isCaptionToken)).toBe('<p>SKU [OP[PRICE*0.9]] [New!] [OP_ROUND[PRICE]]</p>');
    expect([...editor.view.dom.querySelectorAll('[data-token]')].map((e) => e.textContent)).toEqual([
      'Formula: PRICE*0.9',
      'Rounded formula: PRICE',
    ]);
  });

  it('drops no chip of a listed token and keeps header tokens working as before', () => {
    const editor = new Editor({
      extensions: richTextExtensions({ labelOf: (t) => (t === 'PAGE_NUMBER' ? 'Page number' : undefined) }),
      content: chipHtml('<p>Page PAGE_NUMBER</p><div><p>kept</p></div>', ['PAGE_NUMBER']),
    });
    editors.push(editor);
    expect(storedHtml(editor, ['PAGE_NUMBER'])).toBe('<p>Page PAGE_NUMBER</p><p>kept</p>');
  });
});
