import { LISTING_TITLE_MAX_CHARS } from '../constants.ts';

/**
 * Titles in lists are cut to 30 characters (SPEC §5 'Product title is truncated to 30 chars in lists'),
 * counted in characters as people see them, so an accent or an emoji is never split in half.
 */
export function truncateTitle(title: string, max: number = LISTING_TITLE_MAX_CHARS): string {
  const chars = Array.from(title.trim());
  return chars.length > max ? `${chars.slice(0, max).join('').trimEnd()}…` : chars.join('');
}
