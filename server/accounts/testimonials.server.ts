import { and, count, desc, eq, ilike, or } from 'drizzle-orm';
import { z } from 'zod';
import { htmlToText } from '../../core/sanitize/index.ts';
import type { Db } from '../../db/client.ts';
import { listOrder } from '../../db/list-sort.ts';
import { containsPattern, isUuid } from '../../db/owned.ts';
import { testimonials, users } from '../../db/schema.ts';
import { notFound } from '../platform/index.ts';
import type { ListQuery } from './signups.server.ts';

/*
 * Testimonials (issue 27: collected, never invented). A merchant writes one from the dashboard (the text, the name
 * shown under it, the business, the language of the page it is for); staff approve or reject it in /admin/
 * testimonials; /testimonials shows the approved ones of its language. A merchant reads and withdraws only their
 * own; what they wrote is kept as plain text (markup and control characters removed) and drawn as text.
 */

export const TESTIMONIAL_TEXT_MAX = 1000;
export const TESTIMONIAL_NAME_MAX = 80;
export const TESTIMONIAL_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type TestimonialStatus = (typeof TESTIMONIAL_STATUSES)[number];

/** Plain text: tags dropped, control characters gone, spaces collapsed. */
const plain = (s: string) =>
  htmlToText(s.replace(/</g, ' <'))
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f]/g, '')
    .replace(/\s+/g, ' ')
    .trim();

const PlainText = (max: number, empty: string) =>
  z
    .string()
    .max(max * 4, `At most ${max} characters`)
    .transform(plain)
    .pipe(z.string().min(1, empty).max(max, `At most ${max} characters`));

export const TestimonialInput = z
  .object({
    text: PlainText(TESTIMONIAL_TEXT_MAX, 'Write a few words about Catalog Builder'),
    name: PlainText(TESTIMONIAL_NAME_MAX, 'Give the name to show under it'),
    business: z
      .string()
      .max(TESTIMONIAL_NAME_MAX * 4, `At most ${TESTIMONIAL_NAME_MAX} characters`)
      .transform(plain)
      .pipe(z.string().max(TESTIMONIAL_NAME_MAX, `At most ${TESTIMONIAL_NAME_MAX} characters`))
      .default(''),
    /** The language it is written in: the /testimonials page (English or French) it appears on. */
    language: z.enum(['en', 'fr']),
  })
  .strict();

export const TestimonialReview = z.object({ status: z.enum(['approved', 'rejected']) }).strict();

const NOT_FOUND = 'This testimonial does not exist.';

type Row = typeof testimonials.$inferSelect;
const view = (row: Row) => ({
  _id: row.id,
  text: row.text,
  name: row.name,
  business: row.business,
  language: row.language as 'en' | 'fr',
  status: row.status as TestimonialStatus,
  created_at: row.createdAt.toISOString(),
  reviewed_at: row.reviewedAt?.toISOString() ?? null,
});
export type TestimonialView = ReturnType<typeof view>;

/** A merchant's new testimonial, waiting for staff. */
export async function submitTestimonial(opts: {
  db: Db;
  ownerId: string;
  input: z.output<typeof TestimonialInput>;
}): Promise<TestimonialView> {
  const [row] = await opts.db
    .insert(testimonials)
    .values({ ownerId: opts.ownerId, ...opts.input })
    .returning();
  return view(row!);
}

/** What this merchant wrote, newest first, with where each stands. */
export async function listOwnTestimonials(opts: { db: Db; ownerId: string }): Promise<TestimonialView[]> {
  const rows = await opts.db
    .select()
    .from(testimonials)
    .where(eq(testimonials.ownerId, opts.ownerId))
    .orderBy(desc(testimonials.createdAt), testimonials.id);
  return rows.map(view);
}

/** Withdraw one of this merchant's testimonials (another merchant's id is not found). */
export async function withdrawTestimonial(opts: { db: Db; ownerId: string; id: string }): Promise<void> {
  if (!isUuid(opts.id)) throw notFound(NOT_FOUND);
  const gone = await opts.db
    .delete(testimonials)
    .where(and(eq(testimonials.id, opts.id), eq(testimonials.ownerId, opts.ownerId)))
    .returning({ id: testimonials.id });
  if (!gone.length) throw notFound(NOT_FOUND);
}

/** Staff: approve or reject a testimonial (approving one rejected before is allowed, and the reverse). */
export async function reviewTestimonial(opts: {
  db: Db;
  id: string;
  status: 'approved' | 'rejected';
}): Promise<TestimonialView> {
  if (!isUuid(opts.id)) throw notFound(NOT_FOUND);
  const [row] = await opts.db
    .update(testimonials)
    .set({ status: opts.status, reviewedAt: new Date() })
    .where(eq(testimonials.id, opts.id))
    .returning();
  if (!row) throw notFound(NOT_FOUND);
  return view(row);
}

/** The approved testimonials of one language, newest first (the public /testimonials page). */
export async function approvedTestimonials(opts: { db: Db; language: 'en' | 'fr'; limit?: number }) {
  const rows = await opts.db
    .select()
    .from(testimonials)
    .where(and(eq(testimonials.status, 'approved'), eq(testimonials.language, opts.language)))
    .orderBy(desc(testimonials.reviewedAt), testimonials.id)
    .limit(opts.limit ?? 60);
  return rows.map((r) => ({ _id: r.id, text: r.text, name: r.name, business: r.business }));
}

export const TESTIMONIAL_SORTS = {
  status: testimonials.status,
  name: testimonials.name,
  language: testimonials.language,
  created_at: testimonials.createdAt,
};

/** Staff: every testimonial (page, limit, filter over text, name, business and the author's address, sort). */
export async function listTestimonials(opts: { db: Db } & ListQuery) {
  const where = opts.filter
    ? or(
        ilike(testimonials.text, containsPattern(opts.filter)),
        ilike(testimonials.name, containsPattern(opts.filter)),
        ilike(testimonials.business, containsPattern(opts.filter)),
        ilike(users.email, containsPattern(opts.filter)),
      )
    : undefined;
  const [{ total }] = (await opts.db
    .select({ total: count() })
    .from(testimonials)
    .innerJoin(users, eq(users.id, testimonials.ownerId))
    .where(where)) as [{ total: number }];
  const rows = await opts.db
    .select({ row: testimonials, email: users.email })
    .from(testimonials)
    .innerJoin(users, eq(users.id, testimonials.ownerId))
    .where(where)
    .orderBy(...listOrder(opts.sort, TESTIMONIAL_SORTS, '-created_at'), testimonials.id)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const data = rows.map(({ row, email }) => ({ ...view(row), email }));
  return { data, total: Number(total), count: data.length };
}
