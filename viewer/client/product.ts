import { ADDRESS_LIMITS, countryOptions } from '../../core/orders/countries.ts';
import type { ViewerBoot } from './boot.ts';
import { dialog, h, money, notice, request, t } from './dom.ts';

type ProductData = {
  id: string;
  title: string;
  description_html: string;
  images: { url: string; alt: string }[];
  price: number | null;
  compare_at_price: number | null;
  currency: string;
  sku: string | null;
  stock: number | null;
  url: string | null;
  variations: { id: string; title: string; sku: string | null; price: number | null; stock: number | null }[];
};

export type CartLine = {
  product_id: string;
  variation_id: string | null;
  title: string;
  variation_title: string | null;
  price: number | null;
  currency: string;
  quantity: number;
  url: string | null;
};

/**
 * The cart (SPEC §2.6): wholesale (digital_orders, sent to the merchant as an order) or retail (handed to the
 * store's own cart). Kept in this browser per catalog, so a reload keeps it.
 */
export class Cart {
  private lines: CartLine[];
  private readonly key: string;

  constructor(
    private readonly boot: ViewerBoot,
    private readonly changed: () => void,
  ) {
    this.key = `cb-cart:${boot.id}`;
    try {
      this.lines = JSON.parse(localStorage.getItem(this.key) ?? '[]') as CartLine[];
    } catch {
      this.lines = [];
    }
  }

  private save() {
    try {
      localStorage.setItem(this.key, JSON.stringify(this.lines));
    } catch {
      // Private browsing without storage: the cart lives as long as the page.
    }
    this.changed();
  }

  count(): number {
    return this.lines.reduce((n, l) => n + l.quantity, 0);
  }

  add(line: CartLine) {
    const same = this.lines.find(
      (l) => l.product_id === line.product_id && l.variation_id === line.variation_id,
    );
    if (same) same.quantity += line.quantity;
    else this.lines.push(line);
    this.save();
  }

  private total(): { value: number | null; currency: string } {
    const currency = this.lines[0]?.currency ?? 'USD';
    if (this.lines.some((l) => l.price === null || l.currency !== currency)) return { value: null, currency };
    return { value: this.lines.reduce((s, l) => s + (l.price ?? 0) * l.quantity, 0), currency };
  }

  /** Shopify's cart permalink (/cart/{variant}:{qty},…) when every line has a Shopify variant. */
  private checkoutUrl(): string | null {
    const store = this.boot.store;
    if (!store?.shopify) return null;
    const parts = this.lines.map((l) => {
      const id =
        /ProductVariant\/(\d+)$/.exec(l.variation_id ?? '')?.[1] ?? /^\d+$/.exec(l.variation_id ?? '')?.[0];
      return id ? `${id}:${l.quantity}` : null;
    });
    return parts.every(Boolean) && parts.length ? `${store.url}/cart/${parts.join(',')}` : null;
  }

  open() {
    const wholesale = this.boot.productsLink === 'digital_orders';
    const body = h('div');
    const render = () => {
      body.replaceChildren();
      if (!this.lines.length) {
        body.append(h('p', { className: 'vw-muted' }, t('cart.empty')));
        return;
      }
      const rows = this.lines.map((l, i) => {
        const name = l.variation_title ? `${l.title} — ${l.variation_title}` : l.title;
        const qty = h('input', {
          className: 'vw-field',
          type: 'number',
          min: 1,
          max: 100000,
          value: l.quantity,
          'aria-label': t('product.quantityFor', { name }),
        });
        qty.addEventListener('change', () => {
          const n = Math.floor(Number(qty.value));
          if (n >= 1) l.quantity = Math.min(n, 100000);
          this.save();
          render();
        });
        const remove = h(
          'button',
          { type: 'button', className: 'vw-btn', 'aria-label': t('cart.remove', { name }) },
          '✕',
        );
        remove.addEventListener('click', () => {
          this.lines.splice(i, 1);
          this.save();
          render();
        });
        return h(
          'tr',
          {},
          h('td', {}, name),
          h('td', { className: 'vw-num' }, money(l.price, l.currency, this.boot.lang)),
          h('td', { className: 'vw-num' }, qty),
          h('td', { className: 'vw-num' }, remove),
        );
      });
      const total = this.total();
      body.append(
        h(
          'table',
          { className: 'vw-table' },
          h(
            'thead',
            {},
            h(
              'tr',
              {},
              h('th', { scope: 'col' }, t('product.title')),
              h('th', { scope: 'col', className: 'vw-num' }, t('product.price')),
              h('th', { scope: 'col', className: 'vw-num' }, t('product.quantity')),
              h('th', { scope: 'col', className: 'vw-num' }, h('span', { className: 'vw-sr' }, t('close'))),
            ),
          ),
          h('tbody', {}, rows),
        ),
        total.value !== null
          ? h(
              'p',
              { className: 'vw-price' },
              `${t('cart.total')}: ${money(total.value, total.currency, this.boot.lang)}`,
            )
          : '',
      );
      body.append(wholesale ? this.orderForm(render) : this.retailCheckout());
    };
    render();
    dialog({
      title: t(wholesale ? 'cart.title' : 'cart.retailTitle'),
      body: [body],
      side: true,
      id: 'vw-cart-dialog',
    });
  }

