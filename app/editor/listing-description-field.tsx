import { useState } from 'react';
import { RichTextEditor } from '../components/rich-text/index.ts';

/**
 * The listing editor's description, as rich text and never as raw HTML: the catalog's rich-text editor
 * (components/rich-text, TipTap) without the page tokens, which mean nothing in a product's description. It hands
 * back sanitized HTML.
 */
export function ListingDescriptionField({
  label,
  html,
  onChange,
}: {
  label: string;
  html: string;
  onChange: (html: string) => void;
}) {
  // The field starts from the description it was opened with (a new initialHtml would start the editor again
  // under the caret); what the merchant types comes back through onChange.
  const [initial] = useState(html);
  return <RichTextEditor label={label} initialHtml={initial} onChange={onChange} testId="rich-text" />;
}
