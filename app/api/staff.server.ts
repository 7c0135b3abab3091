import { z } from 'zod';
import {
  addLead,
  getGlobalSetting,
  GLOBAL_SETTING_KEYS,
  GLOBAL_SETTINGS,
  hasRole,
  hitRateLimit,
  joinWaitingList,
  LeadInput,
  listUnregisteredUsers,
  listWaitingUsers,
  recordSessionActivity,
  recordStaffAction,
  setGlobalSetting,
  type SignupMail,
  UNREGISTERED_SORTS,
  unregisteredUserRows,
  WAITING_SORTS,
  WaitingUserInput,
} from '../../server/accounts/index.ts';
import { tableCsv } from '../../core/csv/index.ts';
import { usersCsv } from '../../server/billing/index.ts';
import { forbidden, notFound } from '../../server/platform/index.ts';
import { defineEndpoint, type Runtime } from '../../server/runtime/index.ts';
import { sortNames } from '../../db/list-sort.ts';

/*
 * The staff console's calls (SPEC §7 'Admin and catalogs') besides users, catalogs, layouts and templates: the
 * waiting list and leads (public forms, rate-limited), unregistered users, the CSV downloads, the recorded sessions
 * and the global settings.
 */

const staffList = (sorts: Record<string, unknown>) =>
  z.object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    limit: z.coerce.number().int().min(1).max(100).default(10),
    filter: z.string().trim().max(200).optional(),
    sort: z.enum(sortNames(sorts) as [string, ...string[]]).optional(),
  });
const Row = z.record(z.string(), z.unknown());
const ListAnswer = z.object({ data: z.array(Row), total: z.number(), count: z.number() });

export const waitingUsersEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/waitingusers',
    summary: 'Staff: the waiting list (page, limit, filter, sort), whether each address has registered since',
    tags: ['admin'],
    auth: 'admin',
    query: staffList(WAITING_SORTS),
    response: ListAnswer,
    errors: [403],
  },
  async ({ query, runtime }) => listWaitingUsers({ db: runtime.db, ...query }),
);

const signupMailOf = (runtime: Runtime): SignupMail => ({
  mailer: runtime.mailer,
  appUrl: runtime.config.appUrl,
  appSecret: runtime.config.appSecret,
  logger: runtime.logger,
});

export const joinWaitingListEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/waitingusers',
    summary:
      'Join the waiting list for a store platform (email, platform, language); a new address is confirmed by mail with an unsubscribe link; the same address twice keeps one row',
    tags: ['public'],
    auth: 'public',
    body: WaitingUserInput,
    response: z.object({ data: Row }),
    errors: [429],
  },
  async ({ body, runtime, ip }) => {
    await hitRateLimit({ db: runtime.db, name: 'signup', subject: ip });
    return { data: await joinWaitingList({ db: runtime.db, input: body, mail: signupMailOf(runtime) }) };
  },
);

export const leadsEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v2/users/leads',
    summary:
      'Leave an email address on a marketing page (email, segment_id, language); a new address is confirmed by mail with an unsubscribe link; the same pair twice keeps one row',
    tags: ['public'],
    auth: 'public',
    body: LeadInput,
    response: z.object({ data: Row }),
    errors: [429],
  },
  async ({ body, runtime, ip }) => {
    await hitRateLimit({ db: runtime.db, name: 'signup', subject: ip });
    return { data: await addLead({ db: runtime.db, input: body, mail: signupMailOf(runtime) }) };
  },
);

export const unregisteredUsersEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/unregisteredusers',
    summary: 'Staff: leads whose address has no account (page, limit, filter, sort)',
    tags: ['admin'],
    auth: 'admin',
    query: staffList(UNREGISTERED_SORTS),
    response: ListAnswer,
    errors: [403],
  },
  async ({ query, runtime }) => listUnregisteredUsers({ db: runtime.db, ...query }),
);

const csvDownload = (csv: string, name: string) =>
  new Response(`\ufeff${csv}`, {
    headers: {
      'Content-Type': 'text/csv; charset=utf-8',
      'Content-Disposition': `attachment; filename="${name}"`,
      'Cache-Control': 'no-store',
    },
  });

const today = () => new Date().toISOString().slice(0, 10);

export const downloadUsersEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/download-users',
    summary: 'Staff: every user as a CSV download (a browser navigation, SPEC §7)',
    tags: ['admin'],
    auth: 'admin',
    errors: [403],
  },
  async ({ runtime }) => csvDownload(await usersCsv({ db: runtime.db }), `users-${today()}.csv`),
);

export const downloadUnregisteredUsersEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/download-unregistered-users',
    summary: 'Staff: leads without an account as a CSV download (a browser navigation, SPEC §7)',
    tags: ['admin'],
    auth: 'admin',
    errors: [403],
  },
  async ({ runtime }) =>
    csvDownload(
      tableCsv(['email', 'segment_id', 'created_at'], await unregisteredUserRows({ db: runtime.db })),
      `unregistered-users-${today()}.csv`,
    ),
);

export const recordedSessionsEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/users/me/recorded_sessions',
    changesState: true,
    summary:
      "Count the signed-in user as present now (the app's pages call it when they open and every minute) and " +
      'answer their latest recorded sessions (start_time, end_time)',
    tags: ['users'],
    auth: 'user',
    response: z.object({
      data: z.array(z.object({ start_time: z.string(), end_time: z.string().nullable() })),
    }),
  },
  async ({ user, runtime }) => ({ data: await recordSessionActivity({ db: runtime.db, userId: user.id }) }),
);

const SettingKey = z.enum(GLOBAL_SETTING_KEYS as [string, ...string[]]);

export const getGlobalSettingEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/global-settings',
    summary: 'A global setting by key (SPEC §7: promotion for everyone; access_token for staff only)',
    tags: ['settings'],
    auth: 'optional',
    query: z.object({ key: SettingKey }),
    response: z.object({ key: z.string(), value: z.unknown() }),
    errors: [403],
  },
  async ({ user, query, runtime }) => {
    const key = query.key as keyof typeof GLOBAL_SETTINGS;
    if (!GLOBAL_SETTINGS[key].public && !hasRole(user, 'admin')) throw forbidden('This is for staff only.');
    return { key, value: await getGlobalSetting({ db: runtime.db, key }) };
  },
);

export const setGlobalSettingEndpoint = defineEndpoint(
  {
    method: 'PUT',
    path: '/api/v1/global-settings',
    summary: 'Staff: set a global setting (access_token: text; promotion: { active, text, coupon })',
    tags: ['settings', 'admin'],
    auth: 'admin',
    body: z.object({ key: SettingKey, value: z.unknown() }),
    response: z.object({ key: z.string(), value: z.unknown() }),
    errors: [403],
  },
  async ({ user, body, runtime }) => {
    const key = body.key as keyof typeof GLOBAL_SETTINGS;
    if (!GLOBAL_SETTINGS[key]) throw notFound('Unknown setting.');
    const value = await setGlobalSetting({ db: runtime.db, key, value: body.value });
    await recordStaffAction({
      db: runtime.db,
      actor: user,
      action: 'set_setting',
      subjectType: 'setting',
      subjectId: key,
    });
    return { key, value };
  },
);
