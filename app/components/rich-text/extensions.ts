import { Extension, InputRule, mergeAttributes, Node } from '@tiptap/core';
import { Plugin } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import Image from '@tiptap/extension-image';
import TextAlign from '@tiptap/extension-text-align';
import { Color, FontFamily, FontSize, TextStyle } from '@tiptap/extension-text-style';
import StarterKit from '@tiptap/starter-kit';
import { RICH_TEXT } from '../../../core/constants.ts';

/** How chips are named and which typed words become one (caption templates: every SPEC §5 token). */
export type ChipOptions = {
  /** The chip's name in the merchant's language; its token when it returns nothing. */
  labelOf: (token: string) => string | undefined;
  /** Whether a typed `[…]` is a token, turned into a chip as its closing bracket is typed. */
  isToken: ((token: string) => boolean) | null;
  /** Whether a token prints blocks (a VARIANTS table), so its chip goes between paragraphs. */
  isBlock: (token: string) => boolean;
  /** Where a text holds a token written wrongly ([PRICEE]), marked in place. */
  problemsIn: ((text: string) => { start: number; end: number }[]) | null;
};

const tokenAttribute = {
  token: {
    default: '',
    parseHTML: (el: HTMLElement) => el.getAttribute('data-token') ?? '',
    renderHTML: (attrs: Record<string, unknown>) => ({ 'data-token': attrs.token as string }),
  },
};

/** Whether `text` leaves a bracket open: a formula or VARIANTS block still being typed (`[OP[`). */
function opensBracket(text: string): boolean {
  let depth = 0;
  for (const c of text) depth = c === '[' ? depth + 1 : c === ']' ? Math.max(0, depth - 1) : depth;
  return depth > 0;
}

/**
 * The `[…]` ending `text` that is a token, or null; none inside a bracket still open, so `[OP[PRICE]]` becomes one
 * chip when its last bracket is typed, not a [PRICE] chip at the first.
 */
function typedToken(text: string, isToken: (token: string) => boolean) {
  for (let at = text.lastIndexOf('['); at >= 0; at = at > 0 ? text.lastIndexOf('[', at - 1) : -1) {
    const raw = text.slice(at);
    if (isToken(raw)) return opensBracket(text.slice(0, at)) ? null : { index: at, text: raw };
  }
  return null;
}

/**
 * A token the page fills in as it prints (PAGE_NUMBER, {{CATALOG_TITLE}}, a caption's [PRICE_FULL] or
 * [VARIANTS(TABLE, SKU)]): one piece the caret steps over and Backspace removes whole, named in the merchant's
 * language (`labelOf`), stored as the token itself (core/rich-text `chipsToTokens`).
 */
export const TokenChip = Node.create<ChipOptions>({
  name: 'tokenChip',
  group: 'inline',
  inline: true,
  atom: true,
  selectable: true,
  addOptions() {
    return { labelOf: () => undefined, isToken: null, isBlock: () => false, problemsIn: null };
  },
  addAttributes() {
    return tokenAttribute;
  },
  parseHTML() {
    return [{ tag: 'span[data-token]', priority: 60 }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const token = String(node.attrs.token);
    return [
      'span',
      mergeAttributes(HTMLAttributes, { class: 'cb-token-chip', contenteditable: 'false' }),
      this.options.labelOf(token) ?? token,
    ];
  },
  renderText({ node }) {
    return String(node.attrs.token);
  },
  addInputRules() {
    const { isToken, isBlock } = this.options;
    if (!isToken) return [];
    return [
      new InputRule({
        find: (text) => (text.endsWith(']') ? typedToken(text, isToken) : null),
        handler: ({ state, range, match }) => {
          const token = match[0];
          const type = isBlock(token) ? state.schema.nodes.tokenBlock : undefined;
          const node = (type ?? this.type).create({ token });
          state.tr.replaceRangeWith(range.from, range.to, node);
        },
      }),
    ];
  },
});

/**
 * A token standing between paragraphs ([VARIANTS(TABLE, …)], a barcode under the price): a chip on a line of its
 * own, stored as the bare token between the elements around it.
 */
export const TokenBlock = Node.create<ChipOptions>({
  name: 'tokenBlock',
  group: 'block',
  atom: true,
  selectable: true,
  draggable: true,
  addOptions() {
    return { labelOf: () => undefined, isToken: null, isBlock: () => false, problemsIn: null };
  },
  addAttributes() {
    return tokenAttribute;
  },
  parseHTML() {
    return [{ tag: 'div[data-token]', priority: 60 }];
  },
  renderHTML({ node, HTMLAttributes }) {
    const token = String(node.attrs.token);
    return [
      'div',
      mergeAttributes(HTMLAttributes, {
        class: 'cb-token-chip cb-token-chip--block',
        contenteditable: 'false',
      }),
      this.options.labelOf(token) ?? token,
    ];
  },
  renderText({ node }) {
    return String(node.attrs.token);
  },
});

/**
 * A `<div>` of a template holding words and tokens (`<div>[DESCRIPTION]</div>`): kept a div, since the
 * description it prints is made of paragraphs, which cannot sit in a paragraph.
 */
export const TextDiv = Node.create({
  name: 'textDiv',
  group: 'block',
  content: 'inline*',
  parseHTML() {
    return [{ tag: 'div', priority: 40 }];
  },
  renderHTML({ HTMLAttributes }) {
    return ['div', HTMLAttributes, 0];
  },
});

/**
 * The classes the page renderer styles in captions (`<p class="price">`, a span of a theme's class) kept on
 * paragraphs, headings, divs and spans of text, as written.
 */
export const ClassNames = Extension.create({
  name: 'classNames',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading', 'textDiv', 'textStyle'],
        attributes: {
          class: {
            default: null,
            // A new line after the price is not the price.
            keepOnSplit: false,
            parseHTML: (el) => el.getAttribute('class') || null,
            renderHTML: (attrs) => (attrs.class ? { class: attrs.class as string } : {}),
          },
        },
      },
    ];
  },
});

