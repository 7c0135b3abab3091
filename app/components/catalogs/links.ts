/** Where the catalogs screens send a merchant (SPEC §2.2 'URLs the editor goes to'). */

export const editorUrl = (id: string) => `/designs/${encodeURIComponent(id)}/edit`;

/** The same editor inside the Shopify admin, under the embedded app (App Bridge, session tokens). */
export const embeddedEditorUrl = (id: string) => `/app${editorUrl(id)}`;

export const previewUrl = (id: string) => `/preview/${encodeURIComponent(id)}`;

/** The online version: the slug when it is longer than one character, else the id (SPEC §2.2). */
export const onlineUrl = (c: { _id: string; slug: string | null }) =>
  `/view/${encodeURIComponent(c.slug && c.slug.length > 1 ? c.slug : c._id)}`;

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