  private retailCheckout(): HTMLElement {
    const url = this.checkoutUrl();
    if (url)
      return h(
        'a',
        { className: 'vw-btn vw-primary', href: url, target: '_blank', rel: 'noopener' },
        t('cart.checkout'),
      );
    return h(
      'ul',
      { className: 'vw-list' },
      this.lines
        .filter((l) => l.url)
        .map((l) =>
          h(
            'li',
            {},
            h(
              'a',
              { href: l.url!, target: '_blank', rel: 'noopener' },
              t('product.viewInStore') + ': ' + l.title,
            ),
          ),
        ),
    );
  }

  /** A postal address's fields (core/orders AddressSchema), named `{prefix}_{field}`, in a fieldset. */
  private addressFields(prefix: 'billing' | 'shipping', legend: string): HTMLFieldSetElement {
    const ac = prefix === 'billing' ? 'billing' : 'shipping';
    const input = (
      field: keyof typeof ADDRESS_LIMITS,
      label: string,
      attrs: Record<string, string | boolean>,
    ) =>
      h(
        'label',
        {},
        label,
        h('input', {
          className: 'vw-field',
          name: `${prefix}_${field}`,
          maxlength: ADDRESS_LIMITS[field],
          ...attrs,
        }),
      );
    const guess = this.boot.lang === 'fr' ? 'FR' : '';
    return h(
      'fieldset',
      { className: 'vw-form vw-address' },
      h('legend', {}, legend),
      input('street', t('cart.street'), { required: true, autocomplete: `${ac} address-line1` }),
      input('street2', t('cart.street2'), { autocomplete: `${ac} address-line2` }),
      h(
        'div',
        { className: 'vw-pair' },
        input('postal_code', t('cart.postalCode'), { autocomplete: `${ac} postal-code` }),
        input('city', t('cart.city'), { required: true, autocomplete: `${ac} address-level2` }),
      ),
      input('region', t('cart.region'), { autocomplete: `${ac} address-level1` }),
      // The label stands beside its select (a label around it would take in every country's name).
      h(
        'div',
        { className: 'vw-labelled' },
        h('label', { for: `vw-${prefix}-country` }, t('cart.country')),
        h(
          'select',
          {
            className: 'vw-field',
            id: `vw-${prefix}-country`,
            name: `${prefix}_country`,
            required: true,
            autocomplete: `${ac} country`,
          },
          h('option', { value: '' }, t('cart.countryChoose')),
          countryOptions(this.boot.lang).map(([code, name]) =>
            h('option', { value: code, selected: code === guess }, name),
          ),
        ),
      ),
    );
  }

