import { describe, expect, it } from 'vitest';
import { TOUR_STEP_COUNT, TUTORIAL_VIDEO_COUNT } from '../constants.ts';
import {
  TOUR_STEPS,
  TUTORIAL_VIDEOS,
  hasOrganizerMode,
  isTutorial,
  tutorialLink,
  ratingAnswer,
  shouldAskRating,
} from './editor-assist.ts';

const now = new Date('2026-05-10T12:00:00Z');
const store = { platform: 'shopify', isTrial: false, flags: {}, now };

describe('editor assist rules (SPEC §2.2, §4)', () => {
  it('lists 14 tutorial videos and 5 tour steps', () => {
    expect(TUTORIAL_VIDEOS).toHaveLength(TUTORIAL_VIDEO_COUNT);
    expect(new Set(TUTORIAL_VIDEOS).size).toBe(14);
    expect(TOUR_STEPS).toHaveLength(TOUR_STEP_COUNT);
  });

  it('opens each tutorial as our written guide, or on the configured video site', () => {
    expect(tutorialLink('branding', null)).toEqual({ url: '/help/branding', external: false });
    expect(tutorialLink('branding', 'https://videos.example/cb')).toEqual({
      url: 'https://videos.example/cb/branding',
      external: true,
    });
    expect(tutorialLink('branding', 'https://videos.example/cb/').url).toBe(
      'https://videos.example/cb/branding',
    );
    expect(isTutorial('flow-pages')).toBe(true);
    expect(isTutorial('../etc')).toBe(false);
    expect(isTutorial(undefined)).toBe(false);
  });

  it('asks store-platform users not on trial who have not rated', () => {
    expect(shouldAskRating(store)).toBe(true);
    expect(shouldAskRating({ ...store, platform: 'standalone' })).toBe(false);
    expect(shouldAskRating({ ...store, isTrial: true })).toBe(false);
    expect(shouldAskRating({ ...store, flags: { rated: true } })).toBe(false);
  });

  it('asks again only once the 7-day postponement has passed', () => {
    const later = ratingAnswer('later', now);
    expect(later).toEqual({ ratingPostponedUntil: '2026-05-17T12:00:00.000Z' });
    expect(shouldAskRating({ ...store, flags: later, now: new Date('2026-05-17T11:59:59Z') })).toBe(false);
    expect(shouldAskRating({ ...store, flags: later, now: new Date('2026-05-17T12:00:00Z') })).toBe(true);
    expect(ratingAnswer(4, now)).toEqual({ rated: true, stars: 4 });
  });

  it('offers organizer mode only to users created before 3 Oct 2017', () => {
    expect(hasOrganizerMode(new Date('2017-10-02T23:59:59Z'))).toBe(true);
    expect(hasOrganizerMode(new Date('2017-10-03T00:00:00Z'))).toBe(false);
  });
});
