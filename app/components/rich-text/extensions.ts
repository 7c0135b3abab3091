import { Extension, mergeAttributes, Node } from '@tiptap/core';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { Color, FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';
import { RICH_TEXT } from '../../../core/constants.ts';

/**
 * A token the page fills in as it prints (PAGE_NUMBER, {{CATALOG_TITLE}}): one piece the caret steps over and
 * Backspace removes whole, named in the merchant's language (`labels`), stored as the token itself
 * (core/rich-text `chipsToTokens`).
 */
export const TokenChip = Node.create<{ labels: Record<string, string> }>({
  name: 'tokenChip',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addOptions() {
    return { labels: {} };
  },
  addAttributes() {
    return {
      token: {
        default: '',
        parseHTML: (el) => el.getAttribute('data-token') ?? '',
        renderHTML: (attrs) => ({ 'data-token': attrs.token as string }),
      },
    };
  },
  parseHTML() {
    return [{ tag: 'span[data-token]' }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const token = String(node.attrs.token);
    return [
      'span',
      mergeAttributes(HTMLAttributes, { class: 'cb-token-chip', contenteditable: 'false' }),
      this.options.labels[token] ?? token,
    ];
  },
  renderText({ node }) {
    return String(node.attrs.token);
  },
});

/** Line height of whole paragraphs and headings (1 to 3, SPEC §9), written as their style. */
export const BlockLineHeight = Extension.create({
  name: 'blockLineHeight',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading'],
        attributes: {
          lineHeight: {
            default: null,
            parseHTML: (el) => el.style.lineHeight || null,
            renderHTML: (attrs) => (attrs.lineHeight ? { style: `line-height: ${attrs.lineHeight}` } : {}),
          },
        },
      },
    ];
  },
});

/** A picture in the text, its width a percentage of the text's width (SPEC §9: 20 by default). */
export const SizedImage = Image.extend({
  addAttributes() {
    return {
      ...this.parent?.(),
      width: {
        default: `${RICH_TEXT.defaultImageWidth}%`,
        parseHTML: (el) => el.style.width || el.getAttribute('width') || null,
        renderHTML: (attrs) => (attrs.width ? { style: `width: ${attrs.width}` } : {}),
      },
      height: { default: null, renderHTML: () => ({}) },
    };
  },
}).configure({ inline: false, allowBase64: true });

/** The extensions of the rich-text editor: what sanitizeHtml keeps and the page renderer draws. */
export function richTextExtensions(labels: Record<string, string>) {
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3] },
      codeBlock: false,
      code: false,
      link: {
        openOnClick: false,
        autolink: true,
        protocols: ['http', 'https', 'mailto'],
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
      },
    }),
    TextStyle,
    Color,
    FontFamily,
    FontSize,
    TextAlign.configure({ types: ['heading', 'paragraph'] }),
    BlockLineHeight,
    SizedImage,
    TokenChip.configure({ labels }),
  ];
}
