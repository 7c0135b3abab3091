import type { ViewerBoot } from './boot.ts';

type ViewerEvent = {
  type: 'viewer_page_viewed' | 'viewer_time_on_page' | 'viewer_product_clicked';
  data: { page?: number; seconds?: number; product_id?: string };
};

type Gtag = (...args: unknown[]) => void;

/**
 * Page views, time on page and product clicks, sent in batches to the catalog's events URL (the owner's
 * summary), and to the owner's GA4 property when they set a tracking id.
 */
export class Analytics {
  private queue: ViewerEvent[] = [];
  private shown: number[] = [];
  private since = performance.now();
  private gtag: Gtag | null = null;

  constructor(private readonly boot: ViewerBoot) {
    setInterval(() => this.flush(false), 10_000);
    addEventListener('pagehide', () => {
      this.leave();
      this.flush(true);
    });
    if (boot.ga4) this.startGa4(boot.ga4);
  }

  private startGa4(id: string) {
    const w = window as unknown as { dataLayer: unknown[]; gtag?: Gtag };
    w.dataLayer = w.dataLayer || [];
    // gtag.js reads the arguments objects pushed here (its documented snippet, without an inline script).
    const gtag: Gtag = function () {
      // eslint-disable-next-line prefer-rest-params
      w.dataLayer.push(arguments);
    };
    w.gtag = gtag;
    gtag('js', new Date());
    gtag('config', id, { send_page_view: false });
    const s = document.createElement('script');
    s.async = true;
    s.src = `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`;
    document.head.append(s);
    this.gtag = gtag;
  }

  private leave() {
    const seconds = Math.round((performance.now() - this.since) / 100) / 10;
    if (this.shown.length && seconds >= 1) {
      for (const p of this.shown)
        this.queue.push({
          type: 'viewer_time_on_page',
          data: { page: p + 1, seconds: Math.min(3600, seconds) },
        });
    }
  }

  pages(visible: number[]) {
    if (visible.join() === this.shown.join()) return;
    this.leave();
    this.shown = visible;
    this.since = performance.now();
    for (const p of visible) this.queue.push({ type: 'viewer_page_viewed', data: { page: p + 1 } });
    this.gtag?.('event', 'page_view', {
      page_title: this.boot.title,
      page_location: `${location.origin}${this.boot.base}/page/${(visible[0] ?? 0) + 1}`,
    });
  }

  productClick(id: string) {
    this.queue.push({ type: 'viewer_product_clicked', data: { product_id: id.slice(0, 800) } });
    this.gtag?.('event', 'select_item', { items: [{ item_id: id }] });
  }

  private flush(leaving: boolean) {
    while (this.queue.length) {
      const events = this.queue.splice(0, 50);
      const body = JSON.stringify({ events });
      const url = `${this.boot.api}/events`;
      if (leaving && navigator.sendBeacon)
        navigator.sendBeacon(url, new Blob([body], { type: 'application/json' }));
      else
        void fetch(url, {
          method: 'POST',
          body,
          headers: { 'Content-Type': 'application/json' },
          credentials: 'same-origin',
          keepalive: true,
        }).catch(() => {});
    }
  }
}
