import { applyPageDiff, diffPages } from '../../core/commands/index.ts';
import { SAVE_RETRY } from '../../core/constants.ts';
import { createHistory, presentOf, pushHistory } from '../../core/history/index.ts';
import type { Catalog, Page } from '../../core/model/index.ts';
import { replay, type EditorState, type EditorStore, type PendingEntry } from './store.ts';

/*
 * The save queue (DESIGN §6): one save in flight, carrying what the commands since the last confirmed state
 * changed (one page: PUT /pages/{id}; anything more: POST /changes) with the revision they were made on.
 * Errors retry 5 times, 5 s × attempt (SPEC §4), then the status is failed. A 409 reads what others saved,
 * re-applies the pending commands on it and says which could not be. Pending commands are kept in
 * sessionStorage until saved. Other editors' saves are read every few seconds and at once when another tab of
 * this browser says it saved.
 */

export type ServerChanges = {
  revision: number;
  saves: string[];
  order?: string[];
  pages?: Page[];
  document?: Omit<Catalog, 'pages'>;
};

export type TransportAnswer = { status: number; body: Record<string, unknown> };

/** The HTTP calls the queue makes; the editor's api.ts sends them with the caller's credentials. */
export type Transport = {
  savePage: (catalogId: string, pageId: string, body: unknown) => Promise<TransportAnswer>;
  saveChanges: (catalogId: string, body: unknown) => Promise<TransportAnswer>;
  getChanges: (catalogId: string, since: number) => Promise<TransportAnswer>;
};

export type SyncText = {
  failed: string;
  unauthorized: string;
  remote: (pages: number[]) => string;
  rebased: string;
  notApplied: (labels: string[]) => string;
  label: (entry: PendingEntry) => string;
};

export type SyncOptions = {
  transport: Transport;
  text: SyncText;
  settle?: (catalog: Catalog) => Catalog;
  storage?: Pick<Storage, 'getItem' | 'setItem' | 'removeItem'> | null;
  sleep?: (ms: number) => Promise<void>;
  now?: () => number;
  /** How often other editors' saves are looked for. */
  pollMs?: number;
  /** Waits this long after a change before saving, so a burst of changes is one save. */
  debounceMs?: number;
  channel?: { postMessage: (m: unknown) => void; onmessage: ((e: { data: unknown }) => void) | null } | null;
};

export const REMOTE_POLL_MS = 5_000;
const storageKey = (catalogId: string) => `catalog-builder:editor:${catalogId}`;

type StoredPending = { revision: number; entries: PendingEntry[] };

/** The commands a previous visit left unsaved, without those the server reports it took. */
export function readStoredPending(
  storage: Pick<Storage, 'getItem'> | null | undefined,
  catalogId: string,
  serverSaves: string[],
): PendingEntry[] {
  try {
    const raw = storage?.getItem(storageKey(catalogId));
    if (!raw) return [];
    const stored = JSON.parse(raw) as StoredPending;
    const taken = new Set(serverSaves);
    return (stored.entries ?? []).filter((e) => !e.saveIds.some((id) => taken.has(id)));
  } catch {
    return [];
  }
}

/** What the server's copy is now: the confirmed copy with the pages and fields saved since. */
export function mergeServer(base: Catalog, changes: ServerChanges): Catalog {
  if (!changes.order) return base;
  const fresh = new Map((changes.pages ?? []).map((p) => [p.id, p]));
  const old = new Map(base.pages.map((p) => [p.id, p]));
  const pages = changes.order.flatMap((id) => {
    const page = fresh.get(id) ?? old.get(id);
    return page ? [page] : [];
  });
  return { ...base, ...(changes.document ?? {}), pages };
}

type Payload =
  | { kind: 'none' }
  | { kind: 'page'; page: Page }
  | { kind: 'changes'; pages: Page[]; order?: string[]; document?: Omit<Catalog, 'pages'> };

/** What a save sends: the pages that differ from the confirmed copy, the order if it changed, the fields if they did. */
export function payloadOf(base: Catalog, target: Catalog): Payload {
  const diff = diffPages(base, target);
  const reordered =
    diff.before.length !== diff.after.length || diff.before.some((id, i) => diff.after[i] !== id);
  if (!reordered && !diff.document && diff.pages.length === 0) return { kind: 'none' };
  if (!reordered && !diff.document && diff.pages.length === 1) return { kind: 'page', page: diff.pages[0]! };
  return {
    kind: 'changes',
    pages: diff.pages,
    ...(reordered ? { order: diff.after } : {}),
    ...(diff.document ? { document: diff.document } : {}),
  };
}

const newSaveId = () => globalThis.crypto.randomUUID();

export class SaveQueue {
  private busy = false;
  private attempt = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private poller: ReturnType<typeof setInterval> | null = null;
  private unsubscribe: (() => void) | null = null;
  private stopped = false;
  private readonly sleep: (ms: number) => Promise<void>;
  private readonly now: () => number;

