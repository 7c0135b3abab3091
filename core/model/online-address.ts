/** A slug names a catalog only when longer than one character (SPEC §2.2). */
export const usableSlug = (slug: string | null | undefined): slug is string => !!slug && slug.length > 1;

/**
 * The online version of a catalog on the app host (SPEC §2.2 'view/{slug or id}'): its slug when it has a usable
 * one, else its id. The app's links, the viewer's redirects and the mails all name a catalog this way.
 */
export function onlinePath(catalog: { id: string; slug: string | null | undefined }): string {
  return `/view/${encodeURIComponent(usableSlug(catalog.slug) ? catalog.slug : catalog.id)}`;
}
