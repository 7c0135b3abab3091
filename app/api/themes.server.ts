import { z } from 'zod';
import { SAVED_THEME_NAME_MAX, SavedLookSchema } from '../../core/branding/index.ts';
import { deleteSavedTheme, listSavedThemes, saveTheme } from '../../server/catalogs/index.ts';
import { defineEndpoint } from '../../server/runtime/index.ts';

// Saved themes (issue 24 §1): save the current look under a name, apply it to another catalog.

const ThemeView = z.object({
  _id: z.string(),
  name: z.string(),
  look: z.record(z.string(), z.unknown()),
  updated_at: z.string(),
});

export const listThemesEndpoint = defineEndpoint(
  {
    method: 'GET',
    path: '/api/v1/themes',
    summary: "The merchant's saved themes (name and look: theme, fonts, font links, price template style)",
    tags: ['catalogs'],
    auth: 'user',
    response: z.object({ data: z.array(ThemeView) }),
  },
  async ({ user, runtime }) => ({ data: await listSavedThemes({ db: runtime.db, ownerId: user.id }) }),
);

export const saveThemeEndpoint = defineEndpoint(
  {
    method: 'POST',
    path: '/api/v1/themes',
    summary:
      'Save a look under a name (a name already used is replaced). Plans with custom_themes; at most 50 a merchant.',
    tags: ['catalogs'],
    auth: 'user',
    body: z
      .object({
        name: z
          .string()
          .trim()
          .min(1, 'Give the theme a name')
          .max(SAVED_THEME_NAME_MAX, `At most ${SAVED_THEME_NAME_MAX} characters`),
        look: SavedLookSchema,
      })
      .strict(),
    response: z.object({ data: ThemeView }),
    errors: [400, 403],
  },
  async ({ user, body, runtime }) => ({
    data: await saveTheme({ db: runtime.db, ownerId: user.id, name: body.name, look: body.look }),
  }),
);

export const deleteThemeEndpoint = defineEndpoint(
  {
    method: 'DELETE',
    path: '/api/v1/themes/{themeId}',
    summary: 'Delete one of the merchant’s saved themes',
    tags: ['catalogs'],
    auth: 'user',
    response: z.object({ deleted: z.boolean() }),
    errors: [404],
  },
  async ({ user, params, runtime }) => {
    await deleteSavedTheme({ db: runtime.db, ownerId: user.id, themeId: params.themeId ?? '' });
    return { deleted: true };
  },
);
