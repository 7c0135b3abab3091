import { describe, expect, it } from 'vitest';
import { retryDelay, withRetry } from './http-retry.ts';

/** A fake server answering the given statuses in turn ('net' for a network failure), and the waits asked for. */
function scripted(answers: (number | 'net')[]) {
  const waits: number[] = [];
  let calls = 0;
  const send = async () => {
    const a = answers[Math.min(calls, answers.length - 1)]!;
    calls += 1;
    if (a === 'net') throw new TypeError('Failed to fetch');
    return new Response('{}', { status: a });
  };
  const sleep = async (ms: number) => {
    waits.push(ms);
  };
  return { send, sleep, waits, calls: () => calls };
}

describe('the editor’s HTTP retry (SPEC §7, §9)', () => {
  it('waits 3, 6 and 12 s between at most 3 retries, then gives the last answer', async () => {
    expect([0, 1, 2].map(retryDelay)).toEqual([3000, 6000, 12000]);
    const s = scripted([503]);
    const res = await withRetry('/api/v1/pagelayouts/fullTextPage', s.send, s.sleep);
    expect(res.status).toBe(503);
    expect(s.calls()).toBe(4);
    expect(s.waits).toEqual([3000, 6000, 12000]);
  });

  it('stops retrying at the first success, network failures included', async () => {
    const s = scripted(['net', 502, 200]);
    expect((await withRetry('/api/v1/catalogs/x', s.send, s.sleep)).status).toBe(200);
    expect(s.waits).toEqual([3000, 6000]);
  });

  it('throws the network error after the last retry', async () => {
    const s = scripted(['net']);
    await expect(withRetry('/api/v1/x', s.send, s.sleep)).rejects.toThrow('Failed to fetch');
    expect(s.calls()).toBe(4);
  });

  it('never retries /auth paths, a 401, or an answer of the server such as 404', async () => {
    for (const [path, status] of [
      ['/auth/login', 500],
      ['/api/v1/catalogs/x', 401],
      ['/api/v1/catalogs/x', 404],
      ['/api/v1/catalogs/x', 409],
    ] as const) {
      const s = scripted([status, 200]);
      expect((await withRetry(path, s.send, s.sleep)).status).toBe(status);
      expect(s.calls()).toBe(1);
      expect(s.waits).toEqual([]);
    }
  });
});
