import { describe, expect, it } from 'vitest';
import { arranged, organizerPick, stepTarget } from './organizer-rules.ts';

const ids = ['a', 'b', 'c', 'd', 'e'];

describe('organizerPick', () => {
  it('selects a page alone on a plain click, toggles with ctrl/meta, takes a range with shift', () => {
    const one = organizerPick(ids, { selected: [], anchor: null }, 'b', { toggle: false, range: false });
    expect(one).toEqual({ selected: ['b'], anchor: 'b' });
    const two = organizerPick(ids, one, 'd', { toggle: true, range: false });
    expect(two.selected).toEqual(['b', 'd']);
    expect(organizerPick(ids, two, 'b', { toggle: true, range: false }).selected).toEqual(['d']);
    const range = organizerPick(ids, { selected: ['d'], anchor: 'd' }, 'a', { toggle: false, range: true });
    expect(range).toEqual({ selected: ['a', 'b', 'c', 'd'], anchor: 'd' });
  });
});

describe('stepTarget and arranged', () => {
  it('moves the selection one page earlier or later, together, as movePages does', () => {
    expect(stepTarget(ids, ['c'], -1)).toBe(1);
    expect(arranged(ids, ['c'], 1)).toEqual(['a', 'c', 'b', 'd', 'e']);
    expect(stepTarget(ids, ['b', 'c'], 1)).toBe(4);
    expect(arranged(ids, ['b', 'c'], 4)).toEqual(['a', 'd', 'b', 'c', 'e']);
    expect(arranged(ids, ['a', 'c'], 4)).toEqual(['b', 'd', 'a', 'c', 'e']);
  });

  it('says null when the pages are already first or last, or nothing is selected', () => {
    expect(stepTarget(ids, ['a', 'b'], -1)).toBeNull();
    expect(stepTarget(ids, ['e'], 1)).toBeNull();
    expect(stepTarget(ids, [], 1)).toBeNull();
    expect(stepTarget(ids, ['a', 'c'], -1)).toBe(0);
  });
});
