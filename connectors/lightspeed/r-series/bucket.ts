import type { Pacer } from '../../shared/index.ts';

/**
 * R-Series' leaky bucket, read from every answer: X-LS-API-Bucket-Level "level/size" (drips in the bucket and
 * its size), X-LS-API-Drip-Rate (drips leaking per second) and X-LS-API-Request-Cost (what that request
 * added). Before a request we let the bucket leak until it holds the cost of the last request, so a long sync
 * runs at the drip rate instead of collecting 429s; the first request, and one after an answer without the
 * headers, goes at once.
 */
export class LeakyBucket implements Pacer {
  private level = 0;
  private size = 0;
  private drip = 0;
  private cost = 1;
  private at = 0;

  constructor(private readonly now: () => number = Date.now) {}

  before(): number {
    if (!this.size || this.drip <= 0) return 0;
    const leaked = ((this.now() - this.at) / 1000) * this.drip;
    const level = Math.max(0, this.level - leaked);
    const over = level + this.cost - this.size;
    // (Rounded up, past the float noise of fractional drips.)
    return over > 0 ? Math.ceil((over / this.drip) * 1000 - 1e-6) : 0;
  }

  after(res: Response): void {
    const bucket = /^\s*([\d.]+)\s*\/\s*([\d.]+)\s*$/.exec(res.headers.get('x-ls-api-bucket-level') ?? '');
    const drip = Number(res.headers.get('x-ls-api-drip-rate'));
    const cost = Number(res.headers.get('x-ls-api-request-cost'));
    if (!bucket || !(drip > 0)) {
      this.size = 0;
      return;
    }
    this.level = Number(bucket[1]);
    this.size = Number(bucket[2]);
    this.drip = drip;
    if (cost > 0) this.cost = cost;
    this.at = this.now();
  }
}
