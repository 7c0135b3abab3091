import { and, desc, eq, gte, sql } from 'drizzle-orm';
import { z } from 'zod';
import type { Db } from '../../db/client.ts';
import { events } from '../../db/schema.ts';

/** Event types are short snake_case names (SPEC §7: editor_page_viewed...). */
const EventType = z.string().regex(/^[a-z][a-z0-9_]{1,62}$/, 'must be a snake_case event name');
const EventData = z
  .record(z.string().max(64), z.union([z.string().max(800), z.number(), z.boolean(), z.null()]))
  .refine((d) => Object.keys(d).length <= 20, 'at most 20 fields');

/** SPEC §7 POST api/v2/users/me/events: one event of the signed-in user. */
export const UserEventSchema = z.object({ type: EventType, data: EventData.optional().default({}) });

/** What a catalog's visitors report: the same shape, for the types the viewer sends. */
export const VIEWER_EVENT_TYPES = [
  'viewer_page_viewed',
  'viewer_time_on_page',
  'viewer_product_clicked',
] as const;
export const ViewerEventsSchema = z.object({
  events: z
    .array(
      z.object({
        type: z.enum(VIEWER_EVENT_TYPES),
        data: z
          .object({
            page: z.number().int().min(1).max(100_000).optional(),
            seconds: z.number().min(0).max(3600).optional(),
            product_id: z.string().max(800).optional(),
          })
          .strict()
          .optional()
          .default({}),
      }),
    )
    .min(1)
    .max(50),
});

export async function recordUserEvent(opts: {
  db: Db;
  userId: string;
  event: z.output<typeof UserEventSchema>;
}): Promise<{ _id: string; type: string; created_at: string }> {
  const [row] = await opts.db
    .insert(events)
    .values({ userId: opts.userId, type: opts.event.type, data: opts.event.data })
    .returning();
  return { _id: row!.id, type: row!.type, created_at: row!.createdAt.toISOString() };
}

/** SPEC §7 GET api/v2/users/me/events: the user's latest events, optionally of one type. */
export async function listUserEvents(opts: { db: Db; userId: string; type?: string; limit: number }) {
  const rows = await opts.db
    .select()
    .from(events)
    .where(and(eq(events.userId, opts.userId), opts.type ? eq(events.type, opts.type) : undefined))
    .orderBy(desc(events.createdAt))
    .limit(opts.limit);
  const data = rows.map((r) => ({
    _id: r.id,
    type: r.type,
    data: r.data,
    created_at: r.createdAt.toISOString(),
  }));
  return { data, total: data.length, count: data.length };
}

/** A catalog's visitor events, kept under the owner with the catalog's id (the owner's summary reads them). */
export async function recordViewerEvents(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
  input: z.output<typeof ViewerEventsSchema>;
}): Promise<void> {
  await opts.db.insert(events).values(
    opts.input.events.map((e) => ({
      userId: opts.ownerId,
      type: e.type,
      data: { ...e.data, catalogId: opts.catalogId },
    })),
  );
}

/** The owner's figures for one catalog over the last `days` days: views, product clicks, time on a page. */
export async function summarizeViewerEvents(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
  days?: number;
}) {
  const since = new Date(Date.now() - (opts.days ?? 30) * 86_400_000);
  const rows = await opts.db
    .select({
      type: events.type,
      n: sql<number>`count(*)`,
      seconds: sql<number | null>`avg(((${events.data}->>'seconds'))::float)`,
    })
    .from(events)
    .where(
      and(
        eq(events.userId, opts.ownerId),
        gte(events.createdAt, since),
        sql`${events.data}->>'catalogId' = ${opts.catalogId}`,
        sql`${events.type} like 'viewer_%'`,
      ),
    )
    .groupBy(events.type);
  const of = (t: string) => rows.find((r) => r.type === t);
  return {
    days: opts.days ?? 30,
    page_views: Number(of('viewer_page_viewed')?.n ?? 0),
    product_clicks: Number(of('viewer_product_clicked')?.n ?? 0),
    average_seconds_on_page: Math.round(Number(of('viewer_time_on_page')?.seconds ?? 0)),
  };
}
