import type { PlanTier } from '../billing/index.ts';
import { PageLayoutSchema, type LayoutType, type PageLayout } from '../model/index.ts';
import type { Box } from './cell-geometry.ts';

/*
 * The layout library as merchants and staff read it (SPEC §2.3, §6): the groups of the layout manager, the order
 * a picker lists layouts in, who may use a layout (public, availability), and the two texts the layout editor
 * reads (the JSON editor's text, pasted cell coordinates, SPEC §5).
 */

/** SPEC §2.3's groups, in the order the manager shows them. */
export const LAYOUT_GROUPS = [
  'frontCovers',
  'backCovers',
  'descriptionPages',
  'productPages',
  'custom',
] as const;
export type LayoutGroup = (typeof LAYOUT_GROUPS)[number];

const GROUP_OF: Record<LayoutType, LayoutGroup> = {
  'front cover': 'frontCovers',
  'back cover': 'backCovers',
  products: 'productPages',
  images: 'productPages',
  table: 'productPages',
  'wholesale-contract': 'descriptionPages',
  'wholesale-order-form': 'descriptionPages',
  'table-of-contents': 'descriptionPages',
  summary: 'descriptionPages',
  'full-text': 'descriptionPages',
  profile: 'descriptionPages',
  custom: 'custom',
};

/** The group a layout type is shown in: covers, pages of words (contracts, forms, lists), product pages, custom. */
export const layoutGroup = (type: LayoutType): LayoutGroup => GROUP_OF[type];

/** Within a group, the types in the order a merchant builds a catalog (products before pictures, and so on). */
const TYPE_ORDER: LayoutType[] = [
  'front cover',
  'products',
  'images',
  'table',
  'profile',
  'full-text',
  'table-of-contents',
  'summary',
  'wholesale-contract',
  'wholesale-order-form',
  'custom',
  'back cover',
];

type Sortable = Pick<PageLayout, 'type' | 'title' | 'nbProductsPage'> & {
  _id?: string | null;
  ordering?: number | null;
};

/** How many things a layout holds, read from its title when it does not say (the "12 per page" of old titles). */
function countOf(layout: Sortable): number {
  if (layout.nbProductsPage != null) return layout.nbProductsPage;
  const m = /^\s*(\d+)/.exec(layout.title);
  return m ? Number(m[1]) : Number.POSITIVE_INFINITY;
}

const collator = new Intl.Collator('en', { numeric: true, sensitivity: 'base' });

/**
 * Layouts in the order a merchant reads them: by group (SPEC §2.3), then type, then the order staff gave, then
 * how many products they hold (2 before 12, never '12 per page' before '2'), then title with numbers compared
 * as numbers.
 */
export function sortLayouts<T extends Sortable>(layouts: readonly T[]): T[] {
  const group = (l: T) => LAYOUT_GROUPS.indexOf(layoutGroup(l.type));
  return [...layouts].sort(
    (a, b) =>
      group(a) - group(b) ||
      TYPE_ORDER.indexOf(a.type) - TYPE_ORDER.indexOf(b.type) ||
      (a.ordering ?? 100) - (b.ordering ?? 100) ||
      countOf(a) - countOf(b) ||
      collator.compare(a.title, b.title) ||
      collator.compare(a._id ?? '', b._id ?? ''),
  );
}

/** Layouts sorted and split into SPEC §2.3's groups, empty groups left out. */
export function groupLayouts<T extends Sortable>(
  layouts: readonly T[],
): { group: LayoutGroup; layouts: T[] }[] {
  const sorted = sortLayouts(layouts);
  return LAYOUT_GROUPS.map((group) => ({
    group,
    layouts: sorted.filter((l) => layoutGroup(l.type) === group),
  })).filter((g) => g.layouts.length > 0);
}

export type LayoutAvailability = PageLayout['availability'];
export const LAYOUT_AVAILABILITIES: readonly LayoutAvailability[] = ['all', 'paid', 'essential', 'custom'];

/** What decides which layouts of the library a user may use. */
export type LayoutViewer = {
  tier: PlanTier | null;
  isTrial: boolean;
  hasExpired: boolean;
  isStaff: boolean;
  /** Who bills the subscription: a `custom` one is a plan made for this merchant (SPEC §6: flagged). */
  provider: string | null;
};

/**
 * Whether a library layout is offered to a user (SPEC §6 'availability'): everyone, paying accounts, the
 * Essential plan, or custom subscriptions (the Custom plan or a subscription of type custom). Staff see all.
 */
export function layoutAvailableTo(availability: LayoutAvailability, viewer: LayoutViewer): boolean {
  if (viewer.isStaff || availability === 'all') return true;
  const paying = !viewer.isTrial && !viewer.hasExpired;
  if (availability === 'paid') return paying;
  if (availability === 'essential') return paying && viewer.tier === 'essential';
  return paying && (viewer.tier === 'custom' || viewer.provider === 'custom');
}

/** A subscription made for one merchant (SPEC §6: 'A custom subscription type is flagged in layout screens'). */
export const hasCustomSubscription = (viewer: Pick<LayoutViewer, 'tier' | 'provider'>): boolean =>
  viewer.tier === 'custom' || viewer.provider === 'custom';

/**
 * The i18n key (namespace `layouts`) of a built-in layout's name, so it reads in the merchant's language; null
 * for layouts someone named.
 */
export function layoutTitleKey(layout: { _id?: string | null }): string | null {
  return layout._id && layout._id.startsWith('default-') ? `titles.${layout._id}` : null;
}

export type LayoutTextResult =
  | { ok: true; layout: PageLayout }
  | { ok: false; problem: 'json'; message: string }
  | { ok: false; problem: 'layout'; message: string; path: string };

/**
 * The layout JSON editor's text (SPEC §5 'marks the text as well formed or not'): not JSON at all, JSON that is
 * not a layout (the first problem and where), or the layout it describes with every default filled in.
 */
export function readLayoutText(text: string): LayoutTextResult {
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (err) {
    return { ok: false, problem: 'json', message: (err as Error).message };
  }
  const parsed = PageLayoutSchema.safeParse(raw);
  if (parsed.success) return { ok: true, layout: parsed.data };
  const issue = parsed.error.issues[0]!;
  return { ok: false, problem: 'layout', message: issue.message, path: issue.path.join('.') };
}

/** The text the JSON editor shows for a layout. */
export const layoutText = (layout: PageLayout): string => JSON.stringify(layout, null, 2);

/**
 * Cell coordinates pasted from the clipboard (SPEC §5: 'works only with exactly four space-separated numbers
 * (x, y, width, height)'), as fractions of the page: anything else, a number outside 0-1, a zero size or a cell
 * running off the page is null.
 */
export function readCellCoordinates(text: string): Box | null {
  const parts = text.trim().split(/ +/);
  if (parts.length !== 4 || parts.some((p) => !/^-?(\d+\.?\d*|\.\d+)(e-?\d+)?$/i.test(p))) return null;
  const [x, y, width, height] = parts.map(Number) as [number, number, number, number];
  const inside = [x, y, width, height].every((v) => Number.isFinite(v) && v >= 0 && v <= 1);
  if (!inside || width <= 0 || height <= 0 || x + width > 1 + 1e-9 || y + height > 1 + 1e-9) return null;
  return { x, y, width, height };
}

/** A cell's coordinates as the clipboard carries them: the four numbers, space-separated. */
export const cellCoordinatesText = (box: Box): string =>
  [box.x, box.y, box.width, box.height].map((v) => String(Math.round(v * 1e6) / 1e6)).join(' ');
