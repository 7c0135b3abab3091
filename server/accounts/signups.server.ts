import { and, count, eq, ilike, notExists, or, sql } from 'drizzle-orm';
import { z } from 'zod';
import { getT, normalizeLanguage, type Language } from '../../core/i18n/index.ts';
import { TUTORIAL_VIDEOS } from '../../core/rules/index.ts';
import type { Db } from '../../db/client.ts';
import { listOrder } from '../../db/list-sort.ts';
import { containsPattern } from '../../db/owned.ts';
import { leads, users, waitingList } from '../../db/schema.ts';
import type { Mailer } from '../mail/index.ts';
import { hmacSha256, safeEqual, type Logger } from '../platform/index.ts';
import { normalizeEmail } from './auth.server.ts';

/*
 * People who left their address before having an account (SPEC §7): the waiting list of a store platform not yet
 * connected (POST api/v1/waitingusers: email, platform) and the leads of marketing pages (POST api/v2/users/leads:
 * email, segment_id). Leaving it twice keeps one row. Staff read them (GET waitingusers, unregisteredusers: page,
 * limit, filter → data, total, count) and download the leads that never registered as CSV.
 */

const Email = z
  .string()
  .trim()
  .max(254)
  .email('Please enter a valid email address')
  .transform((e) => normalizeEmail(e));

export const WaitingUserInput = z.object({
  email: Email,
  /** The store platform they wait for (a name such as 'wix'); empty when they did not say. */
  platform: z
    .string()
    .trim()
    .max(60)
    .regex(/^[\w .-]*$/, 'Letters, digits, spaces, dots and dashes only')
    .default('')
    .transform((p) => p.toLowerCase()),
  /** The language of the page they left it on: the confirmation mail's. */
  language: z.enum(['en', 'fr']).optional(),
});
export const LeadInput = z.object({
  email: Email,
  /** The marketing segment the page that asked belongs to. */
  segment_id: z
    .union([z.string().trim().max(100), z.number().int().nonnegative()])
    .default('')
    .transform((s) => String(s)),
  language: z.enum(['en', 'fr']).optional(),
});

/** The lead segment of /e-commerce-courses: its confirmation mail lists the lessons. */
export const COURSES_SEGMENT = 'courses';

/** What confirmation mails need: the mailer, the public address, and the secret that signs unsubscribe links. */
export type SignupMail = { mailer: Mailer; appUrl: string; appSecret: string; logger: Logger };

const unsubscribeSignature = (secret: string, email: string) =>
  hmacSha256(secret, `unsubscribe:${email}`).slice(0, 32);

/** A link that removes an address from the waiting list and the leads, signed so no one else can. */
export function unsubscribeToken(secret: string, email: string): string {
  return `${Buffer.from(email).toString('base64url')}.${unsubscribeSignature(secret, email)}`;
}

/** The address an unsubscribe token was made for, or null for a token we did not sign. */
export function readUnsubscribeToken(secret: string, token: string): string | null {
  const [encoded, signature] = token.split('.');
  if (!encoded || !signature) return null;
  const email = Buffer.from(encoded, 'base64url').toString('utf8');
  return safeEqual(signature, unsubscribeSignature(secret, email)) ? email : null;
}

/** Remove an address from the waiting list and the leads (the unsubscribe link). Returns the rows removed. */
export async function unsubscribe(opts: { db: Db; email: string }): Promise<number> {
  const w = await opts.db.delete(waitingList).where(eq(waitingList.email, opts.email)).returning();
  const l = await opts.db.delete(leads).where(eq(leads.email, opts.email)).returning();
  return w.length + l.length;
}

/** The confirmation of a new row: what they signed up for, and the link that removes the address. */
export function signupMail(opts: {
  appUrl: string;
  appSecret: string;
  email: string;
  language: Language;
  what: { kind: 'waitlist'; platform: string } | { kind: 'lead'; segment: string };
}) {
  const t = getT(opts.language, 'site');
  const unsubscribeUrl = `${opts.appUrl}/unsubscribe?lng=${opts.language}&token=${unsubscribeToken(opts.appSecret, opts.email)}`;
  let subject: string;
  let body: string;
  if (opts.what.kind === 'waitlist') {
    subject = t('mail.waitlistSubject');
    body = opts.what.platform
      ? t('mail.waitlistBody', { platform: opts.what.platform.replace(/\b\w/g, (c) => c.toUpperCase()) })
      : t('mail.waitlistBodyAny');
  } else if (opts.what.segment === COURSES_SEGMENT) {
    const te = getT(opts.language, 'editor');
    subject = t('mail.coursesSubject');
    body = [
      t('mail.coursesBody'),
      '',
      ...TUTORIAL_VIDEOS.map(
        (id, i) =>
          `${i + 1}. ${te(`assist.tutorial.${id}`)}\n   ${opts.appUrl}/help/${id}?lng=${opts.language}`,
      ),
    ].join('\n');
  } else {
    subject = t('mail.leadSubject');
    body = t('mail.leadBody', { url: opts.language === 'fr' ? `${opts.appUrl}/fr` : `${opts.appUrl}/` });
  }
  return {
    to: opts.email,
    subject,
    text: `${t('mail.hello')}\n\n${body}\n\n${t('mail.unsubscribe')}\n${unsubscribeUrl}\n`,
    list: { unsubscribe: unsubscribeUrl },
  };
}

