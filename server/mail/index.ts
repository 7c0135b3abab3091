export { createMailer } from './mail.server.ts';
export type { Mailer } from './mail.server.ts';