  /** SPEC §4 'Orders': sending, then sent (the cart emptied) or the error with the server's details. */
  private orderForm(rerender: () => void): HTMLElement {
    const field = (name: string, label: string, attrs: Record<string, string | boolean> = {}) =>
      h('label', {}, label, h('input', { className: 'vw-field', name, ...attrs }));
    const status = h('div', { 'aria-live': 'polite' });
    const submit = h('button', { type: 'submit', className: 'vw-btn vw-primary' }, t('cart.send'));
    // The goods go to the billing address unless the buyer names another one.
    const shipElsewhere = h('input', { type: 'checkbox', name: 'ship_elsewhere' });
    const shipping = this.addressFields('shipping', t('cart.shipping'));
    const showShipping = () => {
      shipping.hidden = !shipElsewhere.checked;
      shipping.disabled = !shipElsewhere.checked;
    };
    shipElsewhere.addEventListener('change', showShipping);
    showShipping();
    const form = h(
      'form',
      { className: 'vw-form vw-section' },
      h('h3', {}, t('cart.customer')),
      field('name', t('cart.name'), { required: true, autocomplete: 'name' }),
      field('email', t('cart.email'), { required: true, type: 'email', autocomplete: 'email' }),
      field('company', t('cart.company'), { autocomplete: 'organization' }),
      field('phone', t('cart.phone'), { type: 'tel', autocomplete: 'tel' }),
      this.addressFields('billing', t('cart.billing')),
      h('label', { className: 'vw-check' }, shipElsewhere, t('cart.shipElsewhere')),
      shipping,
      h('label', {}, t('cart.comments'), h('textarea', { className: 'vw-field', name: 'comments' })),
      status,
      submit,
    );
    form.addEventListener('submit', async (e) => {
      e.preventDefault();
      const data = new FormData(form);
      const str = (k: string) => String(data.get(k) ?? '');
      const address = (prefix: string) =>
        Object.fromEntries(
          ['street', 'street2', 'postal_code', 'city', 'region', 'country'].map((f) => [
            f,
            str(`${prefix}_${f}`),
          ]),
        );
      submit.disabled = true;
      submit.textContent = t('cart.sending');
      status.replaceChildren();
      try {
        await request(`/api/v1/catalogs/${encodeURIComponent(this.boot.id)}/orders`, {
          method: 'POST',
          body: JSON.stringify({
            customer: {
              name: str('name'),
              email: str('email'),
              company: str('company'),
              phone: str('phone'),
              billing: address('billing'),
              shipping: shipElsewhere.checked ? address('shipping') : null,
            },
            comments: str('comments'),
            items: this.lines.map((l) => ({
              product_id: l.product_id,
              variation_id: l.variation_id,
              quantity: l.quantity,
            })),
          }),
        });
        this.lines = [];
        this.save();
        rerender();
        // SPEC §8's message, then what the buyer must do: the seller gets the order once they confirm it.
        const body = document.querySelector('#vw-cart-dialog .vw-dialog-body');
        body?.prepend(notice('ok', t('cart.sent'), t('cart.confirmByMail', { email: str('email') })));
      } catch (err) {
        status.replaceChildren(
          notice('err', t('cart.failed'), t('cart.details', { details: (err as Error).message })),
        );
        submit.disabled = false;
        submit.textContent = t('cart.send');
      }
    });
    return form;
  }
}

