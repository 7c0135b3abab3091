import { unpackPages, type Catalog, type PackedCatalog } from '../../core/model/index.ts';
import { apiFetch } from '../components/catalogs/api.ts';
import { withRetry } from './http-retry.ts';

/** A long catalog opened on its first pages (issue 29): its page count and about how big the whole answer is. */
export type Opening = { total: number; expectedBytes: number };

/** The boot's opening from what the loader sent: the first pages' packed size scaled to every page. */
export function openingOf(
  boot: { total: number } | null,
  firstPages: number,
  firstBytes: number,
): Opening | null {
  if (!boot) return null;
  return {
    total: boot.total,
    expectedBytes: Math.round((firstBytes * boot.total) / Math.max(1, firstPages)),
  };
}

/** Why the rest of a long catalog did not arrive: the server's status, or none when the network failed. */
export class OpeningError extends Error {
  constructor(readonly status: number | null) {
    super(`The catalog could not be read${status ? ` (${status})` : ''}`);
  }
}

/**
 * Ask for the whole catalog as the editor holds it (`GET /api/v1/catalogs/{id}/editor`), retried as the editor's
 * other reads are (SPEC §7 'HTTP retry'). Asked as the screen starts, so the server reads it while the page
 * hydrates.
 */
export function askWholeCatalog(catalogId: string, signal?: AbortSignal): Promise<Response> {
  const path = `/api/v1/catalogs/${encodeURIComponent(catalogId)}/editor`;
  const answer = withRetry(path, () => apiFetch(path, { signal }));
  // Read later (readWholeCatalog): a failure meanwhile is not an unhandled one.
  answer.catch(() => undefined);
  return answer;
}

/**
 * Read the answer of `askWholeCatalog`, telling `onProgress` about how many pages have arrived as it comes in (its
 * bytes against the expected size; never all of them before the last byte).
 */
export async function readWholeCatalog(
  asked: Promise<Response>,
  opening: Opening,
  onProgress: (pages: number) => void,
): Promise<{ catalog: Catalog; revision: number; saves: string[] }> {
  const res = await asked;
  if (!res.ok || !res.body) throw new OpeningError(res.status);
  const size = Number(res.headers.get('Content-Length')) || opening.expectedBytes;
  const reader = res.body.getReader();
  const decoder = new TextDecoder();
  let text = '';
  let bytes = 0;
  let last = performance.now();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    bytes += value.byteLength;
    text += decoder.decode(value, { stream: true });
    // Chunks already arrived resolve at once: the page gets its turn (clicks, paints) every 50 ms or so, and the
    // progress moves as often.
    if (performance.now() - last > 50) {
      onProgress(Math.floor(opening.total * Math.min(0.99, bytes / size)));
      await new Promise((resolve) => setTimeout(resolve, 0));
      last = performance.now();
    }
  }
  text += decoder.decode();
  const body = JSON.parse(text) as { revision: number; saves: string[]; packed: PackedCatalog };
  return { catalog: unpackPages(body.packed), revision: body.revision, saves: body.saves };
}
