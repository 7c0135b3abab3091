import { useState } from 'react';
import { RichTextField } from './rich-text-field.tsx';

/**
 * The listing editor's description, as rich text (bold, italic, links) and never as raw HTML. Its own component
 * so the catalog's rich-text editor can take its place in one spot; it hands back sanitized inline HTML.
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
  // The field starts from the description it was opened with (a new initialHtml would reset it under the caret);
  // what the merchant types comes back through onChange.
  const [initial] = useState(html);
  return <RichTextField label={label} initialHtml={initial} onChange={onChange} tokens={false} />;
}
