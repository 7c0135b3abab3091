/* global document, URL */
// The "Catalog" block's loader: each placeholder becomes the viewer's embed frame. Only http(s) links to a
// catalog address are framed (a /view/{slug or id} path, or a merchant host's /{slug or id}); anything else
// keeps the plain link the block renders.
(function () {
  function frameFor(box) {
    var raw = box.getAttribute('data-catalog') || '';
    var url;
    try {
      url = new URL(raw, document.baseURI);
    } catch {
      return null;
    }
    if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
    if (!/^\/(view\/)?[A-Za-z0-9_-]+\/?$/.test(url.pathname)) return null;
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
