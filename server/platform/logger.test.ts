import { Writable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema.ts';
import { openTestDatabase } from '../../scripts/testing/database.ts';
import { createLogger, LOG_STRING_MAX } from './logger.server.ts';

// Errors as the app logs them (define.server.ts: `logger.error({ err, ... }, 'request failed')`), from a real
// database: what reaches the log must be bounded and carry no merchant data.
let database: Awaited<ReturnType<typeof openTestDatabase>>;
beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database?.close());

function capture() {
  const lines: string[] = [];
  const stream = new Writable({
    write(chunk, _enc, done) {
      lines.push(...String(chunk).split('\n').filter(Boolean));
      done();
    },
  });
  return { logger: createLogger('info', stream), lines };
}

async function failure(run: () => Promise<unknown>): Promise<unknown> {
  try {
    await run();
  } catch (err) {
    return err;
  }
  throw new Error('the query did not fail');
}

const EMAIL = 'owner@example.com';
const MEGABYTE = 'y'.repeat(1024 * 1024);

describe('logged errors (createLogger)', () => {
  it('logs a failed query by its statement and a parameter summary: bounded, no values, no email', async () => {
    await database.db.insert(users).values({ email: EMAIL, passwordHash: 'x' });
    const err = await failure(() =>
      database.db.insert(users).values({ email: EMAIL, passwordHash: 'x', businessName: MEGABYTE }),
    );
    const { logger, lines } = capture();
    logger.error({ err, path: '/api/v1/users', method: 'POST' }, 'request failed');
    expect(lines).toHaveLength(1);
    const line = lines[0]!;
    expect(line.length).toBeLessThan(16 * 1024);
    expect(line).not.toContain(EMAIL);
    expect(line).not.toContain('y'.repeat(LOG_STRING_MAX));
    const logged = JSON.parse(line).err;
    expect(logged.message).toBe('Failed query: insert into users');
    expect(logged.statement).toBe('insert into users');
    expect(logged.query).toMatch(/^insert into "users"/);
    expect(logged.params.count).toBeGreaterThanOrEqual(3);
    expect(logged.params.types).toContain(`string(${MEGABYTE.length})`);
    expect(logged.stack).toMatch(/^DrizzleQueryError: Failed query: insert into users\n\s+at /);
    // The database's own error: its code and constraint stay, the row it quotes does not.
    expect(logged.cause).toMatchObject({
      code: '23505',
      constraint: 'users_email_key',
      detail: '[redacted]',
    });
    // PGlite's own error repeats the parameters (pg's does not): summarised the same way, never as values.
    if ('params' in logged.cause) expect(logged.cause.params).toEqual(logged.params);
  });

  it('removes an address the database quotes in its message, and cuts any long field of an error', async () => {
    const err = await failure(() => database.db.execute(sql`select ${EMAIL}::int`));
    const { logger, lines } = capture();
    logger.error({ err }, 'request failed');
    const logged = JSON.parse(lines[0]!).err;
    expect(logged.cause.message).toBe('invalid input syntax for type integer: "[email]"');
    expect(lines[0]).not.toContain(EMAIL);

    const big = Object.assign(new Error(`upstream said ${MEGABYTE}`), { body: MEGABYTE, to: EMAIL });
    logger.warn({ err: big }, 'call failed');
    expect(lines[1]!.length).toBeLessThan(16 * 1024);
    const bounded = JSON.parse(lines[1]!).err;
    expect(bounded.message.length).toBeLessThan(LOG_STRING_MAX + 50);
    expect(bounded.body).toMatch(/… \[1048576 characters\]$/);
    expect(bounded.to).toBe('[email]');
  });
});
