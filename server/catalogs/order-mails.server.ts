import { getT } from '../../core/i18n/index.ts';
import type { MailMessage } from '../mail/index.ts';
import type { OrderLine, OrderView } from './orders.server.ts';
import type { PublishedCatalog } from './published.server.ts';

function money(value: number | null, currency: string | null, locale: string): string {
  if (value === null) return '—';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency ?? 'USD' }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency ?? ''}`.trim();
  }
}

function lineText(l: OrderLine, locale: string): string {
  const name = l.variation_title ? `${l.title} (${l.variation_title})` : l.title;
  const sku = l.sku ? ` [${l.sku}]` : '';
  return `- ${l.quantity} × ${name}${sku} @ ${money(l.price, l.currency, locale)} = ${money(l.line_total, l.currency, locale)}`;
}

/**
 * The mail that asks the buyer to confirm an order: nothing in it was typed by whoever sent the order (not the
 * name, nor the comments, nor the address fields), since anyone can send an order with anyone's email address.
 * The products and prices come from the catalog, the seller's name from the merchant.
 */
export function confirmationRequestMail(opts: {
  order: OrderView;
  published: PublishedCatalog;
  confirmUrl: string;
}): MailMessage {
  const { order, published } = opts;
  const lang = published.catalog.settings.language;
  const t = getT(lang, 'viewer');
  const locale = lang || 'en';
  const seller = published.owner.name || published.catalog.title;
  return {
    to: order.customer.email,
    subject: String(t('mail.confirmSubject', { seller })),
    text: [
      String(t('mail.confirmIntro', { seller, catalog: published.catalog.title })),
      '',
      opts.confirmUrl,
      '',
      order.items.map((l) => lineText(l, locale)).join('\n'),
      `${t('mail.total')}: ${money(order.total, order.currency, locale)}`,
      '',
      String(t('mail.confirmIgnore')),
    ].join('\n'),
  };
}

/**
 * The two mails of a confirmed order: to the merchant (every detail, a reply goes to the buyer) and the buyer's
 * confirmation (SPEC §8: 'You should receive a confirmation by email within a few minutes'). Text only: nothing
 * a buyer typed becomes markup in a mail program.
 */
export function orderMails(opts: {
  order: OrderView;
  published: PublishedCatalog;
  viewUrl: string;
}): MailMessage[] {
  const { order, published } = opts;
  const lang = published.catalog.settings.language;
  const t = getT(lang, 'viewer');
  const locale = lang || 'en';
  const lines = order.items.map((l) => lineText(l, locale)).join('\n');
  const total = `${t('mail.total')}: ${money(order.total, order.currency, locale)}`;
  const c = order.customer;
  const customer = [c.name, c.company, c.email, c.phone, c.address].filter(Boolean).join('\n');
  const seller = published.owner.name || published.catalog.title;
  const mails: MailMessage[] = [];
  if (published.owner.email) {
    mails.push({
      to: published.owner.email,
      subject: String(t('mail.merchantSubject', { catalog: published.catalog.title, name: c.name })),
      text: [
        String(t('mail.merchantIntro', { catalog: published.catalog.title })),
        '',
        customer,
        '',
        lines,
        total,
        '',
        order.comments ? `${t('mail.comments')}:\n${order.comments}\n` : '',
        `${t('mail.orderId')}: ${order._id}`,
        opts.viewUrl,
      ].join('\n'),
    });
  }
  mails.push({
    to: c.email,
    subject: String(t('mail.buyerSubject', { seller })),
    text: [
      String(t('mail.buyerIntro', { name: c.name, seller })),
      '',
      lines,
      total,
      '',
      order.comments ? `${t('mail.comments')}:\n${order.comments}\n` : '',
      `${t('mail.orderId')}: ${order._id}`,
      opts.viewUrl,
    ].join('\n'),
  });
  return mails;
}
