import { eq, sql } from 'drizzle-orm';
import type { Locator, Page } from 'playwright-core';
import type { Db } from '../../db/client.ts';
import { users } from '../../db/schema.ts';

/**
 * Marks the first-visit tour as seen for `email`, as finishing it would: tests about other parts of the editor
 * start with the editor itself, not the tour's dialog (e2e/editor-assist.test.ts covers the tour).
 */
export async function skipEditorTour(db: Db, email: string) {
  await db
    .update(users)
    .set({ flags: sql`${users.flags} || '{"tourDone": true}'::jsonb` })
    .where(eq(users.email, email));
}

/**
 * Opens the editor at `url` and waits until its script has taken over (React hydrated it). The page is drawn on
 * the server first, so its products and cells show before they answer: a drag or a click in that moment does
 * nothing, and a loaded machine makes the moment long enough for a test to fall into it.
 */
export async function openEditor(page: Page, url: string) {
  const res = await page.goto(url);
  await page.locator('.cb-editor[data-hydrated]').waitFor();
  return res;
}

type RichTextState = {
  doc: { textContent: string; textBetween(from: number, to: number): string };
  selection: { from: number; to: number };
};

/**
 * A rich-text field's words and selected words as its editor holds them (TipTap keeps itself on its element), not
 * as the page shows them: on a slow machine ProseMirror reads a typed letter after the page shows it, and that
 * reading puts the caret back after it. Wait on this before acting on what was typed.
 */
export function richTextState(field: Locator): Promise<{ text: string; selected: string }> {
  return field.evaluate((el) => {
    const { state } = (el as HTMLElement & { editor: { state: RichTextState } }).editor;
    const { from, to } = state.selection;
    return { text: state.doc.textContent, selected: state.doc.textBetween(from, to) };
  });
}
