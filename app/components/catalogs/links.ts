import { onlinePath } from '../../../core/model/index.ts';

/** Where the catalogs screens send a merchant (SPEC §2.2 'URLs the editor goes to'). */

export const editorUrl = (id: string) => `/designs/${encodeURIComponent(id)}/edit`;

/** The same editor inside the Shopify admin, under the embedded app (App Bridge, session tokens). */
export const embeddedEditorUrl = (id: string) => `/app${editorUrl(id)}`;

export const previewUrl = (id: string) => `/preview/${encodeURIComponent(id)}`;

/**
 * The online version: the slug when it is longer than one character, else the id (SPEC §2.2). The viewer is not a
 * page of the app's router: a link to it loads the document (isDocumentUrl), whatever component draws it.
 */
export const onlineUrl = (c: { _id: string; slug: string | null | undefined }) =>
  onlinePath({ id: c._id, slug: c.slug });

/**
 * Addresses the app's router does not render (the viewer, the API's downloads and prints, stored files): a link to
 * one must load the document. Followed inside the router it would ask the router for the page, and the router
 * answers its own 'Page not found' (the viewer answers only a full request).
 */
const DOCUMENT_PATH = /^\/(view|view-assets|api|files|webhooks)(\/|\?|#|$)/;

export const isDocumentUrl = (url: string): boolean => DOCUMENT_PATH.test(url);

/** "3 days ago" in the page's language; the date itself for anything older than a month. */
export function editedAgo(iso: string, language: string, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  const rtf = new Intl.RelativeTimeFormat(language, { numeric: 'auto' });
  const abs = Math.abs(seconds);
  if (abs < 60) return rtf.format(0, 'second');
  if (abs < 3600) return rtf.format(Math.round(seconds / 60), 'minute');
  if (abs < 86_400) return rtf.format(Math.round(seconds / 3600), 'hour');
  if (abs < 30 * 86_400) return rtf.format(Math.round(seconds / 86_400), 'day');
  return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(new Date(iso));
}
