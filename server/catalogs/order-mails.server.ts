import { getT } from '../../core/i18n/index.ts';
import { addressLines, formatOrderNumber, type MerchantOrderStatus } from '../../core/orders/index.ts';
import type { MailMessage } from '../mail/index.ts';
import type { OrderLine, OrderView } from './orders.server.ts';
import type { PublishedCatalog } from './published.server.ts';

type T = ReturnType<typeof getT>;

function money(value: number | null, currency: string | null, locale: string): string {
  if (value === null) return '—';
  try {
    return new Intl.NumberFormat(locale, { style: 'currency', currency: currency ?? 'USD' }).format(value);
  } catch {
    return `${value.toFixed(2)} ${currency ?? ''}`.trim();
  }
}

function lineText(l: OrderLine, locale: string, t: T): string {
  const name = l.variation_title ? `${l.title} (${l.variation_title})` : l.title;
  const sku = l.sku ? ` [${l.sku}]` : '';
  const backorder = l.backorder ? ` — ${t('mail.backorder', { count: l.backorder })}` : '';
  return `- ${l.quantity} × ${name}${sku} @ ${money(l.price, l.currency, locale)} = ${money(l.line_total, l.currency, locale)}${backorder}`;
}

/** How the mails of one catalog speak: its language, and the seller as the buyer knows them. */
function voice(published: PublishedCatalog) {
  const lang = published.catalog.settings.language;
  return {
    t: getT(lang, 'viewer'),
    locale: lang || 'en',
    seller: published.owner.name || published.catalog.title,
  };
}

const orderName = (order: OrderView) => (order.number === null ? '' : formatOrderNumber(order.number));

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
  const { t, locale, seller } = voice(published);
  return {
    to: order.customer.email,
    subject: String(t('mail.confirmSubject', { seller })),
    text: [
      String(t('mail.confirmIntro', { seller, catalog: published.catalog.title })),
      '',
      opts.confirmUrl,
      '',
      order.items.map((l) => lineText(l, locale, t)).join('\n'),
      `${t('mail.total')}: ${money(order.total, order.currency, locale)}`,
      '',
      String(t('mail.confirmIgnore')),
    ].join('\n'),
  };
}

/** The buyer's addresses as a mail shows them: billing, then shipping (or that it goes to the billing address). */
function addressBlock(order: OrderView, t: T, locale: string): string {
  const { billing, shipping } = order.customer;
  if (!billing && !shipping) return '';
  const block = (label: string, lines: string[]) => `${label}:\n${lines.join('\n')}\n`;
  return [
    billing ? block(String(t('mail.billing')), addressLines(billing, locale)) : '',
    shipping
      ? block(String(t('mail.shipping')), addressLines(shipping, locale))
      : `${t('mail.shippingToBilling')}\n`,
  ]
    .filter(Boolean)
    .join('\n');
}

/**
 * The two mails of a confirmed order: to the merchant (every detail; a reply goes to the buyer) and the buyer's
 * confirmation (SPEC §8: 'You should receive a confirmation by email within a few minutes'; a reply goes to the
 * merchant). Text only: nothing a buyer typed becomes markup in a mail program.
 */
export function orderMails(opts: {
  order: OrderView;
  published: PublishedCatalog;
  viewUrl: string;
}): MailMessage[] {
  const { order, published } = opts;
  const { t, locale, seller } = voice(published);
  const lines = order.items.map((l) => lineText(l, locale, t)).join('\n');
  const total = `${t('mail.total')}: ${money(order.total, order.currency, locale)}`;
  const c = order.customer;
  const customer = [c.name, c.company, c.email, c.phone, c.address].filter(Boolean).join('\n');
  const addresses = addressBlock(order, t, locale);
  const number = `${t('mail.orderId')}: ${orderName(order)}`;
  const comments = order.comments ? `${t('mail.comments')}:\n${order.comments}\n` : '';
  const mails: MailMessage[] = [];
  if (published.owner.email) {
    mails.push({
      to: published.owner.email,
      replyTo: c.email,
      subject: String(
        t('mail.merchantSubject', {
          number: orderName(order),
          catalog: published.catalog.title,
          name: c.name,
        }),
      ),
      text: [
        String(t('mail.merchantIntro', { catalog: published.catalog.title })),
        '',
        number,
        '',
        customer,
        '',
        addresses,
        lines,
        total,
        '',
        comments,
        opts.viewUrl,
      ].join('\n'),
    });
  }
  mails.push({
    to: c.email,
    ...(published.owner.email ? { replyTo: published.owner.email } : {}),
    subject: String(t('mail.buyerSubject', { number: orderName(order), seller })),
    text: [
      String(t('mail.buyerIntro', { name: c.name, seller })),
      '',
      number,
      '',
      lines,
      total,
      '',
      addresses,
      comments,
      opts.viewUrl,
    ].join('\n'),
  });
  return mails;
}

/**
 * The buyer told that the merchant changed their order's status. Like the request to confirm, it carries nothing
 * anyone typed into the order (an order the merchant accepted was never confirmed by its buyer): the number, the
 * catalog's products and prices, the seller's name; a reply goes to the seller.
 */
export function orderStatusMail(opts: {
  order: OrderView;
  published: PublishedCatalog;
  status: MerchantOrderStatus;
  viewUrl: string;
}): MailMessage {
  const { order, published, status } = opts;
  const { t, locale, seller } = voice(published);
  const number = orderName(order);
  const date = new Date(order.created_at).toLocaleDateString(locale, { dateStyle: 'long', timeZone: 'UTC' });
  const word = String(t(`mail.statusWords.${status}`));
  return {
    to: order.customer.email,
    ...(published.owner.email ? { replyTo: published.owner.email } : {}),
    subject: String(t('mail.statusSubject', { number, seller, status: word })),
    text: [
      String(t('mail.statusIntro', { number, seller, date, status: word })),
      String(t(`mail.statusNext.${status}`, { seller })),
      '',
      order.items.map((l) => lineText(l, locale, t)).join('\n'),
      `${t('mail.total')}: ${money(order.total, order.currency, locale)}`,
      '',
      opts.viewUrl,
    ].join('\n'),
  };
}
