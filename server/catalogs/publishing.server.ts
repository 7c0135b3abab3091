import { and, eq, ne, sql } from 'drizzle-orm';
import { z } from 'zod';
import {
  CatalogSettingsSchema,
  PrintSettingsSchema,
  PRODUCTS_LINK_KINDS,
  type CatalogSettings,
} from '../../core/model/index.ts';
import type { Db } from '../../db/client.ts';
import { findOwned, isUuid } from '../../db/owned.ts';
import { catalogs } from '../../db/schema.ts';
import { hashPassword } from '../accounts/index.ts';
import { getEntitlements } from '../billing/index.ts';
import { ApiError, badRequest, configuredHosts, notFound, type Config } from '../platform/index.ts';
import {
  checkCustomHost,
  customHostStatus,
  hostVerifiedByOther,
  readHostName,
  releaseCustomHost,
  type CustomHostStatus,
  type HostNameProblem,
} from './custom-hosts.server.ts';
import { viewPath } from './published.server.ts';

/** SPEC §5 'Slug' and §6 plan-gated features. */
export const PUBLISHING_MESSAGES = {
  urlExists: 'This address is already used by another catalog. Please choose another one.',
  slugInvalid: 'An address needs at least 2 letters or digits.',
  upgrade: 'Please upgrade to use this feature',
  passwordMissing: 'Enter a password to protect this catalog.',
  hostTaken: 'This host name is already used by another account.',
  hostInvalid: 'Enter a host name such as catalogs.your-shop.com.',
  hostIp: 'Enter a host name of your own domain, not an IP address.',
  hostReserved: 'This host name is reserved and is not on the internet; use a host name of your own domain.',
  hostIsApp: 'This is an address of Catalog Builder itself; use a host name of your own.',
  passwordShort: 'A password needs at least 8 characters.',
} as const;

/** New visitor passwords (older, shorter ones keep working until changed). */
export const PASSWORD_MIN_LENGTH = 8;

const HOST_PROBLEM_MESSAGES: Record<HostNameProblem, string> = {
  invalid: PUBLISHING_MESSAGES.hostInvalid,
  ip: PUBLISHING_MESSAGES.hostIp,
  reserved: PUBLISHING_MESSAGES.hostReserved,
  operator: PUBLISHING_MESSAGES.hostIsApp,
};

const SLUG_MAX = 80;

/** A title or a typed address as a slug: lower-case ASCII letters, digits and single dashes. */
export function slugify(text: string): string {
  return text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, SLUG_MAX)
    .replace(/-+$/, '');
}

/** A slug must never read as a catalog id (ids would then name two catalogs). */
const isUsable = (slug: string) => slug.length > 1 && !isUuid(slug);

async function slugTaken(db: Db, slug: string, exceptId?: string): Promise<boolean> {
  const [row] = await db
    .select({ id: catalogs.id })
    .from(catalogs)
    .where(exceptId ? and(eq(catalogs.slug, slug), ne(catalogs.id, exceptId)) : eq(catalogs.slug, slug))
    .limit(1);
  return !!row;
}

/** SPEC §7 GET checkSlug?title=: the slug a title gives and whether it is free (else the url-exists flag). */
export async function checkSlug(opts: {
  db: Db;
  title: string;
  catalogId?: string;
}): Promise<{ status: 'available' | 'exists' | 'invalid'; slug: string }> {
  const slug = slugify(opts.title);
  if (!isUsable(slug)) return { status: 'invalid', slug };
  const taken = await slugTaken(
    opts.db,
    slug,
    opts.catalogId && isUuid(opts.catalogId) ? opts.catalogId : undefined,
  );
  return { status: taken ? 'exists' : 'available', slug };
}

/** SPEC §7 PUT catalogs/{id}/slug: the owner's catalog gets the address; a taken one is a 409 (url-exists). */
export async function setCatalogSlug(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
  slug: string;
}): Promise<{ slug: string; url: string }> {
  const row = await findOwned(opts.db, catalogs, opts.catalogId, opts.ownerId);
  if (!row) throw notFound('Catalog not found.');
  const slug = slugify(opts.slug);
  if (!isUsable(slug))
    throw badRequest(PUBLISHING_MESSAGES.slugInvalid, [
      { path: ['slug'], message: PUBLISHING_MESSAGES.slugInvalid },
    ]);
  if (slug === row.slug) return { slug, url: viewPath(row) };
  if (await slugTaken(opts.db, slug, row.id)) throw urlExists();
  try {
    await opts.db
      .update(catalogs)
      .set({ slug, revision: sql`${catalogs.revision} + 1`, updatedAt: new Date() })
      .where(eq(catalogs.id, row.id));
  } catch (err) {
    // Two owners asking for the same address at once: the unique index decides.
    if (/catalogs_slug_key|unique/i.test(String((err as Error).message))) throw urlExists();
    throw err;
  }
  return { slug, url: viewPath({ id: row.id, slug }) };
}

