import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createLogger } from '../platform/index.ts';
import { createMailer } from './mail.server.ts';

const received: { from: string; to: string[]; data: string }[] = [];
let smtp: SMTPServer;
let port = 0;

beforeAll(async () => {
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    onData(stream, session, callback) {
      let data = '';
      stream.on('data', (c: Buffer) => (data += c.toString()));
      stream.on('end', () => {
        received.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((r) => r.address),
          data,
        });
        callback();
      });
    },
  });
  await new Promise<void>((r) => smtp.listen(0, '127.0.0.1', () => r()));
  port = (smtp.server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((r) => smtp.close(() => r())));

describe('mail', () => {
  it('delivers through a real SMTP server when SMTP_URL is set', async () => {
    const mailer = createMailer({
      smtpUrl: `smtp://127.0.0.1:${port}`,
      from: 'Catalog Builder <no-reply@cb.test>',
      outboxDir: mkdtempSync(path.join(os.tmpdir(), 'cb-mail-')),
      logger: createLogger('silent'),
    });
    await mailer.send({
      to: 'merchant@example.com',
      subject: 'Reset your password',
      text: 'Open http://x/reset/abc',
    });
    expect(received).toHaveLength(1);
    expect(received[0]!.to).toEqual(['merchant@example.com']);
    expect(received[0]!.from).toBe('no-reply@cb.test');
    expect(received[0]!.data).toContain('Subject: Reset your password');
    expect(received[0]!.data).toContain('http://x/reset/abc');
  });

  it('writes an .eml to the outbox without SMTP', async () => {
    const outbox = mkdtempSync(path.join(os.tmpdir(), 'cb-outbox-'));
    const mailer = createMailer({
      from: 'CB <no-reply@cb.test>',
      outboxDir: outbox,
      logger: createLogger('silent'),
    });
    const { file } = await mailer.send({ to: 'a@example.com', subject: 'Hello', text: 'Body text' });
    expect(readdirSync(outbox)).toEqual([path.basename(file!)]);
    const eml = readFileSync(file!, 'utf8');
    expect(eml).toContain('To: a@example.com');
    expect(eml).toContain('Body text');
  });
});