async function sendSignupMail(mail: SignupMail, message: ReturnType<typeof signupMail>) {
  // The address is saved either way; a mail server down must not lose it.
  await mail.mailer
    .send(message)
    .catch((err) => mail.logger.error({ err }, 'signup confirmation mail failed'));
}

/**
 * Join the waiting list. A new address gets a confirmation mail with its unsubscribe link; the same address
 * and platform again keeps the one row and sends nothing more.
 */
export async function joinWaitingList(opts: {
  db: Db;
  input: z.output<typeof WaitingUserInput>;
  mail?: SignupMail;
}) {
  const [known] = await opts.db
    .select({ id: waitingList.id })
    .from(waitingList)
    .where(and(eq(waitingList.email, opts.input.email), eq(waitingList.platform, opts.input.platform)));
  const [row] = await opts.db
    .insert(waitingList)
    .values({ email: opts.input.email, platform: opts.input.platform })
    .onConflictDoUpdate({
      target: [waitingList.email, waitingList.platform],
      set: { email: sql`excluded.email` },
    })
    .returning();
  if (!known && opts.mail)
    await sendSignupMail(
      opts.mail,
      signupMail({
        ...opts.mail,
        email: row!.email,
        language: normalizeLanguage(opts.input.language),
        what: { kind: 'waitlist', platform: row!.platform },
      }),
    );
  return {
    _id: row!.id,
    email: row!.email,
    platform: row!.platform,
    created_at: row!.createdAt.toISOString(),
  };
}

/** Leave an address on a marketing page; a new one is confirmed by mail like the waiting list. */
export async function addLead(opts: { db: Db; input: z.output<typeof LeadInput>; mail?: SignupMail }) {
  const [known] = await opts.db
    .select({ id: leads.id })
    .from(leads)
    .where(and(eq(leads.email, opts.input.email), eq(leads.segmentId, opts.input.segment_id)));
  const [row] = await opts.db
    .insert(leads)
    .values({ email: opts.input.email, segmentId: opts.input.segment_id })
    .onConflictDoUpdate({ target: [leads.email, leads.segmentId], set: { email: sql`excluded.email` } })
    .returning();
  if (!known && opts.mail)
    await sendSignupMail(
      opts.mail,
      signupMail({
        ...opts.mail,
        email: row!.email,
        language: normalizeLanguage(opts.input.language),
        what: { kind: 'lead', segment: row!.segmentId },
      }),
    );
  return {
    _id: row!.id,
    email: row!.email,
    segment_id: row!.segmentId,
    created_at: row!.createdAt.toISOString(),
  };
}

export type ListQuery = { page: number; limit: number; filter?: string; sort?: string };

export const WAITING_SORTS = {
  email: waitingList.email,
  platform: waitingList.platform,
  created_at: waitingList.createdAt,
};

/** The waiting list (staff), newest first; `registered` says whether the address has an account by now. */
export async function listWaitingUsers(opts: { db: Db } & ListQuery) {
  const where = opts.filter
    ? or(
        ilike(waitingList.email, containsPattern(opts.filter)),
        ilike(waitingList.platform, containsPattern(opts.filter)),
      )
    : undefined;
  const [{ total }] = (await opts.db.select({ total: count() }).from(waitingList).where(where)) as [
    { total: number },
  ];
  const rows = await opts.db
    .select({ row: waitingList, userId: users.id })
    .from(waitingList)
    .leftJoin(users, eq(users.email, waitingList.email))
    .where(where)
    .orderBy(...listOrder(opts.sort, WAITING_SORTS, '-created_at'), waitingList.id)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const data = rows.map(({ row, userId }) => ({
    _id: row.id,
    email: row.email,
    platform: row.platform,
    created_at: row.createdAt.toISOString(),
    registered: userId !== null,
  }));
  return { data, total: Number(total), count: data.length };
}

export const UNREGISTERED_SORTS = {
  email: leads.email,
  segment_id: leads.segmentId,
  created_at: leads.createdAt,
};

const unregistered = (filter?: string) =>
  and(
    notExists(sql`(select 1 from ${users} where ${users.email} = ${leads.email})`),
    filter
      ? or(ilike(leads.email, containsPattern(filter)), ilike(leads.segmentId, containsPattern(filter)))
      : undefined,
  );

/** Leads whose address has no account (SPEC §2.1 /admin/unregistereduser), newest first. */
export async function listUnregisteredUsers(opts: { db: Db } & ListQuery) {
  const where = unregistered(opts.filter);
  const [{ total }] = (await opts.db.select({ total: count() }).from(leads).where(where)) as [
    { total: number },
  ];
  const rows = await opts.db
    .select()
    .from(leads)
    .where(where)
    .orderBy(...listOrder(opts.sort, UNREGISTERED_SORTS, '-created_at'), leads.id)
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const data = rows.map((r) => ({
    _id: r.id,
    email: r.email,
    segment_id: r.segmentId,
    created_at: r.createdAt.toISOString(),
  }));
  return { data, total: Number(total), count: data.length };
}

/** Every lead without an account, oldest first, as CSV rows (GET api/v1/download-unregistered-users). */
export async function unregisteredUserRows(opts: { db: Db }): Promise<string[][]> {
  const rows = await opts.db.select().from(leads).where(unregistered()).orderBy(leads.createdAt, leads.id);
  return rows.map((r) => [r.email, r.segmentId, r.createdAt.toISOString()]);
}
