import type { IdGenerator } from '../layouts/index.ts';
import type { Catalog } from '../model/index.ts';

/** Where an element sits: page index and element (= cell) index. */
export interface ElementRef {
  pageIndex: number;
  elementIndex: number;
}

/**
 * What every command returns: the new document and the page the editor should show. A command never
 * mutates its input; unchanged pages are shared with the input document.
 */
export interface CommandResult {
  catalog: Catalog;
  currentPage: number;
  /** The element the command placed, so the editor can select it for editing (SPEC §4, 300 ms). */
  selection?: ElementRef;
}

export interface CommandOptions {
  /** The page the editor shows; defaults to 0. */
  currentPage?: number;
  /** Id generator for new pages and elements; defaults to globalThis.crypto.randomUUID. */
  newId?: IdGenerator;
}