  constructor(
    private readonly store: EditorStore,
    private readonly options: SyncOptions,
  ) {
    this.sleep = options.sleep ?? ((ms) => new Promise((r) => setTimeout(r, ms)));
    this.now = options.now ?? Date.now;
  }

  start(): void {
    let lastPending = this.store.getState().pending;
    let lastMode = this.store.getState().mode;
    this.persist();
    this.unsubscribe = this.store.subscribe((state) => {
      // Leaving the edit-layout mode lets what it held back go (Done), or what waited behind it.
      const resumed = lastMode === 'layout' && state.mode !== 'layout';
      lastMode = state.mode;
      if (state.pending === lastPending && !resumed) return;
      lastPending = state.pending;
      this.persist();
      if (state.pending.length) this.schedule();
    });
    if (this.options.channel) this.options.channel.onmessage = () => void this.pollRemote();
    this.poller = setInterval(() => void this.pollRemote(), this.options.pollMs ?? REMOTE_POLL_MS);
    if (this.store.getState().pending.length) this.schedule();
  }

  stop(): void {
    this.stopped = true;
    this.unsubscribe?.();
    if (this.timer) clearTimeout(this.timer);
    if (this.poller) clearInterval(this.poller);
    if (this.options.channel) this.options.channel.onmessage = null;
  }

