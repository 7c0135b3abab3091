import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { normalizeEmail } from './auth.server.ts';
import { rateLimited, hashToken } from '../platform/index.ts';

/** Limits for the sensitive forms (DESIGN §10): attempts per window per client address, or per account. */
export const RATE_LIMITS = {
  login: { max: 10, windowSeconds: 15 * 60 },
  /**
   * Failed logins per account, from any number of addresses. A fixed window of 15 minutes: someone failing on
   * purpose locks the owner out until the window ends (Retry-After says when), never longer, and must keep
   * failing, at most 10 tries per address (`login`), to lock the next window too.
   */
  loginAccount: { max: 10, windowSeconds: 15 * 60 },
  register: { max: 10, windowSeconds: 60 * 60 },
  forgot: { max: 5, windowSeconds: 60 * 60 },
  reset: { max: 10, windowSeconds: 60 * 60 },
  /** Submissions of the first-admin link's form (a wrong password for an existing account keeps the link). */
  adminSetup: { max: 10, windowSeconds: 60 * 60 },
  /** Orders sent per client address. */
  order: { max: 20, windowSeconds: 60 * 60 },
  /**
   * Orders sent to one catalog, from any number of addresses: a flood cannot bury a merchant in unconfirmed
   * orders, and it lasts 15 minutes at most.
   */
  orderCatalog: { max: 30, windowSeconds: 15 * 60 },
  /** Confirmation mails to one buyer address (the hash of the normalised email), so nobody is mail-bombed. */
  orderEmail: { max: 5, windowSeconds: 60 * 60 },
  /** Catalog password attempts per address and catalog (the viewer's password form). */
  catalogPassword: { max: 20, windowSeconds: 15 * 60 },
  /** Wrong passwords for one catalog from any number of addresses (counted on failures only). */
  catalogPasswordCatalog: { max: 50, windowSeconds: 15 * 60 },
  /** DNS checks of merchants' own hosts per account. */
  customHostCheck: { max: 30, windowSeconds: 60 * 60 },
  /** Waiting-list signups and marketing leads per address (public forms of the marketing pages). */
  signup: { max: 20, windowSeconds: 60 * 60 },
  /** Viewer analytics events per address (page views, time on page, product clicks). */
  viewerEvents: { max: 600, windowSeconds: 60 * 60 },
} as const;
export type RateLimitName = keyof typeof RATE_LIMITS;

/**
 * Count one attempt in a fixed window kept in the database (so every app process shares it) and throw a 429
 * ApiError past the limit.
 */
export async function hitRateLimit(opts: { db: Db; name: RateLimitName; subject: string }): Promise<void> {
  const { max, windowSeconds } = RATE_LIMITS[opts.name];
  const key = `${opts.name}:${opts.subject}`;
  const rows = await opts.db.execute<{ count: number; window_start: string }>(sql`
    insert into rate_limits (key, window_start, count) values (${key}, now(), 1)
    on conflict (key) do update set
      count = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then 1 else rate_limits.count + 1 end,
      window_start = case when rate_limits.window_start < now() - make_interval(secs => ${windowSeconds}) then now() else rate_limits.window_start end
    returning count, window_start`);
  const row = (rows as unknown as { rows: { count: number; window_start: string }[] }).rows[0];
  if (row && Number(row.count) > max) {
    const started = new Date(row.window_start).getTime();
    const retry = Math.max(1, Math.ceil((started + windowSeconds * 1000 - Date.now()) / 1000));
    throw rateLimited(retry);
  }
}

/**
 * Refuse with 429 when the window of `subject` is already past its limit, without counting an attempt: for
 * limits that count failures only (a merchant signing in many times from one office is not an attack).
 */
export async function assertUnderRateLimit(opts: {
  db: Db;
  name: RateLimitName;
  subject: string;
}): Promise<void> {
  const { max, windowSeconds } = RATE_LIMITS[opts.name];
  const rows = await opts.db.execute<{ count: number; window_start: string }>(sql`
    select count, window_start from rate_limits
    where key = ${`${opts.name}:${opts.subject}`}
      and window_start >= now() - make_interval(secs => ${windowSeconds})`);
  const row = (rows as unknown as { rows: { count: number; window_start: string }[] }).rows[0];
  if (row && Number(row.count) >= max) {
    const started = new Date(row.window_start).getTime();
    throw rateLimited(Math.max(1, Math.ceil((started + windowSeconds * 1000 - Date.now()) / 1000)));
  }
}

/**
 * The subject of an account's limits: the normalised email, hashed, whether or not an account has it (the
 * answers do not tell which emails are registered) and so the table holds no addresses.
 */
export const accountSubject = (email: string) => hashToken(normalizeEmail(email));

/** Housekeeping: drop windows that ended (the longest window is an hour; a day leaves a wide margin). */
export async function purgeRateLimits(opts: { db: Db }): Promise<void> {
  await opts.db.execute(sql`delete from rate_limits where window_start < now() - interval '1 day'`);
}
