import { and, desc, eq, inArray, sql } from 'drizzle-orm';
import { SESSION_GAP_MS, SESSION_HEARTBEAT_MS } from '../../core/constants.ts';
import type { Db } from '../../db/client.ts';
import { recordedSessions } from '../../db/schema.ts';

/*
 * Time spent in the app (SPEC §3 User recorded_sessions[{start_time, end_time}]; staff read minimum, maximum and
 * total durations). The app's pages call GET api/v1/users/me/recorded_sessions when they open and every minute
 * while shown: a call within SESSION_GAP_MS of the last one stretches that session to now, a later one starts a
 * new session.
 */

export { SESSION_GAP_MS, SESSION_HEARTBEAT_MS };

export type RecordedSession = { start_time: string; end_time: string | null };

/** Count the user as present now, and answer their latest sessions, newest first. */
export async function recordSessionActivity(opts: {
  db: Db;
  userId: string;
  now?: Date;
}): Promise<RecordedSession[]> {
  const now = opts.now ?? new Date();
  await opts.db.transaction(async (tx) => {
    const [last] = await tx
      .select()
      .from(recordedSessions)
      .where(eq(recordedSessions.userId, opts.userId))
      .orderBy(desc(recordedSessions.startTime))
      .limit(1)
      .for('update');
    const lastSeen = last ? (last.endTime ?? last.startTime).getTime() : null;
    if (
      last &&
      lastSeen !== null &&
      now.getTime() - lastSeen <= SESSION_GAP_MS &&
      now.getTime() >= lastSeen
    ) {
      await tx.update(recordedSessions).set({ endTime: now }).where(eq(recordedSessions.id, last.id));
    } else if (!last || lastSeen === null || now.getTime() > lastSeen) {
      await tx.insert(recordedSessions).values({ userId: opts.userId, startTime: now, endTime: now });
    }
  });
  const rows = await opts.db
    .select()
    .from(recordedSessions)
    .where(eq(recordedSessions.userId, opts.userId))
    .orderBy(desc(recordedSessions.startTime))
    .limit(50);
  return rows.map((r) => ({
    start_time: r.startTime.toISOString(),
    end_time: r.endTime?.toISOString() ?? null,
  }));
}

export type SessionStats = { count: number; minSeconds: number; maxSeconds: number; totalSeconds: number };

/** Each user's number of sessions and their shortest, longest and total durations, in seconds. */
export async function sessionStats(opts: {
  db: Db;
  userIds: readonly string[];
}): Promise<Map<string, SessionStats>> {
  if (opts.userIds.length === 0) return new Map();
  const seconds = sql<number>`extract(epoch from (coalesce(${recordedSessions.endTime}, ${recordedSessions.startTime}) - ${recordedSessions.startTime}))`;
  const rows = await opts.db
    .select({
      userId: recordedSessions.userId,
      count: sql<number>`count(*)::int`,
      min: sql<number>`min(${seconds})`,
      max: sql<number>`max(${seconds})`,
      total: sql<number>`sum(${seconds})`,
    })
    .from(recordedSessions)
    .where(and(inArray(recordedSessions.userId, [...opts.userIds])))
    .groupBy(recordedSessions.userId);
  return new Map(
    rows.map((r) => [
      r.userId,
      {
        count: Number(r.count),
        minSeconds: Math.round(Number(r.min)),
        maxSeconds: Math.round(Number(r.max)),
        totalSeconds: Math.round(Number(r.total)),
      },
    ]),
  );
}
