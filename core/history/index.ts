/**
 * Undo and redo as a cursor over saved copies of the document (SPEC §4 History). Pure: every function
 * returns a new history. Commands share unchanged parts of the document, so keeping many copies is cheap.
 */
export interface History<T> {
  readonly entries: readonly T[];
  /** Index of the present entry. */
  readonly cursor: number;
  /** Most entries kept; the oldest are forgotten first. */
  readonly limit: number;
}

export const DEFAULT_HISTORY_LIMIT = 100;

export function createHistory<T>(initial: T, options: { limit?: number } = {}): History<T> {
  const limit = Math.max(1, Math.floor(options.limit ?? DEFAULT_HISTORY_LIMIT));
  return { entries: [initial], cursor: 0, limit };
}

/** The present document. */
export const presentOf = <T>(history: History<T>): T => history.entries[history.cursor]!;
export const canUndo = <T>(history: History<T>): boolean => history.cursor > 0;
export const canRedo = <T>(history: History<T>): boolean => history.cursor < history.entries.length - 1;

/**
 * Save a new present. Entries after the cursor (what could be redone) are cut off; pushing the present
 * itself changes nothing, so a command that left the document as it was makes no undo step.
 */
export function pushHistory<T>(history: History<T>, entry: T): History<T> {
  if (entry === presentOf(history)) return history;
  const entries = [...history.entries.slice(0, history.cursor + 1), entry];
  const kept = entries.slice(Math.max(0, entries.length - history.limit));
  return { ...history, entries: kept, cursor: kept.length - 1 };
}

/** Step back to the previous saved copy; at the oldest one nothing changes. */
export function undo<T>(history: History<T>): History<T> {
  return canUndo(history) ? { ...history, cursor: history.cursor - 1 } : history;
}

/** Step forward again after an undo; with nothing to redo nothing changes. */
export function redo<T>(history: History<T>): History<T> {
  return canRedo(history) ? { ...history, cursor: history.cursor + 1 } : history;
}