const urlExists = () =>
  new ApiError('conflict', PUBLISHING_MESSAGES.urlExists, {
    details: [{ path: ['slug'], message: PUBLISHING_MESSAGES.urlExists }],
  });

// ---------------------------------------------------------------- viewer settings (owner panel)

const color = z.string().regex(/^#[0-9a-fA-F]{3,8}$/, 'must be a colour such as #222222');
const webAddress = z
  .string()
  .trim()
  .max(2000)
  .refine((v) => v === '' || /^https?:\/\/[^\s]+$/i.test(v), 'must start with http:// or https://');

/** The settings the viewer's owner panel changes (SPEC §3 Catalog settings), each optional. */
export const ViewerSettingsPatchSchema = z
  .object({
    share_button: z.boolean(),
    print_button: z.boolean(),
    download_pages_button: z.boolean(),
    download_pdf_button: z.boolean(),
    language: z.enum(['en', 'fr']),
    showFlipbook: z.boolean(),
    view_mode: z.enum(['webgl', 'flipbook', 'scroll']),
    background_color: color,
    single_page_mode: z.boolean(),
    right_to_left: z.boolean(),
    products_link: z.enum(PRODUCTS_LINK_KINDS),
    online_store_link: webAddress.nullable(),
    allow_backorders: z.boolean(),
    email_subject: z.string().max(300),
    email_content: z.string().max(5000),
    password_protection: z.boolean(),
    /** Write only: stored hashed, never answered. */
    password: z.string().min(PASSWORD_MIN_LENGTH, PUBLISHING_MESSAGES.passwordShort).max(200),
    visibility: z.enum(['public', 'unlisted']),
    /** The merchant's own host name, or null for none; it serves once proved (custom_host_status). */
    custom_host: z.string().trim().max(253).nullable(),
    /** Visitors see the catalog (true) or it is a draft only its owner and staff see (false). */
    published: z.boolean(),
    /** How the print (PDF/X) export is made ready for a print shop (issue 28): bleed, marks, safe margin. */
    print: PrintSettingsSchema.strict(),
  })
  .partial()
  .strict();
export type ViewerSettingsPatch = z.infer<typeof ViewerSettingsPatchSchema>;

export type ViewerSettingsView = {
  settings: Omit<CatalogSettings, 'password'>;
  has_password: boolean;
  /**
   * Protected on a plan that no longer allows passwords (a downgrade): visitors still need the password; the
   * owner may remove the protection or upgrade, not change the password.
   */
  protection_lapsed: boolean;
  published: boolean;
  custom_host: string | null;
  /** Whether the owner proved they control the host, and the DNS records that prove it. */
  custom_host_status: CustomHostStatus | null;
  slug: string | null;
  url: string;
  revision: number;
};

type Row = typeof catalogs.$inferSelect;

async function settingsView(opts: { db: Db; config: Config; row: Row }): Promise<ViewerSettingsView> {
  const { row } = opts;
  const doc = (row.document ?? {}) as { settings?: unknown };
  const { password: _password, ...settings } = CatalogSettingsSchema.parse(doc.settings ?? {});
  const { limits } = await getEntitlements({ db: opts.db, userId: row.ownerId });
  const isProtected = settings.password_protection && !!row.passwordHash;
  return {
    settings,
    has_password: !!row.passwordHash,
    protection_lapsed: isProtected && !(limits.password || limits.privacy),
    published: row.published,
    custom_host: row.customHost,
    custom_host_status: await customHostStatus({
      db: opts.db,
      config: opts.config,
      ownerId: row.ownerId,
      host: row.customHost,
    }),
    slug: row.slug,
    url: viewPath(row),
    revision: row.revision,
  };
}

/** The owner's viewer settings. */
export async function getViewerSettings(opts: {
  db: Db;
  config: Config;
  ownerId: string;
  catalogId: string;
}) {
  const row = await findOwned(opts.db, catalogs, opts.catalogId, opts.ownerId);
  if (!row) throw notFound('Catalog not found.');
  return settingsView({ db: opts.db, config: opts.config, row });
}

/** Check the catalog's host with DNS now (the owner panel's "Check now"); answers the settings with its state. */
export async function verifyCatalogHost(opts: {
  db: Db;
  config: Config;
  ownerId: string;
  catalogId: string;
}): Promise<ViewerSettingsView> {
  const row = await findOwned(opts.db, catalogs, opts.catalogId, opts.ownerId);
  if (!row) throw notFound('Catalog not found.');
  if (!row.customHost) throw badRequest('This catalog has no host name of its own to check.');
  await checkCustomHost({ db: opts.db, config: opts.config, ownerId: opts.ownerId, host: row.customHost });
  return settingsView({ db: opts.db, config: opts.config, row });
}

/**
 * Save the owner panel's settings (SPEC §4: saving reloads the online catalog). Plan-gated ones need their
 * limit (SPEC §6): passwords `password` or `privacy`, unlisted `privacy`, a custom host `custom_domain`,
 * product links `products_link`, the wholesale cart `digital_orders`. The revision moves on, so an editor open
 * on this catalog reloads before its next save rather than overwriting these.
 */
export async function updateViewerSettings(opts: {
  db: Db;
  ownerId: string;
  catalogId: string;
  patch: ViewerSettingsPatch;
  config: Config;
}): Promise<ViewerSettingsView> {
  const { db, patch } = opts;
  const row = await findOwned(db, catalogs, opts.catalogId, opts.ownerId);
  if (!row) throw notFound('Catalog not found.');
  const { limits } = await getEntitlements({ db, userId: opts.ownerId });
  const doc = row.document as { settings?: Record<string, unknown> };
  const current = CatalogSettingsSchema.parse(doc.settings ?? {});
  const { password, custom_host, published, ...fields } = patch;
  const next = { ...current, ...fields, password: null };

  const refuse = (field: string) => {
    throw new ApiError('forbidden', PUBLISHING_MESSAGES.upgrade, {
      details: [{ path: [field], message: PUBLISHING_MESSAGES.upgrade }],
    });
  };
  const mayProtect = limits.password || limits.privacy;
  if ((patch.password_protection || password) && !mayProtect) refuse('password_protection');
  if (patch.visibility === 'unlisted' && !limits.privacy) refuse('visibility');
  if (patch.products_link && patch.products_link !== 'none' && !limits.products_link) refuse('products_link');
  if (patch.products_link === 'digital_orders' && !limits.digital_orders) refuse('products_link');
  if (next.password_protection && !password && !row.passwordHash)
    throw badRequest(PUBLISHING_MESSAGES.passwordMissing, [
      { path: ['password'], message: PUBLISHING_MESSAGES.passwordMissing },
    ]);

  let host: string | null | undefined;
  if (custom_host !== undefined) {
    host = custom_host ? await checkHost(db, custom_host, opts.ownerId, configuredHosts(opts.config)) : null;
    if (host && !limits.custom_domain) refuse('custom_host');
  }
  const passwordHash = password ? await hashPassword(password) : undefined;
  const [saved] = await db
    .update(catalogs)
    .set({
      document: { ...doc, settings: next },
      ...(passwordHash ? { passwordHash } : {}),
      ...(host !== undefined ? { customHost: host } : {}),
      ...(published !== undefined ? { published } : {}),
      revision: sql`${catalogs.revision} + 1`,
      updatedAt: new Date(),
    })
    .where(and(eq(catalogs.id, row.id), eq(catalogs.ownerId, opts.ownerId)))
    .returning();
  if (!saved) throw notFound('Catalog not found.');
  if (host !== undefined && row.customHost && row.customHost !== host)
    await releaseCustomHost({ db, ownerId: opts.ownerId, host: row.customHost });
  // A host just named is checked at once: its records may already be in place.
  if (host && host !== row.customHost)
    await checkCustomHost({ db, config: opts.config, ownerId: opts.ownerId, host });
  return settingsView({ db, config: opts.config, row: saved });
}

/**
 * A host a merchant may name: a public DNS name, not an address, a reserved name or the operator's own, and not
 * one another account proved is theirs. Serving still waits for this account's proof.
 */
async function checkHost(db: Db, raw: string, ownerId: string, operatorHosts: string[]): Promise<string> {
  const { host, problem } = readHostName(raw, operatorHosts);
  if (problem || !host) {
    const message = HOST_PROBLEM_MESSAGES[problem ?? 'invalid'];
    throw badRequest(message, [{ path: ['custom_host'], message, problem: problem ?? 'invalid' }]);
  }
  if (await hostVerifiedByOther(db, host, ownerId))
    throw new ApiError('conflict', PUBLISHING_MESSAGES.hostTaken, {
      details: [{ path: ['custom_host'], message: PUBLISHING_MESSAGES.hostTaken, problem: 'taken' }],
    });
  return host;
}