  /** Save now (tests, leaving the page); resolves when nothing is left to send or saving stopped. */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    while (this.busy) await new Promise((r) => setTimeout(r, 20));
    await this.run();
  }

  private schedule(): void {
    if (this.stopped) return;
    if (this.timer) clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.run();
    }, this.options.debounceMs ?? 300);
  }

  private persist(): void {
    const { storage } = this.options;
    const state = this.store.getState();
    if (!storage || state.readonly) return;
    try {
      // A layout edit's steps are kept only once Done keeps them: a reload in the middle puts the page back.
      const entries = state.pending.filter((e) => !e.held);
      if (!entries.length) storage.removeItem(storageKey(state.catalogId));
      else
        storage.setItem(
          storageKey(state.catalogId),
          JSON.stringify({ revision: state.revision, entries } satisfies StoredPending),
        );
    } catch {
      // A full or disabled storage only loses the reload safety net, never the edit in the editor.
    }
  }

  /**
   * Nothing is sent while a layout edit holds steps back: they reach the server only if Done keeps them (SPEC §4).
   * What was made before the edit began still goes while the merchant has changed nothing in it.
   */
  private canSend(state: EditorState): boolean {
    const holding = state.mode === 'layout' && state.pending.some((e) => e.held);
    return !this.stopped && !state.readonly && state.status !== 'failed' && !holding;
  }

  private async run(): Promise<void> {
    if (this.busy) {
      // A look for other editors' saves is on its way: save right after it.
      this.schedule();
      return;
    }
    this.busy = true;
    try {
      while (this.canSend(this.store.getState()) && this.store.getState().pending.length) {
        const outcome = await this.sendOnce();
        if (outcome === 'stop') break;
      }
    } finally {
      this.busy = false;
    }
  }

  /** One save of everything pending; 'again' when there is more to do at once, 'stop' to wait. */
  private async sendOnce(): Promise<'again' | 'stop'> {
    const state = this.store.getState();
    const entries = state.pending;
    const target = state.catalog;
    const payload = payloadOf(state.base, target);
    if (payload.kind === 'none') {
      this.confirmed(entries.length, target, state.revision);
      return 'again';
    }
    // A retry of exactly the same commands keeps its id: the server may have taken the first try.
    const last = entries[entries.length - 1]!.saveIds.at(-1);
    const saveId =
      last && entries.every((e) => e.saveIds.includes(last)) && this.attempt > 0 ? last : newSaveId();
    this.store.setState({
      pending: entries.map((e) =>
        e.saveIds.includes(saveId) ? e : { ...e, saveIds: [...e.saveIds, saveId] },
      ),
      status: state.status === 'blocked' ? 'blocked' : 'saving',
    });
    const sent = this.store.getState().pending;
    this.persist();
    let answer: TransportAnswer;
    try {
      const { transport } = this.options;
      answer =
        payload.kind === 'page'
          ? await transport.savePage(state.catalogId, payload.page.id, {
              page: payload.page,
              revision: state.revision,
              saveId,
            })
          : await transport.saveChanges(state.catalogId, {
              revision: state.revision,
              saveId,
              pages: payload.pages,
              ...(payload.order ? { order: payload.order } : {}),
              ...(payload.document ? { document: payload.document } : {}),
            });
    } catch {
      answer = { status: 0, body: {} };
    }
    if (answer.status === 200) {
      this.attempt = 0;
      // Commands made while the save was on its way stay pending, on top of what it confirmed.
      this.confirmed(sent.length, target, Number(answer.body.revision));
      this.options.channel?.postMessage({ type: 'saved', revision: Number(answer.body.revision) });
      return 'again';
    }
    if (answer.status === 409) {
      this.attempt = 0;
      return (await this.rebase()) ? 'again' : 'stop';
    }
    if (answer.status === 403) {
      // A plan limit (SPEC §5): the edit stays in the editor; the next change tries again.
      this.store.setState({ status: 'blocked', statusMessage: String(answer.body.message ?? '') });
      return 'stop';
    }
    if (answer.status === 401) {
      this.store.setState({ status: 'failed', statusMessage: this.options.text.unauthorized });
      return 'stop';
    }
    if (answer.status === 400 || answer.status === 404) {
      this.store.setState({
        status: 'failed',
        statusMessage: String(answer.body.message ?? this.options.text.failed),
      });
      return 'stop';
    }
    this.attempt++;
    if (this.attempt > SAVE_RETRY.maxAttempts) {
      this.store.setState({ status: 'failed', statusMessage: this.options.text.failed });
      return 'stop';
    }
    await this.sleep(SAVE_RETRY.delayMsPerAttempt * this.attempt);
    return 'again';
  }

  /** The first `count` pending commands are in the server's copy, which is now `target` at `revision`. */
  private confirmed(count: number, target: Catalog, revision: number): void {
    const state = this.store.getState();
    this.store.setState({
      base: target,
      revision,
      pending: state.pending.slice(count),
      status: state.pending.length > count ? 'saving' : 'saved',
      statusMessage: null,
      lastSavedAt: this.now(),
    });
  }

  private async changesSince(since: number): Promise<ServerChanges | null> {
    try {
      const answer = await this.options.transport.getChanges(this.store.getState().catalogId, since);
      return answer.status === 200 ? (answer.body as unknown as ServerChanges) : null;
    } catch {
      return null;
    }
  }

  /**
   * The server has a newer copy: take it, drop the commands it reports it took, apply the others on it again
   * and tell the merchant which could not be.
   */
  private async rebase(): Promise<boolean> {
    // A layout edit begun while the refused save was on its way ends as if cancelled: its steps and the
    // history they sit in are about to be replaced by the server's copy.
    this.store.getState().stopLayoutEdit(false);
    const before = this.store.getState();
    const changes = await this.changesSince(before.revision);
    if (!changes) {
      this.store.setState({ status: 'failed', statusMessage: this.options.text.failed });
      return false;
    }
    const state = this.store.getState();
    const server = mergeServer(state.base, changes);
    const taken = new Set(changes.saves);
    const left = state.pending.filter((e) => !e.saveIds.some((id) => taken.has(id)));
    const r = replay(
      server,
      left.map((e) => e.command),
      this.options.settle,
      state.currentPageId,
    );
    const pending = left.filter((e) => r.kept.includes(e.command));
    const history =
      r.catalog === server ? createHistory(server) : pushHistory(createHistory(server), r.catalog);
    this.store.setState({
      base: server,
      revision: changes.revision,
      history,
      catalog: presentOf(history),
      pending,
      currentPageId: r.catalog.pages.some((p) => p.id === state.currentPageId)
        ? state.currentPageId
        : (r.catalog.pages[0]?.id ?? null),
      status: pending.length ? 'saving' : 'saved',
      statusMessage: null,
    });
    const { notify } = this.store.getState();
    if (r.failed.length) {
      const failed = new Set(r.failed.map((f) => f.command));
      notify(
        'warning',
        this.options.text.notApplied(left.filter((e) => failed.has(e.command)).map(this.options.text.label)),
      );
    } else if (left.length) notify('info', this.options.text.rebased);
    return true;
  }

  /** Read what other editors saved; applied at once when nothing here waits to be saved. */
  async pollRemote(): Promise<void> {
    const state = this.store.getState();
    if (this.busy || this.stopped || state.pending.length || state.status === 'failed' || state.layoutEdit)
      return;
    this.busy = true;
    try {
      const changes = await this.changesSince(state.revision);
      const now = this.store.getState();
      if (
        !changes ||
        !changes.order ||
        changes.revision <= now.revision ||
        now.pending.length ||
        now.layoutEdit
      )
        return;
      const server = mergeServer(now.base, changes);
      const remote = diffPages(now.base, server);
      // Undo and redo keep working on the merchant's own steps, over the other editor's pages.
      const entries = now.history.entries.map((e) => applyPageDiff(e, remote).catalog);
      const history = { ...now.history, entries };
      const catalog = presentOf(history);
      const changed = new Set(remote.pages.map((p) => p.id));
      const numbers = catalog.pages.flatMap((p, i) => (changed.has(p.id) ? [i + 1] : []));
      this.store.setState({
        base: server,
        revision: changes.revision,
        history,
        catalog,
        currentPageId: catalog.pages.some((p) => p.id === now.currentPageId)
          ? now.currentPageId
          : (catalog.pages[0]?.id ?? null),
      });
      now.notify('info', this.options.text.remote(numbers));
    } finally {
      this.busy = false;
    }
  }
}
