/** A catalog document as stored, before it is checked against CatalogSchema. */
export type RawDocument = Record<string, unknown>;

/**
 * One upgrade step: turns a document of schema version `from` into version `from + 1`. `up` receives a
 * private copy it may change in place, and must be deterministic (no random ids, no clock).
 */
export interface Migration {
  from: number;
  description: string;
  up(doc: RawDocument): RawDocument;
}
