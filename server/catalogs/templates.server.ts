import { and, asc, count, desc, eq, ilike, isNull, or, type SQL } from 'drizzle-orm';
import { z } from 'zod';
import { ReplacementSchema } from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { containsPattern } from '../../db/owned.ts';
import { descriptionTemplates, priceTemplates } from '../../db/schema.ts';
import { hasRole, recordStaffAction, type User } from '../accounts/index.ts';
import { forbidden, notFound } from '../platform/index.ts';

/*
 * Price (caption) and description templates (SPEC §3 Templates, §4, §6, §7 'Templates and layouts'): the
 * product's library (no owner), which staff keep with their order, and each merchant's own. A merchant lists
 * their own and the library's public templates; only the owner updates or deletes a template (staff the
 * library's), anyone else saves a copy (403 says so); another merchant's private template is a 404. New price
 * templates are ordered 100, public and owned by the user (SPEC §3).
 */

export const TEMPLATE_KINDS = ['price', 'description'] as const;
export type TemplateKind = (typeof TEMPLATE_KINDS)[number];

/** What a template list may be sorted by ('-' first for descending); the default is staff's order. */
export const TEMPLATE_SORTS = ['ordering', 'title', 'updated_at'] as const;

export const TEMPLATE_MESSAGES = {
  notFound: 'Template not found.',
  notOwner: 'Only the owner may change this template. Save a copy instead.',
} as const;

const common = {
  title: z.string().trim().min(1).max(200),
  html: z.string().max(100_000).default(''),
  public: z.boolean().default(true),
  ordering: z.number().int().min(-100_000).max(100_000).default(100),
};
export const DescriptionTemplateInput = z.object(common).strict();
export const PriceTemplateInput = z
  .object({
    ...common,
    replacements: z.array(ReplacementSchema).max(200).default([]),
    options: z.record(z.string(), z.unknown()).default({}),
  })
  .strict();
export type TemplateInput = z.output<typeof PriceTemplateInput> | z.output<typeof DescriptionTemplateInput>;

const tables = { price: priceTemplates, description: descriptionTemplates } as const;
type Row = typeof priceTemplates.$inferSelect | typeof descriptionTemplates.$inferSelect;

export type TemplateView = {
  _id: string;
  title: string;
  html: string;
  owner: string | null;
  public: boolean;
  ordering: number;
  replacements?: z.output<typeof ReplacementSchema>[];
  options?: Record<string, unknown>;
  isOwner: boolean;
  library: boolean;
  created_at: string;
  updated_at: string;
};

