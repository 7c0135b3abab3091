/**
 * The rich-text editor (issue 25 §4), for any merchant text: text cells, covers, full-text pages, product
 * descriptions. Link `richTextStylesheet` from the route that shows it.
 */
export {
  readPicture,
  RichTextEditor,
  type RichTextControls,
  type RichTextToken,
} from './rich-text-editor.tsx';
export { templateChips, type TemplateChips } from './stored.ts';
export { default as richTextStylesheet } from './rich-text.css?url';
