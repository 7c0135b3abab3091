export { createMailer } from './mail.server.ts';
export type { MailMessage, Mailer } from './mail.server.ts';
