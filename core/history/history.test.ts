import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  canRedo,
  canUndo,
  createHistory,
  presentOf,
  pushHistory,
  redo,
  undo,
  type History,
} from './index.ts';

const push = (h: History<string>, ...xs: string[]) => xs.reduce(pushHistory, h);

describe('history', () => {
  it('undoes and redoes through saved copies', () => {
    let h = push(createHistory('a'), 'b', 'c');
    expect(presentOf(h)).toBe('c');
    expect([canUndo(h), canRedo(h)]).toEqual([true, false]);
    h = undo(h);
    expect(presentOf(h)).toBe('b');
    h = undo(h);
    expect(presentOf(h)).toBe('a');
    expect([canUndo(h), canRedo(h)]).toEqual([false, true]);
    expect(undo(h)).toBe(h);
    h = redo(redo(h));
    expect(presentOf(h)).toBe('c');
    expect(redo(h)).toBe(h);
  });

  it('cuts off what could be redone when a new copy is saved', () => {
    const h = push(undo(undo(push(createHistory('a'), 'b', 'c'))), 'x');
    expect(h.entries).toEqual(['a', 'x']);
    expect(presentOf(h)).toBe('x');
    expect(canRedo(h)).toBe(false);
  });

  it('makes no step for a command that left the document as it was', () => {
    const h = push(createHistory('a'), 'b');
    expect(pushHistory(h, presentOf(h))).toBe(h);
  });

  it('forgets the oldest copies past its limit', () => {
    const h = push(createHistory('a', { limit: 3 }), 'b', 'c', 'd');
    expect(h.entries).toEqual(['b', 'c', 'd']);
    expect(presentOf(undo(undo(undo(h))))).toBe('b');
  });

  it('never changes a history it is given', () => {
    const h = Object.freeze(push(createHistory('a'), 'b'));
    Object.freeze(h.entries);
    expect(() => push(undo(h), 'c')).not.toThrow();
    expect(h.entries).toEqual(['a', 'b']);
  });

  it('undo after push returns the previous present, and redo restores it (property)', () => {
    fc.assert(
      fc.property(fc.array(fc.string(), { minLength: 1, maxLength: 20 }), fc.string(), (xs, x) => {
        // Objects, so every saved copy is a distinct document even when the texts repeat.
        const h = xs.map((v) => ({ v })).reduce(pushHistory, createHistory({ v: 'start' }));
        const next = { v: x };
        const pushed = pushHistory(h, next);
        expect(presentOf(undo(pushed))).toBe(presentOf(h));
        expect(presentOf(redo(undo(pushed)))).toBe(next);
      }),
    );
  });
});
