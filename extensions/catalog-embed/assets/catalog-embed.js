/* global document, URL */
// The "Catalog" block's loader: each placeholder becomes the viewer's embed frame. Only http(s) links to a
// catalog address are framed: /view/{slug or id}, or a merchant host's /{slug or id}, where an id is a UUID
// and a slug what the viewer makes of a title (lower-case letters and digits in single-dash runs, 2 to 80
// characters, server/catalogs/publishing slugify). Anything else (a file, the sitemap, /view-assets, a path
// with dots or capitals) keeps the plain link the block renders; an address of that shape that names no
// catalog is framed and shows the viewer's own not-found page.
(function () {
  var ID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
  var SLUG = /^[a-z0-9]+(-[a-z0-9]+)*$/;
  // The viewer's own paths on a merchant's host, never a catalog.
  var RESERVED = { view: 1, 'view-assets': 1 };
  function isCatalogPath(path) {
    var m = /^\/(?:view\/)?([^/]+)\/?$/.exec(path);
    if (!m) return false;
    var ref = m[1];
    if (ID.test(ref)) return true;
    return SLUG.test(ref) && ref.length >= 2 && ref.length <= 80 && !RESERVED[ref];
  }
  function frameFor(box) {
    var raw = box.getAttribute('data-catalog') || '';
    var url;
    try {
      url = new URL(raw, document.baseURI);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!isCatalogPath(url.pathname)) return null;
    url.search = '';
    url.hash = '';
    url.searchParams.set('embed', '1');
    var height = parseInt(box.getAttribute('data-height') || '', 10);
    var frame = document.createElement('iframe');
    frame.src = url.toString();
    frame.title = box.getAttribute('data-title') || 'Catalog';
    frame.loading = 'lazy';
    frame.allow = 'fullscreen';
    frame.style.cssText =
      'display:block;width:100%;border:0;height:' + (height >= 280 && height <= 900 ? height : 560) + 'px';
    return frame;
  }
  function mount() {
    var boxes = document.querySelectorAll('.catalog-builder-embed:not([data-mounted])');
    for (var i = 0; i < boxes.length; i++) {
      var frame = frameFor(boxes[i]);
      boxes[i].setAttribute('data-mounted', frame ? 'frame' : 'link');
      if (frame) boxes[i].replaceChildren(frame);
    }
  }
  if (document.readyState === 'loading') document.addEventListener('DOMContentLoaded', mount);
  else mount();
  // The theme editor adds and re-renders blocks without reloading the page.
  document.addEventListener('shopify:section:load', mount);
})();
