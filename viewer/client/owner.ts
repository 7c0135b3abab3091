import type { ViewerBoot } from './boot.ts';
import { dialog, h, notice, request, t, toast, type RequestError } from './dom.ts';

type HostStatus = {
  host: string;
  verified: boolean;
  problem: 'not_found' | 'dns_unreachable' | 'taken' | null;
  txt: { name: string; value: string };
  cname: { name: string; target: string };
};

type SettingsView = {
  settings: Record<string, unknown>;
  has_password: boolean;
  protection_lapsed: boolean;
  published: boolean;
  custom_host: string | null;
  custom_host_status: HostStatus | null;
  slug: string | null;
  url: string;
};

/** New visitor passwords (the server's rule, checked here first so the owner is told in their language). */
const PASSWORD_MIN_LENGTH = 8;

/** Why the server refused a setting, in the owner's language where we know the reason. */
function refusal(err: RequestError): string {
  for (const d of err.details) {
    if (d.path?.[0] === 'custom_host' && d.problem) return t(`owner.hostProblems.${d.problem}`);
    if (d.path?.[0] === 'password' && err.status === 400) return t('owner.passwordShort');
  }
  return err.message;
}

/** The host's verification: verified, or the DNS records to add and a button to check them now. */
function hostStatusView(id: string, initial: HostStatus): HTMLElement {
  const box = h('div', { id: 'vw-host-status', 'aria-live': 'polite' });
  const code = (value: string) => h('code', { className: 'vw-dns' }, value);
  const render = (status: HostStatus) => {
    if (status.verified) {
      box.replaceChildren(notice('ok', t('owner.hostVerified', { host: status.host })));
      return;
    }
    const check = h(
      'button',
      { type: 'button', className: 'vw-btn vw-secondary', id: 'vw-host-check' },
      t('owner.hostCheck'),
    );
    check.addEventListener('click', async () => {
      check.disabled = true;
      check.textContent = t('owner.hostChecking');
      try {
        const view = await request<SettingsView>(`/api/v1/catalogs/${id}/custom-host/verify`, {
          method: 'POST',
        });
        if (view.custom_host_status) render(view.custom_host_status);
      } catch (err) {
        box.append(notice('err', t('owner.saveFailed'), (err as Error).message));
        check.disabled = false;
        check.textContent = t('owner.hostCheck');
      }
    });
    const problem =
      status.problem === 'not_found'
        ? t('owner.hostNotFound')
        : status.problem === 'dns_unreachable'
          ? t('owner.hostUnreachable')
          : status.problem === 'taken'
            ? t('owner.hostTaken')
            : null;
    box.replaceChildren(
      ...[
        notice('info', t('owner.hostPending', { host: status.host })),
        h('p', { className: 'vw-muted' }, t('owner.hostTxt', { name: status.txt.name })),
        code(status.txt.value),
        h('p', { className: 'vw-muted' }, t('owner.hostCname', { name: status.cname.name })),
        code(status.cname.target),
        problem ? notice('err', problem) : null,
        h('div', {}, check),
      ].filter((n): n is HTMLElement => !!n),
    );
  };
  render(initial);
  return box;
}

/** Publish or unpublish (a draft answers 404 to everyone but its owner and staff). */
function publicationView(id: string, view: SettingsView, trial: boolean): HTMLElement {
  const status = h('div', { 'aria-live': 'polite' });
  const toggle = h(
    'button',
    {
      type: 'button',
      className: `vw-btn ${view.published ? 'vw-secondary' : 'vw-primary'}`,
      id: 'vw-publish',
    },
    t(view.published ? 'owner.unpublish' : 'owner.publish'),
  );
  toggle.addEventListener('click', async () => {
    toggle.disabled = true;
    try {
      await request(`/api/v1/catalogs/${id}/settings`, {
        method: 'PUT',
        body: JSON.stringify({ published: !view.published }),
      });
      location.reload();
    } catch (err) {
      status.replaceChildren(notice('err', t('owner.saveFailed'), (err as Error).message));
      toggle.disabled = false;
    }
  });
  return h(
    'div',
    { className: 'vw-form vw-section' },
    h('h3', {}, t('owner.publication')),
    notice(view.published ? 'ok' : 'info', t(view.published ? 'owner.published' : 'owner.draft')),
    view.published && trial ? h('p', { className: 'vw-muted' }, t('owner.trialNoindex')) : null,
    status,
    h('div', {}, toggle),
  );
}

const SAVED_KEY = 'vw-settings-saved';

/** After the reload that follows a save, the owner is told their settings were saved. */
export function showSavedNotice(boot: ViewerBoot) {
  try {
    if (!boot.owner || sessionStorage.getItem(SAVED_KEY) !== boot.owner.catalogId) return;
    sessionStorage.removeItem(SAVED_KEY);
  } catch {
    return;
  }
  toast(t('owner.saved'));
}

