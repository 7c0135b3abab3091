import { ORGANIZER_MODE_USERS_CREATED_BEFORE, RATING_POSTPONE_DAYS } from '../constants.ts';

/** What the editor remembers per user about its prompts (the users.flags column). */
export type AssistFlags = {
  tourDone?: boolean;
  rated?: boolean;
  /** The merchant's answer, 1 to 5 stars. */
  stars?: number;
  /** ISO instant before which the rating prompt stays hidden. */
  ratingPostponedUntil?: string;
};

/** The 14 tutorial videos of the editor's help list (SPEC §2.2, §9), in the order they are listed. */
export const TUTORIAL_VIDEOS = [
  'getting-started',
  'import-products',
  'connect-store',
  'add-products',
  'page-layouts',
  'edit-layout',
  'headers-footers',
  'branding',
  'flow-pages',
  'automatic-layout',
  'table-of-contents',
  'order-form',
  'print-preview',
  'share-online',
] as const;
export type TutorialVideo = (typeof TUTORIAL_VIDEOS)[number];

export const isTutorial = (id: string | undefined): id is TutorialVideo =>
  (TUTORIAL_VIDEOS as readonly string[]).includes(id ?? '');

/**
 * Where a tutorial opens: on the video site when one is configured (its address plus the id), else our own
 * written guide under /help.
 */
export function tutorialLink(
  id: TutorialVideo,
  videosUrl: string | null,
): { url: string; external: boolean } {
  if (!videosUrl) return { url: `/help/${id}`, external: false };
  return { url: `${videosUrl.endsWith('/') ? videosUrl : `${videosUrl}/`}${id}`, external: true };
}

/** The five steps of the first-visit tour, each pointing at one part of the editor (SPEC §9: 5 steps). */
export const TOUR_STEPS = ['products', 'thumbnails', 'page', 'sidebar', 'help'] as const;

/** SPEC §4: store-platform users not on trial who have not rated, unless they postponed until after `now`. */
export function shouldAskRating(opts: { platform: string; isTrial: boolean; flags: AssistFlags; now: Date }) {
  if (opts.platform === 'standalone' || opts.isTrial || opts.flags.rated) return false;
  const until = opts.flags.ratingPostponedUntil ? Date.parse(opts.flags.ratingPostponedUntil) : NaN;
  return Number.isNaN(until) || until <= opts.now.getTime();
}

/** The flags stored when the merchant answers the rating prompt: rated for good (stars), or asked in 7 days. */
export function ratingAnswer(answer: number | 'later', now: Date): AssistFlags {
  if (answer !== 'later') return { rated: true, stars: answer };
  return { ratingPostponedUntil: new Date(now.getTime() + RATING_POSTPONE_DAYS * 86_400_000).toISOString() };
}

/** SPEC §2.2, §4: organizer mode shows only for users created before 3 Oct 2017. */
export const hasOrganizerMode = (createdAt: Date) =>
  createdAt.getTime() < Date.parse(ORGANIZER_MODE_USERS_CREATED_BEFORE);
