// The page organizer's selection and keyboard moves, apart from its component so they are tested alone.

export type OrganizerPick = { selected: string[]; anchor: string | null };

/**
 * A click on a page of the organizer: ctrl or meta toggles it in the selection, shift selects the range from
 * the last page clicked (the anchor), a plain click selects it alone. Selected pages stay in page order.
 */
export function organizerPick(
  pageIds: string[],
  current: OrganizerPick,
  clicked: string,
  keys: { toggle: boolean; range: boolean },
): OrganizerPick {
  const inOrder = (ids: Set<string>) => pageIds.filter((id) => ids.has(id));
  if (keys.toggle) {
    const next = new Set(current.selected);
    if (next.has(clicked)) next.delete(clicked);
    else next.add(clicked);
    return { selected: inOrder(next), anchor: clicked };
  }
  if (keys.range && current.anchor && pageIds.includes(current.anchor)) {
    const a = pageIds.indexOf(current.anchor);
    const b = pageIds.indexOf(clicked);
    const [from, to] = a < b ? [a, b] : [b, a];
    return { selected: pageIds.slice(from, to + 1), anchor: current.anchor };
  }
  return { selected: [clicked], anchor: clicked };
}

/** The page order after moving `selected` together before index `before` (core/commands movePages). */
export function arranged(pageIds: string[], selected: string[], before: number): string[] {
  const set = new Set(selected);
  const rest = pageIds.filter((id) => !set.has(id));
  const moving = pageIds.filter((id) => set.has(id));
  const at = before - pageIds.slice(0, before).filter((id) => set.has(id)).length;
  return [...rest.slice(0, at), ...moving, ...rest.slice(at)];
}

/**
 * Where one step earlier (-1) or later (1) puts the selected pages, as the index they go before: together,
 * one page before the first of them or after the last. Null when that changes nothing (already first or last).
 */
export function stepTarget(pageIds: string[], selected: string[], direction: 1 | -1): number | null {
  const indices = selected
    .map((id) => pageIds.indexOf(id))
    .filter((i) => i >= 0)
    .sort((a, b) => a - b);
  if (!indices.length) return null;
  const before = direction < 0 ? Math.max(0, indices[0]! - 1) : Math.min(pageIds.length, indices.at(-1)! + 2);
  const next = arranged(pageIds, selected, before);
  return next.every((id, i) => id === pageIds[i]) ? null : before;
}
