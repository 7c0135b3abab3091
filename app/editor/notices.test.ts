import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { makeCatalog, makeProduct, productPage } from '../../core/commands/fixtures.ts';
import { createEditorStore } from './store.ts';

/** SPEC §8: messages last a set time (6 s for what went well, 10 s for a warning, or their own). */
describe('the editor’s messages', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  const store = () =>
    createEditorStore({ catalog: makeCatalog([productPage('a', [makeProduct(1)])]), revision: 1 });

  it('go by themselves after their duration; a critical one stays until dismissed', () => {
    const s = store().getState;
    s().notify('success', 'Template applied.');
    s().notify('warning', 'Careful.');
    s().notify('critical', 'Broken.');
    s().notify('critical', 'Layout failed.', 10_000);
    vi.advanceTimersByTime(5_999);
    expect(s().notices.map((n) => n.text)).toEqual([
      'Template applied.',
      'Careful.',
      'Broken.',
      'Layout failed.',
    ]);
    vi.advanceTimersByTime(1);
    expect(s().notices.map((n) => n.text)).toEqual(['Careful.', 'Broken.', 'Layout failed.']);
    vi.advanceTimersByTime(4_000);
    expect(s().notices.map((n) => n.text)).toEqual(['Broken.']);
    vi.advanceTimersByTime(600_000);
    expect(s().notices.map((n) => n.text)).toEqual(['Broken.']);
  });
});
