import { CURRENT_SCHEMA_VERSION, CatalogSchema, type Catalog } from '../model/index.ts';
import { isObject } from './legacy-values.ts';
import type { Migration, RawDocument } from './types.ts';
import { v0ToV1 } from './v0-to-v1.ts';

/** Every upgrade step, in order; step n upgrades version n to n + 1. */
export const MIGRATIONS: readonly Migration[] = [v0ToV1];

export class CatalogMigrationError extends Error {
  override name = 'CatalogMigrationError';
}

/** The schema version a stored document claims; documents from before versioning are version 0. */
export function schemaVersionOf(raw: RawDocument): number {
  const v = raw.schemaVersion;
  return typeof v === 'number' && Number.isInteger(v) && v >= 0 ? v : 0;
}

/**
 * Run the upgrade steps a stored document needs to reach `target`, without validating the result. The
 * input is never changed. A document newer than this code refuses to load rather than lose fields.
 */
export function upgradeDocument(
  raw: unknown,
  migrations: readonly Migration[] = MIGRATIONS,
  target: number = CURRENT_SCHEMA_VERSION,
): RawDocument {
  if (!isObject(raw)) throw new CatalogMigrationError('A catalog document must be a JSON object');
  let version = schemaVersionOf(raw);
  if (version > target) {
    throw new CatalogMigrationError(
      `Catalog schema version ${version} is newer than this application supports (${target})`,
    );
  }
  // A document already at the target is handed on as it is (callers parse it into new objects): cloning a
  // 1,000-page catalog on every read cost more than reading it.
  if (version === target) return raw as RawDocument;
  let doc: RawDocument = structuredClone(raw);
  while (version < target) {
    const step = migrations.find((m) => m.from === version);
    if (!step) throw new CatalogMigrationError(`No migration from catalog schema version ${version}`);
    doc = step.up(doc);
    version += 1;
    doc.schemaVersion = version;
  }
  return doc;
}

/** Load a stored catalog of any version: run the upgrade steps it needs, then parse it with CatalogSchema. */
export function migrateCatalog(raw: unknown): Catalog {
  return CatalogSchema.parse(upgradeDocument(raw));
}
