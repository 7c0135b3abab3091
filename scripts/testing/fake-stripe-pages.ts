import type { IncomingMessage } from 'node:http';
import type { FakeStripe } from './fake-stripe.ts';
import type { Obj } from './fake-stripe-objects.ts';

export type PageAnswer = { status: number; html: string; location?: string };

export async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  const chunks: Buffer[] = [];
  for await (const c of req) chunks.push(c as Buffer);
  return new URLSearchParams(Buffer.concat(chunks).toString('utf8'));
}

const esc = (s: unknown) =>
  String(s ?? '').replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
const money = (cents: number, currency: string) =>
  new Intl.NumberFormat('en-US', { style: 'currency', currency: currency.toUpperCase() }).format(cents / 100);

function layout(title: string, body: string) {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${esc(title)}</title><style>
body{margin:0;font:15px/1.5 system-ui,sans-serif;background:#f6f9fc;color:#1a1f36}
main{max-width:440px;margin:40px auto;padding:32px;background:#fff;border-radius:8px;box-shadow:0 2px 12px rgba(0,0,0,.08)}
label{display:block;margin:14px 0 4px;font-weight:600}input{width:100%;box-sizing:border-box;padding:10px;border:1px solid #cfd7df;border-radius:6px;font:inherit}
button{margin-top:20px;width:100%;padding:12px;border:0;border-radius:6px;background:#635bff;color:#fff;font:600 16px system-ui}
.row{display:flex;gap:12px}.row>div{flex:1}.error{color:#df1b41;margin-top:12px}.amount{font-size:28px;font-weight:700}
.test{display:inline-block;background:#ffde92;color:#5f3b00;font-size:12px;padding:2px 8px;border-radius:4px}
</style></head><body><main><span class="test">TEST MODE</span>${body}</main></body></html>`;
}

/**
 * The hosted checkout page of a session: a card form that completes the session (subscription: a paid
 * subscription and invoice; setup: a saved card), sends Stripe's webhooks, then redirects to the success URL.
 * Card 4000 0000 0000 0002 is declined, as Stripe's test card is.
 */
export async function checkoutPage(
  fake: FakeStripe,
  url: URL,
  form: URLSearchParams | null,
): Promise<PageAnswer> {
  const id = url.pathname.split('/')[2] ?? '';
  const session = fake.sessions.get(id);
  if (!session)
    return { status: 404, html: layout('Not found', '<h1>This checkout session does not exist.</h1>') };
  if (session.status !== 'open')
    return { status: 410, html: layout('Expired', '<h1>This checkout session is no longer open.</h1>') };
  let error = '';
  if (form) {
    const number = form.get('cardnumber') ?? '';
    const [mm, yy] = (form.get('exp') ?? '').split('/').map((s) => Number(s.trim()));
    if (number.replace(/\D/g, '') === '4000000000000002') error = 'Your card was declined.';
    else if (!/^\d{12,19}$/.test(number.replace(/\s/g, ''))) error = 'Your card number is incomplete.';
    else if (!mm || !yy || mm > 12) error = "Your card's expiration date is incomplete.";
    else {
      const done = await fake.completeSession(id, { number, expMonth: mm, expYear: 2000 + (yy % 100) });
      return {
        status: 303,
        html: '',
        location: String(done.success_url).replace('{CHECKOUT_SESSION_ID}', id),
      };
    }
  }
  const price = session._line_items?.[0] ? fake.prices.get(session._line_items[0].price) : null;
  const summary = price
    ? `<p>${esc(price.nickname)}</p><p class="amount">${money(session.amount_total, session.currency)}</p>
       <p>${session.amount_total !== session.amount_subtotal ? `Discount applied · was ${money(session.amount_subtotal, session.currency)} · ` : ''}billed every ${esc(price.recurring?.interval)}</p>`
    : '<h1>Save a card</h1><p>Your card will be used for future payments.</p>';
  const action = price ? `Pay ${money(session.amount_total, session.currency)}` : 'Save card';
  return {
    status: error ? 402 : 200,
    html: layout(
      'Checkout',
      `${summary}<form method="post">
      <label for="email">Email</label><input id="email" name="email" value="${esc(fake.customers.get(session.customer)?.email)}">
      <label for="cardnumber">Card number</label><input id="cardnumber" name="cardnumber" inputmode="numeric" value="4242 4242 4242 4242">
      <div class="row"><div><label for="exp">Expiry (MM / YY)</label><input id="exp" name="exp" value="12 / 34"></div>
      <div><label for="cvc">CVC</label><input id="cvc" name="cvc" value="123"></div></div>
      <label for="name">Name on card</label><input id="name" name="name" value="">
      ${error ? `<p class="error" role="alert">${esc(error)}</p>` : ''}
      <button type="submit">${esc(action)}</button></form>
      ${session.cancel_url ? `<p><a href="${esc(session.cancel_url)}">Back</a></p>` : ''}`,
    ),
  };
}

export function portalPage(fake: FakeStripe, url: URL): PageAnswer {
  const portal: Obj | undefined = fake.portalSessions.get(url.pathname.split('/')[2] ?? '');
  if (!portal)
    return { status: 404, html: layout('Not found', '<h1>This portal session does not exist.</h1>') };
  const invoices = [...fake.invoices.values()].filter((i) => i.customer === portal.customer);
  return {
    status: 200,
    html: layout(
      'Billing',
      `<h1>Billing</h1><ul>${invoices.map((i) => `<li>${esc(i.number)} · ${money(i.amount_paid || i.amount_due, i.currency)} · ${esc(i.status)}</li>`).join('')}</ul>
      <p><a href="${esc(portal.return_url)}">Return to Catalog Builder</a></p>`,
    ),
  };
}
