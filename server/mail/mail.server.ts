import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Logger } from '../platform/index.ts';

export type MailMessage = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Where a reply goes instead of the sender (a merchant's order mail: the buyer). */
  replyTo?: string;
  /** A List-Unsubscribe header (RFC 2369): mail clients offer it as an unsubscribe button. */
  list?: { unsubscribe: string };
};
export type Mailer = { send: (message: MailMessage) => Promise<{ messageId: string; file?: string }> };

/**
 * SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to DATA_DIR/outbox with a log
 * line, so a fresh install can still reset passwords (open the .eml) without a mail server.
 */
export function createMailer(opts: {
  smtpUrl?: string;
  from: string;
  outboxDir: string;
  logger: Logger;
}): Mailer {
  if (opts.smtpUrl) {
    const transport = nodemailer.createTransport(opts.smtpUrl);
    return {
      async send(m) {
        const info = await transport.sendMail({ from: opts.from, ...m });
        opts.logger.info({ to: m.to, subject: m.subject, messageId: info.messageId }, 'mail sent');
        return { messageId: info.messageId };
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    async send(m) {
      const info = await transport.sendMail({ from: opts.from, ...m });
      await mkdir(opts.outboxDir, { recursive: true });
      const stamp = new Date().toISOString().replace(/[:.]/g, '-');
      const file = path.join(opts.outboxDir, `${stamp}-${info.messageId.replace(/[^a-zA-Z0-9.-]/g, '')}.eml`);
      await writeFile(file, info.message as Buffer);
      opts.logger.info({ to: m.to, subject: m.subject, file }, 'mail written to outbox');
      return { messageId: info.messageId, file };
    },
  };
}
