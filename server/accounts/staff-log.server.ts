import { and, desc, eq, inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { staffActions } from '../../db/schema.ts';
import type { User } from './auth.server.ts';

/*
 * The record of what staff did (issue 26: who, what, when), listed on the row of the user or catalog it was done
 * to. Every staff write calls recordStaffAction after it succeeded; a failed action leaves no line.
 */

export const STAFF_ACTIONS = [
  'upgrade',
  'downgrade',
  'extend_trial',
  'feature',
  'unfeature',
  'add_template',
  'remove_template',
  'generate_pdf',
  'save_layout',
  'delete_layout',
  'save_template',
  'delete_template',
  'set_setting',
  'approve_testimonial',
  'reject_testimonial',
] as const;
export type StaffActionName = (typeof STAFF_ACTIONS)[number];
export type StaffSubject =
  'user' | 'catalog' | 'layout' | 'price_template' | 'description_template' | 'setting' | 'testimonial';

export type StaffActionView = {
  action: StaffActionName;
  by: string | null;
  at: string;
  details: Record<string, unknown>;
};

export async function recordStaffAction(opts: {
  db: Db;
  actor: Pick<User, 'id' | 'email'>;
  action: StaffActionName;
  subjectType: StaffSubject;
  subjectId: string;
  details?: Record<string, unknown>;
}): Promise<void> {
  await opts.db.insert(staffActions).values({
    actorId: opts.actor.id,
    actorEmail: opts.actor.email,
    action: opts.action,
    subjectType: opts.subjectType,
    subjectId: opts.subjectId,
    details: opts.details ?? {},
  });
}

/** The latest staff actions on each of the given subjects (at most `perSubject` each), newest first. */
export async function staffActionsFor(opts: {
  db: Db;
  subjectType: StaffSubject;
  subjectIds: readonly string[];
  perSubject?: number;
}): Promise<Map<string, StaffActionView[]>> {
  const found = new Map<string, StaffActionView[]>();
  if (opts.subjectIds.length === 0) return found;
  const rows = await opts.db
    .select()
    .from(staffActions)
    .where(
      and(
        eq(staffActions.subjectType, opts.subjectType),
        inArray(staffActions.subjectId, [...opts.subjectIds]),
      ),
    )
    .orderBy(desc(staffActions.createdAt));
  const limit = opts.perSubject ?? 10;
  for (const r of rows) {
    const list = found.get(r.subjectId) ?? [];
    if (list.length >= limit) continue;
    list.push({
      action: r.action as StaffActionName,
      by: r.actorEmail,
      at: r.createdAt.toISOString(),
      details: r.details as Record<string, unknown>,
    });
    found.set(r.subjectId, list);
  }
  return found;
}
