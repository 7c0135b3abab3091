/** Makes a fresh unique id. Commands take one so tests (and the CLI's reproducible builds) can be deterministic. */
export type IdGenerator = () => string;

export const randomId: IdGenerator = () => globalThis.crypto.randomUUID();

/** A deterministic generator (`${prefix}1`, `${prefix}2`, ...) for tests and reproducible builds. */
export function sequentialIds(prefix = 'id-'): IdGenerator {
  let n = 0;
  return () => `${prefix}${++n}`;
}
