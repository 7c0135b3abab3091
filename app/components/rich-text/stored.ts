import type { Editor } from '@tiptap/core';
import {
  captionChipLabel,
  captionToChips,
  chipsToTokens,
  isBlockCaptionToken,
  isCaptionToken,
  markupLost,
  tokensToChips,
} from '../../../core/rich-text/index.ts';
import { templateProblems } from '../../../core/captions/index.ts';
import { sanitizeHtml } from '../../../core/sanitize/index.ts';

/**
 * Tokens told apart by their form rather than listed (caption and description templates, SPEC §5): how a stored
 * text becomes chips, which typed `[…]` is a token, which prints blocks, and each chip's name.
 */
export interface TemplateChips {
  toChips: (html: string) => string;
  isToken: (token: string) => boolean;
  isBlock: (token: string) => boolean;
  labelOf: (token: string) => string;
  /** Where a text holds a token written wrongly, underlined in place. */
  problemsIn?: (text: string) => { start: number; end: number }[];
}

export type Tokens = readonly string[] | ((token: string) => boolean);

/** The stored form of the editor's text: tokens written back, sanitized, an empty text ''. */
export function storedHtml(editor: Editor, tokens: Tokens): string {
  if (editor.isEmpty) return '';
  // The empty paragraph the editor keeps after a last heading or picture (so the caret can go there) is not text.
  return sanitizeHtml(chipsToTokens(editor.getHTML(), tokens)).replace(/(<p><\/p>)+$/, '');
}

/**
 * Whether the editor, holding `html`, would store something else: markup outside its schema (a table, a `<small>`)
 * that a template keeps as written. The text then stays in the HTML view.
 */
export function losesMarkup(editor: Editor, html: string, tokens: Tokens): boolean {
  return markupLost(html, storedHtml(editor, tokens));
}

/** The editor's start text: sanitized, tokens as chips. */
export function chipHtml(html: string, tokens: readonly string[], chips?: TemplateChips): string {
  const safe = sanitizeHtml(html);
  return chips ? chips.toChips(safe) : tokensToChips(safe, tokens);
}

/** Caption and description templates' chips, named in `language` (every SPEC §5 token). */
export function templateChips(language: string): TemplateChips {
  return {
    toChips: captionToChips,
    isToken: isCaptionToken,
    isBlock: isBlockCaptionToken,
    labelOf: (token) => captionChipLabel(token, language),
    problemsIn: templateProblems,
  };
}
