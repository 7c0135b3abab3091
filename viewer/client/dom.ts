import type { ViewerBoot } from './boot.ts';

type Attrs = Record<string, string | number | boolean | null | undefined | EventListener>;
type Child = Node | string | null | undefined | false;

/** A DOM element: attributes (on* are listeners), then children; text is always text, never markup. */
export function h<K extends keyof HTMLElementTagNameMap>(
  tag: K,
  attrs: Attrs = {},
  ...children: (Child | Child[])[]
): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === null || v === undefined || v === false) continue;
    if (k.startsWith('on') && typeof v === 'function') el.addEventListener(k.slice(2), v as EventListener);
    else if (k === 'className') el.className = String(v);
    else el.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

let text: Record<string, string> = {};
export function setText(dict: Record<string, string>) {
  text = dict;
}

/**
 * The viewer namespace's text with {{name}} filled in. A numeric `count` picks the i18next plural form
 * (`key_one`, `key_other`) by the page language's plural rules (French: 0 and 1 are singular).
 */
export function t(key: string, vars: Record<string, string | number> = {}): string {
  const plural =
    typeof vars.count === 'number'
      ? `${key}_${new Intl.PluralRules(document.documentElement.lang || 'en').select(vars.count)}`
      : null;
  const s = (plural && text[plural]) ?? text[`${key}_other`] ?? text[key] ?? key;
  return s.replace(/\{\{(\w+)\}\}/g, (_, k: string) => (vars[k] === undefined ? '' : String(vars[k])));
}

export function money(value: number | null, currency: string, lang: string): string {
  if (value === null || value === undefined) return '';
  try {
    return new Intl.NumberFormat(lang, { style: 'currency', currency }).format(value);
  } catch {
    return value.toFixed(2);
  }
}

/** A modal dialog (the browser's own <dialog>: focus trapped, Escape closes, focus returned on close). */
export function dialog(opts: {
  title: string;
  body: (Node | null)[];
  side?: boolean;
  id?: string;
  onClose?: () => void;
}) {
  const previous = document.activeElement as HTMLElement | null;
  const heading = `vw-dlg-${Math.random().toString(36).slice(2, 8)}`;
  const close = h(
    'button',
    { type: 'button', className: 'vw-btn', 'aria-label': t('close'), title: t('close') },
    '✕',
  );
  const el = h(
    'dialog',
    { className: `vw-dialog${opts.side ? ' vw-side' : ''}`, 'aria-labelledby': heading, id: opts.id },
    h('div', { className: 'vw-dialog-head' }, h('h2', { id: heading }, opts.title), close),
    h('div', { className: 'vw-dialog-body' }, ...opts.body.filter((n): n is Node => !!n)),
  );
  close.addEventListener('click', () => el.close());
  el.addEventListener('click', (e) => {
    if (e.target === el) el.close();
  });
  el.addEventListener('close', () => {
    el.remove();
    opts.onClose?.();
    previous?.focus?.();
  });
  document.body.append(el);
  el.showModal();
  return el;
}

export function notice(kind: 'ok' | 'err' | 'info', message: string, details?: string): HTMLElement {
  return h(
    'div',
    { className: `vw-notice ${kind}`, role: kind === 'err' ? 'alert' : 'status' },
    message,
    details ? h('div', {}, details) : null,
  );
}

/** A short confirmation over the pages (role status, so screen readers say it), gone after a few seconds. */
export function toast(message: string): HTMLElement {
  document.querySelector('.vw-toast')?.remove();
  const el = h('div', { className: 'vw-toast', role: 'status' }, message);
  document.body.append(el);
  setTimeout(() => el.remove(), 6000);
  return el;
}

/** A refusal from our endpoints: the status, the server's message and the fields it names. */
export type RequestError = Error & {
  status?: number;
  details: { path?: string[]; message?: string; problem?: string }[];
};

/** JSON from our own endpoints; a failure carries the server's message. */
export async function request<T>(url: string, init: RequestInit = {}): Promise<T> {
  const res = await fetch(url, {
    ...init,
    credentials: 'same-origin',
    headers: {
      Accept: 'application/json',
      ...(init.body ? { 'Content-Type': 'application/json' } : {}),
      ...init.headers,
    },
  });
  const body = res.status === 204 ? null : await res.json().catch(() => null);
  if (!res.ok) {
    const answer = body as { message?: string; details?: unknown } | null;
    const err = new Error(answer?.message ?? `HTTP ${res.status}`) as RequestError;
    err.status = res.status;
    err.details = Array.isArray(answer?.details) ? (answer.details as RequestError['details']) : [];
    throw err;
  }
  return body as T;
}

export function readBoot(): ViewerBoot {
  const el = document.getElementById('vw-boot');
  return JSON.parse(el?.textContent ?? '{}') as ViewerBoot;
}
