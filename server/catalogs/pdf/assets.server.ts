import { pathToFileURL } from 'node:url';

/**
 * The renderer is given a resolveAsset that swaps every asset URL for a token; the tokens are replaced later in
 * the HTML text (placeholders to measure, then prepared files), so the catalog is rendered to HTML only once.
 */
export class AssetTokens {
  readonly urls: string[] = [];
  private readonly index = new Map<string, number>();

  token(url: string): string {
    let i = this.index.get(url);
    if (i === undefined) {
      i = this.urls.length;
      this.urls.push(url);
      this.index.set(url, i);
    }
    return tokenFor(i);
  }

  /** The HTML with each token replaced by what `value` answers for its index. */
  static replace(html: string, value: (index: number) => string): string {
    return html.replace(TOKEN_RE, (_, n: string) => value(Number(n)));
  }
}

const tokenFor = (i: number) => `cb-asset-${i}.token`;
const TOKEN_RE = /cb-asset-(\d+)\.token/g;

/**
 * A stand-in that costs nothing to load (one shared 1×1 GIF; the fragment only carries the asset's index so
 * the scripts in the page, which read it with /#cb(\d+)$/, can tell which asset each <img> shows). The size an image is drawn at is computed from
 * its box and the picture's real proportions, which are known from its header.
 */
export function placeholderImage(index: number): string {
  return `${BLANK_GIF}#cb${index}`;
}

/** A 1×1 transparent GIF, inline: what pictures show where only the layout matters. */
export const BLANK_GIF = 'data:image/gif;base64,R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7';

/** What an image that could not be fetched or read shows: a light grey box, like the renderer's placeholder. */
export const MISSING_IMAGE =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" width="400" height="300" viewBox="0 0 400 300"><rect width="400" height="300" fill="#f4f4f6"/></svg>',
  );

export const fileUrl = (file: string) => pathToFileURL(file).href;