/** SPEC §9 embed sizes. */
const EMBED_SIZES = {
  small: [560, 280],
  medium: [640, 340],
  large: [860, 465],
  xlarge: [990, 560],
  custom: [990, 560],
} as const;

/**
 * A frame for a portrait catalog (issue 22 §15): narrow enough that the book shows one page at a time (page-flip
 * turns to single pages under two 260 px pages; the server's first spread under 700 px), as tall as that page
 * with the embed's bar, page bar and margins.
 */
const PORTRAIT_WIDTH = 480;
const EMBED_CHROME_PX = 48 + 60 + 24;
const portraitFrame = (ratio: number): [number, number] => [
  PORTRAIT_WIDTH,
  Math.round((PORTRAIT_WIDTH - 24) / ratio + EMBED_CHROME_PX),
];

const BUTTONS = ['share_button', 'print_button', 'download_pages_button', 'download_pdf_button'] as const;

/**
 * The owner's panel (SPEC §2.5, §6): address (slug with the availability check), buttons, display, product
 * links, privacy and password, email texts, the embed code in SPEC §9's sizes, this cycle's orders and the
 * visitors' figures. Saving reloads the catalog (SPEC §4).
 */
export async function openOwnerPanel(boot: ViewerBoot) {
  const owner = boot.owner!;
  const id = encodeURIComponent(owner.catalogId);
  const [view, orders, stats] = await Promise.all([
    request<SettingsView>(`/api/v1/catalogs/${id}/settings`),
    request<{ count: number }>('/api/v1/orders/count/last-cycle').catch(() => null),
    request<{ page_views: number; product_clicks: number; average_seconds_on_page: number }>(
      `/api/v1/catalogs/${id}/analytics`,
    ).catch(() => null),
  ]);
  const s = view.settings;
  const plan = owner.plan;
  const upgrade = (allowed: boolean) =>
    allowed ? null : h('p', { className: 'vw-muted' }, t('owner.upgrade'));
  const check = (name: string, label: string, disabled = false) =>
    h(
      'label',
      { className: 'vw-check' },
      h('input', { type: 'checkbox', name, checked: !!s[name], disabled }),
      label,
    );
  const text = (name: string, label: string, value: string, attrs: Record<string, string | boolean> = {}) =>
    h('label', {}, label, h('input', { className: 'vw-field', name, value, ...attrs }));
  const select = (
    name: string,
    label: string,
    options: [string, string][],
    value: string,
    disabled = false,
  ) =>
    h(
      'label',
      {},
      label,
      h(
        'select',
        { className: 'vw-field', name, disabled },
        options.map(([v, l]) => h('option', { value: v, selected: v === value }, l)),
      ),
    );

  // Address: the slug, checked as it is typed (GET checkSlug), saved on its own (PUT slug), then shown at it.
  const slugInput = h('input', {
    className: 'vw-field',
    id: 'vw-slug',
    value: view.slug ?? '',
    'aria-describedby': 'vw-slug-status',
  });
  const slugStatus = h(
    'p',
    { id: 'vw-slug-status', className: 'vw-muted', 'aria-live': 'polite' },
    t('owner.slugHelp'),
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  slugInput.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(async () => {
      const r = await request<{ status: string; slug: string }>(
        `/api/v1/checkSlug?title=${encodeURIComponent(slugInput.value)}&catalogId=${id}`,
      ).catch(() => null);
      if (!r) return;
      slugStatus.textContent =
        r.status === 'exists'
          ? t('owner.urlExists')
          : r.status === 'available'
            ? `${t('owner.slugAvailable')} /view/${r.slug}`
            : t('owner.slugHelp');
      slugInput.setAttribute('aria-invalid', String(r.status === 'exists'));
    }, 250);
  });
  const slugSave = h('button', { type: 'button', className: 'vw-btn vw-secondary' }, t('owner.slugSave'));
  slugSave.addEventListener('click', async () => {
    try {
      const r = await request<{ url: string }>(`/api/v1/catalogs/${id}/slug`, {
        method: 'PUT',
        body: JSON.stringify({ slug: slugInput.value }),
      });
      location.href = r.url;
    } catch (err) {
      slugStatus.textContent =
        (err as Error & { status?: number }).status === 409 ? t('owner.urlExists') : (err as Error).message;
    }
  });

  // Embed code (SPEC §9 sizes), only where the plan allows embedding (SPEC §6).
  const embedBase = `${owner.appUrl}${boot.base.startsWith('/view/') ? boot.base : `/view/${owner.catalogId}`}?embed=1`;
  const code = h('textarea', {
    className: 'vw-field vw-code',
    readonly: true,
    id: 'vw-embed-code',
    'aria-label': t('owner.embedCode'),
  });
  // SPEC §9's sizes are landscape, for spreads; a portrait catalog is offered, and given first, a portrait frame.
  const sizes: Record<string, readonly [number, number]> = { ...EMBED_SIZES };
  const portrait = boot.ratio < 1;
  if (portrait) sizes.portrait = portraitFrame(boot.ratio);
  const size = h(
    'select',
    { className: 'vw-field', id: 'vw-embed-size' },
    (portrait ? ['portrait', ...Object.keys(EMBED_SIZES)] : Object.keys(EMBED_SIZES)).map((k) =>
      h(
        'option',
        { value: k },
        k === 'portrait'
          ? t('owner.sizes.portrait', { width: sizes.portrait![0], height: sizes.portrait![1] })
          : t(`owner.sizes.${k}`),
      ),
    ),
  );
  const setCode = () => {
    const [w, hgt] = sizes[size.value]!;
    code.value = `<iframe src="${embedBase}" width="${w}" height="${hgt}" style="border:0;max-width:100%" allow="fullscreen" title="${boot.title.replace(/"/g, '&quot;')}"></iframe>`;
  };
  size.addEventListener('change', setCode);
  setCode();
  const copy = h('button', { type: 'button', className: 'vw-btn vw-secondary' }, t('owner.embedCopy'));
  copy.addEventListener(
    'click',
    () => void navigator.clipboard?.writeText(code.value).catch(() => code.select()),
  );

  const form = h(
    'form',
    { className: 'vw-owner-form' },
    h(
      'div',
      { className: 'vw-section vw-form' },
      h('h3', {}, t('owner.buttons')),
      ...BUTTONS.map((b) => check(b, t(`owner.${b}`))),
    ),
    h(
      'div',
      { className: 'vw-section vw-form' },
      h('h3', {}, t('owner.display')),
      check('showFlipbook', t('owner.showFlipbook')),
      check('single_page_mode', t('owner.single_page_mode')),
      check('right_to_left', t('owner.right_to_left')),
      h(
        'label',
        {},
        t('owner.background_color'),
        h('input', {
          className: 'vw-field',
          type: 'color',
          name: 'background_color',
          value: String(s.background_color ?? '#222222'),
        }),
      ),
      select(
        'language',
        t('owner.language'),
        [
          ['en', 'English'],
          ['fr', 'Français'],
        ],
        String(s.language ?? 'en'),
      ),
    ),
    h(
      'div',
      { className: 'vw-section vw-form' },
      h('h3', {}, t('owner.products')),
      select(
        'products_link',
        t('owner.products_link'),
        [
          ['none', t('owner.link_none')],
          ['online_store', t('owner.link_online_store')],
          ['retail_orders', t('owner.link_retail_orders')],
          ['digital_orders', t('owner.link_digital_orders')],
        ],
        String(s.products_link ?? 'none'),
        !plan.products_link,
      ),
      upgrade(plan.products_link),
      text('online_store_link', t('owner.online_store_link'), String(s.online_store_link ?? ''), {
        type: 'url',
        placeholder: 'https://',
      }),
      // Wholesale orders over the stock a product shows: taken and flagged on the order, or refused.
      h(
        'label',
        { className: 'vw-check' },
        h('input', {
          type: 'checkbox',
          name: 'allow_backorders',
          checked: s.allow_backorders !== false,
          disabled: !plan.digital_orders,
          'aria-describedby': 'vw-backorders-help',
        }),
        t('owner.allow_backorders'),
      ),
      h('p', { className: 'vw-muted', id: 'vw-backorders-help' }, t('owner.allow_backordersHelp')),
    ),
    h(
      'div',
      { className: 'vw-section vw-form' },
      h('h3', {}, t('owner.privacy')),
      select(
        'visibility',
        t('owner.visibility'),
        [
          ['public', t('owner.public')],
          ['unlisted', t('owner.unlisted')],
        ],
        String(s.visibility ?? 'public'),
        !plan.privacy,
      ),
      view.protection_lapsed ? notice('err', t('owner.protectionLapsed')) : null,
      // After a downgrade the protection can still be removed (never added, nor its password changed).
      check('password_protection', t('owner.password_protection'), !plan.password && !view.protection_lapsed),
      text('password', t('owner.password'), '', {
        type: 'password',
        autocomplete: 'new-password',
        'aria-describedby': 'vw-password-help',
        disabled: !plan.password,
        placeholder: view.has_password ? t('owner.passwordKept') : '',
      }),
      plan.password
        ? h('p', { className: 'vw-muted', id: 'vw-password-help' }, t('owner.passwordShort'))
        : upgrade(plan.password),
      text('custom_host', t('owner.custom_host'), view.custom_host ?? '', {
        disabled: !plan.custom_domain,
        placeholder: 'catalogs.your-shop.com',
      }),
      plan.custom_domain
        ? h(
            'p',
            { className: 'vw-muted' },
            t('owner.custom_hostHelp', {
              host: view.custom_host || 'catalogs.your-shop.com',
              ref: view.slug || owner.catalogId,
            }),
          )
        : upgrade(false),
      view.custom_host_status ? hostStatusView(id, view.custom_host_status) : null,
    ),
    h(
      'div',
      { className: 'vw-section vw-form' },
      h('h3', {}, t('owner.emailTexts')),
      text('email_subject', t('owner.email_subject'), String(s.email_subject ?? '')),
      h(
        'label',
        {},
        t('owner.email_content'),
        h('textarea', { className: 'vw-field', name: 'email_content' }, String(s.email_content ?? '')),
      ),
    ),
  );
  const status = h('div', { 'aria-live': 'polite' });
  const save = h('button', { type: 'submit', className: 'vw-btn vw-primary' }, t('owner.save'));
  // The save button stays in sight at the panel's foot, whichever section is being changed.
  form.append(h('div', { className: 'vw-savebar' }, status, save));
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    const data = new FormData(form);
    const patch: Record<string, unknown> = {};
    for (const b of [...BUTTONS, 'showFlipbook', 'single_page_mode', 'right_to_left'])
      patch[b] = data.get(b) === 'on';
    patch.background_color = String(data.get('background_color') ?? '#222222');
    patch.language = String(data.get('language') ?? 'en');
    patch.email_subject = String(data.get('email_subject') ?? '');
    patch.email_content = String(data.get('email_content') ?? '');
    patch.online_store_link = String(data.get('online_store_link') ?? '') || null;
    if (plan.products_link) patch.products_link = String(data.get('products_link'));
    if (plan.digital_orders) patch.allow_backorders = data.get('allow_backorders') === 'on';
    if (plan.privacy) patch.visibility = String(data.get('visibility'));
    if (plan.password) {
      patch.password_protection = data.get('password_protection') === 'on';
      const pw = String(data.get('password') ?? '');
      if (pw && pw.length < PASSWORD_MIN_LENGTH) {
        status.replaceChildren(notice('err', t('owner.passwordShort')));
        return;
      }
      if (pw) patch.password = pw;
    } else if (view.protection_lapsed && data.get('password_protection') !== 'on') {
      patch.password_protection = false;
    }
    if (plan.custom_domain) patch.custom_host = String(data.get('custom_host') ?? '').trim() || null;
    save.disabled = true;
    save.textContent = t('owner.saving');
    try {
      await request(`/api/v1/catalogs/${id}/settings`, { method: 'PUT', body: JSON.stringify(patch) });
      // The catalog reloads as saved (SPEC §4), then says so (showSavedNotice).
      try {
        sessionStorage.setItem(SAVED_KEY, owner.catalogId);
      } catch {
        // Storage refused (private browsing): the reload alone shows the change.
      }
      location.reload();
    } catch (err) {
      status.replaceChildren(notice('err', t('owner.saveFailed'), refusal(err as RequestError)));
      save.disabled = false;
      save.textContent = t('owner.save');
    }
  });

  dialog({
    title: t('owner.title'),
    side: true,
    id: 'vw-owner',
    body: [
      h('p', { className: 'vw-muted vw-intro' }, t('owner.intro')),
      h(
        'div',
        { className: 'vw-section' },
        orders
          ? h(
              'p',
              {},
              t('owner.orders', { count: orders.count }),
              ' · ',
              h('a', { href: owner.ordersUrl }, t('owner.ordersLink')),
            )
          : null,
        stats
          ? h(
              'p',
              { className: 'vw-muted' },
              t('owner.stats', {
                views: t('owner.statsViews', { count: stats.page_views }),
                clicks: t('owner.statsClicks', { count: stats.product_clicks }),
                seconds: stats.average_seconds_on_page,
              }),
            )
          : null,
        h('p', {}, h('a', { href: owner.editUrl }, t('owner.edit'))),
      ),
      publicationView(id, view, owner.trial),
      h(
        'div',
        { className: 'vw-form vw-section' },
        h('h3', {}, t('owner.address')),
        h('label', { for: 'vw-slug' }, t('owner.slug')),
        slugInput,
        slugStatus,
        h('div', {}, slugSave),
      ),
      form,
      h(
        'div',
        { className: 'vw-section vw-form' },
        h('h3', {}, t('owner.embed')),
        plan.embeddable ? h('label', { for: 'vw-embed-size' }, t('owner.embedSize')) : null,
        plan.embeddable ? size : null,
        plan.embeddable ? code : notice('info', t('embed.refused')),
        plan.embeddable ? h('div', {}, copy) : null,
      ),
    ],
  });
}
