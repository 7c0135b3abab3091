/**
 * The viewer's own stylesheet, inlined in every page so the first spread paints without another request.
 * Pages are drawn at their printed size by core/render and scaled into their frame: before any script by CSS
 * arithmetic on the viewport (--vw-w), afterwards by the flipbook's own page width (--vw-scale set by script).
 */
export const VIEWER_CSS = `
*,*::before,*::after{box-sizing:border-box}
html,body{margin:0;height:100%}
body.vw{--vw-bar:56px;--vw-nav:60px;background:var(--vw-bg,#222);color:#fff;font:15px/1.45 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;display:flex;flex-direction:column;overflow:hidden}
body.vw.vw-embed{--vw-bar:48px}
body.vw.vw-nonav{--vw-nav:0px}
.vw-skip{position:absolute;left:8px;top:-60px;z-index:50;background:#fff;color:#111;padding:8px 12px;border-radius:6px}
.vw-skip:focus{top:8px}
.vw-bar{height:var(--vw-bar);flex:none;display:flex;align-items:center;gap:8px;padding:0 12px;background:rgba(0,0,0,.55);backdrop-filter:blur(6px)}
.vw-title{flex:1;min-width:0;margin:0;font-size:16px;font-weight:600;white-space:nowrap;overflow:hidden;text-overflow:ellipsis}
.vw-tools{display:flex;align-items:center;gap:4px}
.vw-btn{appearance:none;border:1px solid transparent;background:transparent;color:#fff;height:40px;min-width:40px;padding:0 10px;border-radius:8px;font:inherit;font-size:14px;display:inline-flex;align-items:center;justify-content:center;gap:6px;cursor:pointer;text-decoration:none}
.vw-btn:hover{background:rgba(255,255,255,.14)}
.vw-btn:focus-visible,.vw-book:focus-visible,.vw-field:focus-visible,.vw-thumb:focus-visible,[data-product-id]:focus-visible{outline:3px solid #8ab4ff;outline-offset:2px}
.vw-btn[disabled]{opacity:.4;cursor:default}
.vw-btn svg{width:20px;height:20px;fill:none;stroke:currentColor;stroke-width:2;stroke-linecap:round;stroke-linejoin:round}
.vw-btn .vw-label{display:none}
.vw-pill{flex:none;height:30px;border-radius:15px;background:#ffd79d!important;color:#4a2a00!important;font-size:13px;font-weight:600;white-space:nowrap;max-width:45vw;overflow:hidden;text-overflow:ellipsis}
.vw-badge{background:#e3412f;color:#fff;border-radius:10px;font-size:12px;min-width:20px;height:20px;display:inline-flex;align-items:center;justify-content:center;padding:0 6px}
.vw-stage{flex:1;min-height:0;position:relative;display:flex;align-items:center;justify-content:center;padding:12px;overflow:auto}
.vw-stage{touch-action:pan-x pan-y}
.vw-book{position:relative;outline:none;display:flex;justify-content:center;align-items:center;width:100%;height:100%}
.vw-book.vw-zoomed{justify-content:flex-start;align-items:flex-start}
.vw-static{display:flex;gap:0;align-items:center;justify-content:center;--vw-w:min(calc((100vw - 48px) / 2),calc((100vh - var(--vw-bar) - var(--vw-nav) - 24px) * var(--vw-ratio)))}
.vw-static .vw-page{width:var(--vw-w);height:calc(var(--vw-w) / var(--vw-ratio));--vw-scale:calc(var(--vw-w) / var(--vw-pw));box-shadow:0 6px 24px rgba(0,0,0,.45)}
.vw-static.vw-single{--vw-w:min(calc(100vw - 24px),calc((100vh - var(--vw-bar) - var(--vw-nav) - 24px) * var(--vw-ratio)))}
@media (max-width:700px){.vw-static{--vw-w:min(calc(100vw - 24px),calc((100vh - var(--vw-bar) - var(--vw-nav) - 24px) * var(--vw-ratio)))}.vw-static .vw-page+.vw-page{display:none}}
.vw-page{position:relative;overflow:hidden;background:#fff;color:#111}
.vw-page>.cb-page{position:absolute;left:0;top:0;transform-origin:0 0;transform:scale(var(--vw-scale,.5))}
.vw-flip{margin:0 auto;position:relative;flex:none}
.vw-flip .vw-page{box-shadow:none}
.vw-loading{position:absolute;inset:0;display:flex;align-items:center;justify-content:center;color:#666;font-size:14px;background:#fff}
.vw-fade{transition:opacity .15s ease;opacity:0}
.vw-nav{height:var(--vw-nav);flex:none;display:flex;align-items:center;justify-content:center;gap:6px;padding:0 8px;background:rgba(0,0,0,.55)}
.vw-nonav .vw-nav{display:none}
.vw-counter{min-width:150px;text-align:center;font-variant-numeric:tabular-nums}
.vw-jump{display:flex;align-items:center;gap:4px}
.vw-field{height:36px;border-radius:8px;border:1px solid #8d8d8d;background:#fff;color:#111;padding:0 10px;font:inherit;font-size:14px}
.vw-jump .vw-field{width:64px}
.vw-sr{position:absolute;width:1px;height:1px;overflow:hidden;clip:rect(0 0 0 0);white-space:nowrap}
.vw-thumbs{position:absolute;left:0;right:0;bottom:0;z-index:20;display:flex;gap:8px;overflow-x:auto;padding:10px 12px;background:rgba(0,0,0,.8)}
.vw-thumbs[hidden]{display:none}
.vw-thumb{flex:none;width:72px;border:2px solid transparent;border-radius:6px;background:#fff;color:#333;padding:0;cursor:pointer;font:inherit;font-size:12px;display:flex;flex-direction:column;align-items:center;overflow:hidden}
.vw-thumb[aria-current="true"]{border-color:#8ab4ff}
.vw-thumb img{width:100%;aspect-ratio:var(--vw-ratio);object-fit:cover;display:block;background:#eee}
.vw-thumb span{padding:2px 0}
.vw-thumb .vw-thumb-blank{width:100%;aspect-ratio:var(--vw-ratio);background:#f1f1f1;display:flex;align-items:center;justify-content:center;font-size:16px;color:#777}
.vw-scroll{display:flex;flex-direction:column;align-items:center;gap:16px;width:100%;padding:8px 0}
.vw-scroll .vw-page{width:min(100%,var(--vw-scroll-w,860px));aspect-ratio:var(--vw-ratio);box-shadow:0 4px 16px rgba(0,0,0,.4)}
[data-product-id]{cursor:pointer}
dialog.vw-dialog{border:0;border-radius:14px;padding:0;max-width:min(92vw,760px);width:100%;max-height:90vh;color:#1b1b1b;background:#fff;box-shadow:0 20px 60px rgba(0,0,0,.5)}
dialog.vw-dialog::backdrop{background:rgba(0,0,0,.55)}
dialog.vw-side{margin:0 0 0 auto;height:100vh;max-height:100vh;border-radius:0;max-width:min(100vw,440px)}
.vw-dialog-head{position:sticky;top:0;z-index:2;display:flex;align-items:center;gap:8px;padding:14px 16px;border-bottom:1px solid #e3e3e3;background:#fff}
.vw-dialog-head h2{flex:1;margin:0;font-size:18px}
.vw-dialog-body{padding:16px;overflow:auto}
.vw-dialog .vw-btn{color:#1b1b1b}
.vw-dialog .vw-btn:hover{background:#f1f1f1}
.vw-primary{background:#1f5199!important;color:#fff!important;border-color:#1f5199!important;font-weight:600}
.vw-primary:hover{background:#173f78!important}
.vw-secondary{border-color:#8d8d8d!important}
.vw-product{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,1fr);gap:20px}
@media (max-width:640px){.vw-product{grid-template-columns:1fr}}
.vw-gallery img{width:100%;aspect-ratio:1;object-fit:contain;background:#f6f6f6;border-radius:10px;display:block}
.vw-gallery-strip{display:flex;gap:6px;margin-top:8px;overflow-x:auto}
.vw-gallery-strip button{flex:none;width:56px;height:56px;padding:0;border:2px solid transparent;border-radius:6px;background:#f6f6f6;cursor:pointer}
.vw-gallery-strip button[aria-pressed="true"]{border-color:#1f5199}
.vw-gallery-strip img{width:100%;height:100%;object-fit:contain;border-radius:4px}
.vw-price{font-size:22px;font-weight:700;margin:4px 0}
.vw-was{color:#6b6b6b;text-decoration:line-through;font-size:15px;margin-left:8px;font-weight:400}
.vw-muted{color:#5c5c5c;font-size:14px}
.vw-desc{font-size:14px;line-height:1.55;margin:12px 0;overflow-wrap:anywhere}
.vw-desc img{max-width:100%;height:auto}
.vw-table{width:100%;border-collapse:collapse;font-size:14px;margin:8px 0}
.vw-table th,.vw-table td{text-align:left;padding:8px 6px;border-bottom:1px solid #e3e3e3;vertical-align:middle}
.vw-table td.vw-num,.vw-table th.vw-num{text-align:right;font-variant-numeric:tabular-nums}
.vw-table .vw-field{width:76px;height:34px}
.vw-form{display:grid;gap:12px}
.vw-form label{display:grid;gap:4px;font-size:14px;font-weight:600}
.vw-form .vw-field{width:100%}
.vw-form textarea.vw-field{height:auto;min-height:72px;padding:8px 10px}
.vw-check{display:flex!important;grid-template-columns:none!important;align-items:center;gap:8px;font-weight:400!important}
.vw-check input{width:18px;height:18px}
.vw-address{border:1px solid #e3e3e3;border-radius:10px;padding:10px 12px 12px;margin:0;min-width:0}
.vw-address[hidden]{display:none}
.vw-address legend{padding:0 4px;font-size:14px;font-weight:700}
.vw-labelled{display:grid;gap:4px}
.vw-pair{display:grid;grid-template-columns:minmax(0,1fr) minmax(0,2fr);gap:8px}
.vw-row{display:flex;gap:8px;align-items:center;flex-wrap:wrap}
.vw-notice{border-radius:10px;padding:10px 12px;font-size:14px;margin:8px 0}
.vw-notice>div{margin-top:6px;font-weight:600}
.vw-notice.ok{background:#e4f4e9;color:#0c5132}
.vw-notice.err{background:#fde8e6;color:#8e1f0b}
.vw-notice.info{background:#eaf2ff;color:#173f78}
.vw-section{border-top:1px solid #e3e3e3;padding-top:14px;margin-top:14px}
.vw-section h3{margin:0 0 8px;font-size:15px}
#vw-owner{--p-text:#303030;--p-muted:#616161;--p-border:#8a8a8a;font:13px/20px Inter,-apple-system,BlinkMacSystemFont,"San Francisco","Segoe UI",Roboto,"Helvetica Neue",sans-serif;color:var(--p-text);background:#f1f1f1}
#vw-owner .vw-dialog-head{background:#fff;border-bottom:1px solid #e3e3e3}
#vw-owner .vw-dialog-head h2{font-size:16px;font-weight:650}
#vw-owner .vw-dialog-body{padding:12px 12px 0;overflow:visible}
#vw-owner .vw-intro{margin:4px 4px 0}
#vw-owner .vw-section{background:#fff;border:0;border-radius:12px;padding:16px;margin:12px 0 0;box-shadow:0 0 0 1px rgba(0,0,0,.07),0 1px 0 0 rgba(26,26,26,.07)}
#vw-owner .vw-section p{margin:0 0 6px}
#vw-owner .vw-section h3{font-size:14px;font-weight:650;margin:0 0 4px}
#vw-owner .vw-form{gap:10px}
#vw-owner .vw-form label{font-size:13px;font-weight:500}
#vw-owner .vw-muted{color:var(--p-muted);font-size:13px}
#vw-owner .vw-field{height:32px;border-radius:8px;border-color:var(--p-border);font-size:13px}
#vw-owner textarea.vw-field{min-height:64px}
#vw-owner input[type="checkbox"]{accent-color:#303030}
#vw-owner a{color:#005bd3}
#vw-owner .vw-btn{height:32px;border-radius:8px;font-size:13px;font-weight:550;padding:0 12px}
#vw-owner .vw-dialog-head .vw-btn{padding:0;min-width:32px}
#vw-owner .vw-primary{background:#303030!important;border-color:#303030!important;color:#fff!important;box-shadow:inset 0 -1px 0 1px rgba(0,0,0,.8),inset 0 1px 0 rgba(255,255,255,.25)}
#vw-owner .vw-primary:hover{background:#1a1a1a!important}
#vw-owner .vw-secondary{background:#fff;border-color:transparent!important;box-shadow:inset 0 0 0 1px #e3e3e3,inset 0 -1px 0 #b5b5b5}
#vw-owner .vw-notice{border-radius:8px;font-size:13px}
.vw-owner-form{display:block}
.vw-savebar{position:sticky;bottom:0;z-index:2;display:flex;align-items:center;justify-content:flex-end;gap:12px;flex-wrap:wrap;margin:12px -12px 0;padding:12px;background:#fff;border-top:1px solid #e3e3e3}
.vw-savebar>div{flex:1;min-width:0}
.vw-savebar .vw-notice{margin:0}
.vw-toast{position:fixed;left:50%;top:calc(var(--vw-bar) + 12px);transform:translateX(-50%);z-index:60;max-width:calc(100vw - 24px);background:#303030;color:#fff;border-radius:10px;padding:10px 16px;font-size:14px;font-weight:550;box-shadow:0 8px 24px rgba(0,0,0,.35)}
.vw-dns{display:block;padding:6px 8px;margin:0 0 8px;border-radius:6px;background:#f3f3f3;font:12px/1.4 ui-monospace,Menlo,monospace;overflow-wrap:anywhere}
.vw-code{width:100%;min-height:84px;font:12px/1.4 ui-monospace,Menlo,monospace}
.vw-qr{width:168px;height:168px;background:#fff;padding:8px;border:1px solid #e3e3e3;border-radius:8px}
.vw-qr svg{width:100%;height:100%}
.vw-center{min-height:100%;display:flex;align-items:center;justify-content:center;padding:24px}
.vw-card{background:#fff;color:#1b1b1b;border-radius:16px;padding:28px;max-width:420px;width:100%;box-shadow:0 20px 60px rgba(0,0,0,.4)}
.vw-card h1{font-size:22px;margin:0 0 8px}
.vw-card p{margin:0 0 16px;color:#4a4a4a}
.vw-card form{display:grid;gap:12px}
.vw-card label{display:grid;gap:6px;font-weight:600;font-size:14px}
.vw-card .vw-btn{height:44px}
.vw-list{list-style:none;margin:0;padding:0;display:grid;gap:8px}
.vw-card .vw-list+form{margin-top:20px}
.vw-list a{color:#1f5199}
@media (min-width:900px){.vw-btn .vw-label{display:inline}}
@media (max-width:700px){.vw-hide-narrow{display:none!important}.vw-counter{min-width:110px}}
@media (prefers-reduced-motion:reduce){*{scroll-behavior:auto!important}.vw-fade{transition:opacity .01s}}
@media print{.vw-bar,.vw-nav,.vw-thumbs{display:none}}
`;