/** The product modal (SPEC §2.6): pictures, description, variants with prices and stock, and what follows. */
export async function openProduct(boot: ViewerBoot, productId: string, cart: Cart) {
  let p: ProductData;
  try {
    p = await request<ProductData>(`${boot.api}/products/${encodeURIComponent(productId)}`);
  } catch {
    return;
  }
  const main = h('img', { src: p.images[0]?.url ?? '', alt: p.images[0]?.alt ?? p.title });
  const strip =
    p.images.length > 1
      ? h(
          'div',
          { className: 'vw-gallery-strip' },
          p.images.map((img, i) => {
            const b = h(
              'button',
              {
                type: 'button',
                'aria-pressed': String(i === 0),
                'aria-label': t('product.picture', { n: i + 1, title: p.title }),
              },
              h('img', { src: img.url, alt: '', loading: 'lazy' }),
            );
            b.addEventListener('click', () => {
              main.src = img.url;
              main.alt = img.alt;
              for (const other of Array.from(strip!.children))
                other.setAttribute('aria-pressed', String(other === b));
            });
            return b;
          }),
        )
      : null;
  const stock = (n: number | null) =>
    n === null ? '' : n > 0 ? t('product.stock', { count: n }) : t('product.outOfStock');
  const desc = h('div', { className: 'vw-desc' });
  // Sanitized on the server (core/sanitize allow-list): markup without script, handlers or unsafe URLs.
  desc.innerHTML = p.description_html;
  const info = h(
    'div',
    {},
    h(
      'p',
      { className: 'vw-price' },
      money(p.price, p.currency, boot.lang),
      p.compare_at_price && p.price !== null && p.compare_at_price > p.price
        ? h('span', { className: 'vw-was' }, money(p.compare_at_price, p.currency, boot.lang))
        : null,
    ),
    p.sku ? h('p', { className: 'vw-muted' }, `${t('product.sku')}: ${p.sku}`) : null,
    p.variations.length ? null : h('p', { className: 'vw-muted' }, stock(p.stock)),
    desc,
  );
  const status = h('div', { 'aria-live': 'polite' });
  const sells = boot.productsLink === 'digital_orders' || boot.productsLink === 'retail_orders';
  const line = (v: ProductData['variations'][number] | null, quantity: number): CartLine => ({
    product_id: p.id,
    variation_id: v?.id ?? null,
    title: p.title,
    variation_title: v?.title ?? null,
    price: v?.price ?? p.price,
    currency: p.currency,
    quantity,
    url: p.url,
  });
  if (sells) {
    const rows = (p.variations.length ? p.variations : [null]).map((v) => {
      const name = v ? `${p.title} — ${v.title}` : p.title;
      const qty = h('input', {
        className: 'vw-field',
        type: 'number',
        min: 0,
        max: 100000,
        value: 0,
        'aria-label': t('product.quantityFor', { name }),
      });
      const row = h(
        'tr',
        {},
        h('td', {}, v ? v.title : p.title, v?.sku ? h('div', { className: 'vw-muted' }, v.sku) : null),
        h('td', { className: 'vw-num' }, money(v?.price ?? p.price, p.currency, boot.lang)),
        h('td', { className: 'vw-num' }, stock(v ? v.stock : p.stock)),
        h('td', { className: 'vw-num' }, qty),
      );
      return { v, qty, row };
    });
    const add = h('button', { type: 'button', className: 'vw-btn vw-primary' }, t('product.addToCart'));
    add.addEventListener('click', () => {
      let added = 0;
      for (const r of rows) {
        const n = Math.min(100000, Math.floor(Number(r.qty.value)));
        if (n > 0) {
          cart.add(line(r.v, n));
          added++;
          r.qty.value = '0';
        }
      }
      status.replaceChildren(
        added ? notice('ok', t('product.added')) : notice('info', t('product.quantity')),
      );
    });
    info.append(
      h(
        'table',
        { className: 'vw-table' },
        h('caption', { className: 'vw-sr' }, t('product.variants')),
        h(
          'thead',
          {},
          h(
            'tr',
            {},
            h('th', { scope: 'col' }, t('product.variant')),
            h('th', { scope: 'col', className: 'vw-num' }, t('product.price')),
            h(
              'th',
              { scope: 'col', className: 'vw-num' },
              h('span', { className: 'vw-sr' }, t('product.stock', { count: '' })),
            ),
            h('th', { scope: 'col', className: 'vw-num' }, t('product.quantity')),
          ),
        ),
        h(
          'tbody',
          {},
          rows.map((r) => r.row),
        ),
      ),
      h('div', { className: 'vw-row' }, add),
      status,
    );
  }
  if (p.url && boot.productsLink !== 'digital_orders') {
    info.append(
      h(
        'p',
        {},
        h(
          'a',
          { className: 'vw-btn vw-secondary', href: p.url, target: '_blank', rel: 'noopener' },
          t('product.viewInStore'),
        ),
      ),
    );
  }
  dialog({
    title: p.title,
    id: 'vw-product',
    body: [
      h(
        'div',
        { className: 'vw-product' },
        h('div', { className: 'vw-gallery' }, p.images.length ? main : null, strip),
        info,
      ),
    ],
  });
}