function toView(kind: TemplateKind, row: Row, user: Pick<User, 'id' | 'roles'>): TemplateView {
  const library = row.ownerId === null;
  return {
    _id: row.id,
    title: row.title,
    html: row.html,
    owner: row.ownerId,
    public: row.public,
    ordering: row.ordering,
    ...(kind === 'price'
      ? {
          replacements: (row as typeof priceTemplates.$inferSelect).replacements as z.output<
            typeof ReplacementSchema
          >[],
          options: (row as typeof priceTemplates.$inferSelect).options as Record<string, unknown>,
        }
      : {}),
    isOwner: library ? hasRole(user, 'admin') : row.ownerId === user.id,
    library,
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/**
 * The templates a user can use, in staff's order then by title: their own and the library's public ones, or
 * (staff, `library`) the whole library. Paged as every list: { data, total, count }.
 */
export async function listTemplates(opts: {
  db: Db;
  user: Pick<User, 'id' | 'roles'>;
  kind: TemplateKind;
  page: number;
  limit: number;
  filter?: string;
  scope?: 'usable' | 'library';
  /** One of TEMPLATE_SORTS, '-' first for descending; anything else is staff's order. */
  sort?: string;
}) {
  const table = tables[opts.kind];
  if (opts.scope === 'library' && !hasRole(opts.user, 'admin')) throw forbidden('This is for staff only.');
  const whose: SQL =
    opts.scope === 'library'
      ? isNull(table.ownerId)
      : or(and(isNull(table.ownerId), eq(table.public, true)), eq(table.ownerId, opts.user.id))!;
  const where = opts.filter ? and(whose, ilike(table.title, containsPattern(opts.filter))) : whose;
  const [{ total }] = (await opts.db.select({ total: count() }).from(table).where(where)) as [
    { total: number },
  ];
  const rows: Row[] = await opts.db
    .select()
    .from(table)
    .where(where)
    .orderBy(...templateOrder(table, opts.sort))
    .limit(opts.limit)
    .offset((opts.page - 1) * opts.limit);
  const data = rows.map((r) => toView(opts.kind, r, opts.user));
  return { data, total: Number(total), count: data.length };
}

function templateOrder(table: (typeof tables)[TemplateKind], sort: string | undefined) {
  const name = (sort ?? '').replace(/^-/, '');
  const dir = sort?.startsWith('-') ? desc : asc;
  const column =
    name === 'title'
      ? table.title
      : name === 'updated_at'
        ? table.updatedAt
        : name === 'ordering'
          ? table.ordering
          : null;
  const rest = [asc(table.ordering), asc(table.title), asc(table.id)];
  return column ? [dir(column), ...rest] : rest;
}

/** A new template of the user (a copy when it came from someone else), or of the library when staff say so. */
export async function createTemplate(opts: {
  db: Db;
  user: User;
  kind: TemplateKind;
  input: TemplateInput;
  toLibrary?: boolean;
}): Promise<TemplateView> {
  const { db, user, kind, input } = opts;
  if (opts.toLibrary && !hasRole(user, 'admin')) throw forbidden('This is for staff only.');
  const id = globalThis.crypto.randomUUID();
  // The HTML is kept as written: every render sanitizes it before reading its tokens (core/captions).
  const values = { id, ownerId: opts.toLibrary ? null : user.id, ...input };
  const [row] =
    kind === 'price'
      ? await db.insert(priceTemplates).values(values).returning()
      : await db.insert(descriptionTemplates).values(values).returning();
  if (opts.toLibrary) await logTemplate(db, user, kind, 'save_template', id);
  return toView(kind, row!, user);
}

async function changeable(db: Db, user: User, kind: TemplateKind, id: string): Promise<Row> {
  const table = tables[kind];
  const [row]: Row[] = await db.select().from(table).where(eq(table.id, id));
  if (!row) throw notFound(TEMPLATE_MESSAGES.notFound);
  if (row.ownerId === user.id || (row.ownerId === null && hasRole(user, 'admin'))) return row;
  // Someone else's: a public one may be copied (403 says so); a private one is not there for this user.
  if (!row.public) throw notFound(TEMPLATE_MESSAGES.notFound);
  throw forbidden(TEMPLATE_MESSAGES.notOwner);
}

export async function updateTemplate(opts: {
  db: Db;
  user: User;
  kind: TemplateKind;
  id: string;
  input: TemplateInput;
}): Promise<TemplateView> {
  const { db, user, kind } = opts;
  const row = await changeable(db, user, kind, opts.id);
  const values = { ...opts.input, updatedAt: new Date() };
  const [saved] =
    kind === 'price'
      ? await db.update(priceTemplates).set(values).where(eq(priceTemplates.id, opts.id)).returning()
      : await db
          .update(descriptionTemplates)
          .set(values)
          .where(eq(descriptionTemplates.id, opts.id))
          .returning();
  if (row.ownerId === null) await logTemplate(db, user, kind, 'save_template', opts.id);
  return toView(kind, saved!, user);
}

export async function deleteTemplate(opts: { db: Db; user: User; kind: TemplateKind; id: string }) {
  const { db, user, kind } = opts;
  const row = await changeable(db, user, kind, opts.id);
  const table = tables[kind];
  await db.delete(table).where(eq(table.id, opts.id));
  if (row.ownerId === null) await logTemplate(db, user, kind, 'delete_template', opts.id);
}

const logTemplate = (
  db: Db,
  actor: User,
  kind: TemplateKind,
  action: 'save_template' | 'delete_template',
  id: string,
) =>
  recordStaffAction({
    db,
    actor,
    action,
    subjectType: kind === 'price' ? 'price_template' : 'description_template',
    subjectId: id,
  });
