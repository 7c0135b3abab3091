import type { ViewerBoot } from './boot.ts';
import { dialog, h, notice, request, t } from './dom.ts';

/** Share (SPEC §2.6): the link, email with the owner's subject and text, and a QR code of the link. */
export function openShare(boot: ViewerBoot) {
  const link = h('input', {
    className: 'vw-field',
    readonly: true,
    value: boot.shareUrl,
    id: 'vw-share-link',
  });
  const status = h('span', { 'aria-live': 'polite', className: 'vw-muted' });
  const copy = h('button', { type: 'button', className: 'vw-btn vw-secondary' }, t('share.copy'));
  copy.addEventListener('click', async () => {
    try {
      await navigator.clipboard.writeText(boot.shareUrl);
    } catch {
      link.select();
    }
    status.textContent = t('share.copied');
  });
  const subject = boot.emailSubject || t('share.defaultSubject', { title: boot.title });
  const text = boot.emailBody
    ? `${boot.emailBody}\n\n${boot.shareUrl}`
    : t('share.defaultBody', { url: boot.shareUrl });
  const mail = `mailto:?subject=${encodeURIComponent(subject)}&body=${encodeURIComponent(text)}`;
  const qr = h('div', { className: 'vw-qr', role: 'img', 'aria-label': t('share.qr') });
  // Our own QR code SVG (core/barcodes), drawn on the server from the link.
  qr.innerHTML = boot.qrSvg;
  dialog({
    title: t('share.title'),
    id: 'vw-share-dialog',
    body: [
      h(
        'div',
        { className: 'vw-form' },
        h('label', { for: 'vw-share-link' }, t('share.link')),
        link,
        h('div', { className: 'vw-row' }, copy, status),
      ),
      h(
        'div',
        { className: 'vw-section' },
        h('a', { className: 'vw-btn vw-secondary', href: mail }, t('share.email')),
      ),
      h('div', { className: 'vw-section' }, h('h3', {}, t('share.qr')), qr),
    ],
  });
}

/**
 * SPEC §4 'User PDF': ask for the PDF, poll every 0.5 s until it exists, then the ready message with the link;
 * the visitor can cancel waiting. Print opens the same file in the browser to print it.
 */
export function openPdf(boot: ViewerBoot, action: 'download' | 'print') {
  let cancelled = false;
  let timer: ReturnType<typeof setTimeout> | undefined;
  const body = h('div', { 'aria-live': 'polite' });
  const file = `${boot.api}/pdf${action === 'print' ? '?inline=1' : ''}`;
  const ready = () =>
    body.replaceChildren(
      notice('ok', t('pdf.ready')),
      h(
        'a',
        {
          className: 'vw-btn vw-primary',
          href: file,
          ...(action === 'print' ? { target: '_blank', rel: 'noopener' } : { download: '' }),
        },
        t('pdf.download'),
      ),
    );
  const failed = () => body.replaceChildren(notice('err', t('pdf.failed')));
  const cancel = h('button', { type: 'button', className: 'vw-btn vw-secondary' }, t('pdf.cancel'));
  const dlg = dialog({
    title: t(action === 'print' ? 'toolbar.print' : 'toolbar.downloadPdf'),
    body: [body],
    onClose: () => {
      cancelled = true;
      clearTimeout(timer);
    },
  });
  cancel.addEventListener('click', () => dlg.close());
  body.append(notice('info', t('pdf.preparing')), cancel);
  const poll = (job: string) => {
    timer = setTimeout(async () => {
      if (cancelled) return;
      try {
        const s = await request<{ state: string }>(`${boot.api}/pdf/status?job=${encodeURIComponent(job)}`);
        if (cancelled) return;
        if (s.state === 'ready') return ready();
        if (s.state === 'failed') return failed();
      } catch {
        // SPEC §8: a network error while polling is retried silently.
      }
      poll(job);
    }, 500);
  };
  request<{ state: string; job_id?: string }>(`${boot.api}/pdf`, { method: 'POST' })
    .then((s) => {
      if (cancelled) return;
      if (s.state === 'ready') ready();
      else if (s.job_id) poll(s.job_id);
      else failed();
    })
    .catch(failed);
}

/** "Download pages": the page pictures the worker made, one link each. */
export function openPictures(boot: ViewerBoot) {
  const links = boot.pictures
    .map((url, i) =>
      url
        ? h('li', {}, h('a', { href: url, download: `page-${i + 1}.jpg` }, t('pageLabel', { page: i + 1 })))
        : null,
    )
    .filter(Boolean) as HTMLElement[];
  dialog({ title: t('toolbar.downloadPages'), body: [h('ul', { className: 'vw-list' }, links)] });
}