/**
 * Tokens written wrongly ([TITEL], [OP[PRICE*]]) underlined where they are typed, and the text said invalid
 * while there is one (issue 22).
 */
export const ProblemMarks = Extension.create<Pick<ChipOptions, 'problemsIn'>>({
  name: 'problemMarks',
  addOptions() {
    return { problemsIn: null };
  },
  addProseMirrorPlugins() {
    const find = this.options.problemsIn;
    if (!find) return [];
    const marks = (doc: Parameters<typeof DecorationSet.create>[0]) => {
      const found: Decoration[] = [];
      doc.descendants((node, pos) => {
        if (!node.isText || !node.text) return;
        for (const p of find(node.text))
          found.push(
            Decoration.inline(pos + p.start, pos + p.end, {
              nodeName: 'mark',
              class: 'cb-template-field__problem',
            }),
          );
      });
      return DecorationSet.create(doc, found);
    };
    return [
      new Plugin({
        props: {
          decorations: (state) => marks(state.doc),
          attributes: (state): Record<string, string> =>
            marks(state.doc).find().length ? { 'aria-invalid': 'true' } : {},
        },
      }),
    ];
  },
});

/** Text styles of spans: a style, or only a class the renderer styles (`<span class="price-old">`). */
const ClassTextStyle = TextStyle.extend({
  parseHTML() {
    return [
      {
        tag: 'span',
        consuming: false,
        getAttrs: (el) => (el.hasAttribute('style') || el.hasAttribute('class') ? {} : false),
      },
    ];
  },
});

/** Line height of whole paragraphs and headings (1 to 3, SPEC §9), written as their style. */
export const BlockLineHeight = Extension.create({
  name: 'blockLineHeight',
  addGlobalAttributes() {
    return [
      {
        types: ['paragraph', 'heading', 'textDiv'],
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

/**
 * The extensions of the rich-text editor: what sanitizeHtml keeps and the page renderer draws. Headings 1 to 6
 * (captions title products with h6) and classes are kept as written.
 */
export function richTextExtensions(chips: Partial<ChipOptions> = {}) {
  const options: ChipOptions = {
    labelOf: chips.labelOf ?? (() => undefined),
    isToken: chips.isToken ?? null,
    isBlock: chips.isBlock ?? (() => false),
    problemsIn: chips.problemsIn ?? null,
  };
  return [
    StarterKit.configure({
      heading: { levels: [1, 2, 3, 4, 5, 6] },
      codeBlock: false,
      code: false,
      link: {
        openOnClick: false,
        autolink: true,
        protocols: ['http', 'https', 'mailto'],
        HTMLAttributes: { target: '_blank', rel: 'noopener noreferrer' },
      },
    }),
    ClassTextStyle,
    Color,
    FontFamily,
    FontSize,
    TextAlign.configure({ types: ['heading', 'paragraph', 'textDiv'] }),
    BlockLineHeight,
    ClassNames,
    SizedImage,
    TokenChip.configure(options),
    TokenBlock.configure(options),
    ProblemMarks.configure({ problemsIn: options.problemsIn }),
    // Only templates (whose tokens are told apart) keep divs; other text reads a div's paragraphs as before.
    ...(options.isToken ? [TextDiv] : []),
  ];
}
