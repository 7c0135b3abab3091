import i18next, { type i18n as I18n, type TFunction } from 'i18next';
import enApp from './locales/en/app.json';
import enArrange from './locales/en/arrange.json';
import enBilling from './locales/en/billing.json';
import enCaptionTokens from './locales/en/caption-tokens.json';
import enCatalogs from './locales/en/catalogs.json';
import enContentTools from './locales/en/content-tools.json';
import enCsv from './locales/en/csv.json';
import enEditor from './locales/en/editor.json';
import enEditorText from './locales/en/editor-text.json';
import enTemplates from './locales/en/templates.json';
import enImages from './locales/en/images.json';
import enListingEditor from './locales/en/listing-editor.json';
import enLayouts from './locales/en/layouts.json';
import enHelp from './locales/en/help.json';
import enPreflight from './locales/en/preflight.json';
import enRender from './locales/en/render.json';
import enRichText from './locales/en/rich-text.json';
import enStores from './locales/en/stores.json';
import enSite from './locales/en/site.json';
import enSettings from './locales/en/settings.json';
import enViewer from './locales/en/viewer.json';
import frApp from './locales/fr/app.json';
import frArrange from './locales/fr/arrange.json';
import frBilling from './locales/fr/billing.json';
import frCaptionTokens from './locales/fr/caption-tokens.json';
import frCatalogs from './locales/fr/catalogs.json';
import frContentTools from './locales/fr/content-tools.json';
import frCsv from './locales/fr/csv.json';
import frEditor from './locales/fr/editor.json';
import frEditorText from './locales/fr/editor-text.json';
import frTemplates from './locales/fr/templates.json';
import frImages from './locales/fr/images.json';
import frListingEditor from './locales/fr/listing-editor.json';
import frLayouts from './locales/fr/layouts.json';
import frHelp from './locales/fr/help.json';
import frPreflight from './locales/fr/preflight.json';
import frRender from './locales/fr/render.json';
import frRichText from './locales/fr/rich-text.json';
import frStores from './locales/fr/stores.json';
import frSite from './locales/fr/site.json';
import frSettings from './locales/fr/settings.json';
import frViewer from './locales/fr/viewer.json';

/**
 * English and French text for every consumer (app, viewer, renderer, worker, CLI), one namespace per module.
 * Adding a namespace: add locales/{en,fr}/<ns>.json and list them here.
 */
export const resources = {
  en: {
    app: enApp,
    arrange: enArrange,
    billing: enBilling,
    captionTokens: enCaptionTokens,
    catalogs: enCatalogs,
    contentTools: enContentTools,
    csv: enCsv,
    editor: enEditor,
    editorText: enEditorText,
    templates: enTemplates,
    images: enImages,
    listingEditor: enListingEditor,
    layouts: enLayouts,
    help: enHelp,
    preflight: enPreflight,
    render: enRender,
    richText: enRichText,
    stores: enStores,
    site: enSite,
    settings: enSettings,
    viewer: enViewer,
  },
  fr: {
    app: frApp,
    arrange: frArrange,
    billing: frBilling,
    captionTokens: frCaptionTokens,
    catalogs: frCatalogs,
    contentTools: frContentTools,
    csv: frCsv,
    editor: frEditor,
    editorText: frEditorText,
    templates: frTemplates,
    images: frImages,
    listingEditor: frListingEditor,
    layouts: frLayouts,
    help: frHelp,
    preflight: frPreflight,
    render: frRender,
    richText: frRichText,
    stores: frStores,
    site: frSite,
    settings: frSettings,
    viewer: frViewer,
  },
} as const;

export const LANGUAGES = ['en', 'fr'] as const;
export type Language = (typeof LANGUAGES)[number];
export const NAMESPACES = Object.keys(resources.en) as (keyof (typeof resources)['en'])[];

export function normalizeLanguage(lang: string | null | undefined): Language {
  const short = (lang ?? 'en').slice(0, 2).toLowerCase();
  return (LANGUAGES as readonly string[]).includes(short) ? (short as Language) : 'en';
}

/** A fresh, synchronously initialised i18next instance (no shared global state between requests). */
export function createI18n(lang: string | null | undefined = 'en'): I18n {
  const instance = i18next.createInstance();
  void instance.init({
    lng: normalizeLanguage(lang),
    fallbackLng: 'en',
    ns: NAMESPACES,
    defaultNS: 'app',
    resources,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    showSupportNotice: false,
  });
  return instance;
}

const cache = new Map<Language, TFunction>();
/** A translation function for a language, cached (instances are immutable once initialised). */
export function getT(lang: string | null | undefined, ns: string = 'app'): TFunction {
  const l = normalizeLanguage(lang);
  let t = cache.get(l);
  if (!t) {
    t = createI18n(l).t;
    cache.set(l, t);
  }
  return ((key: string, opts?: Record<string, unknown>) => t!(key, { ns, ...opts })) as unknown as TFunction;
}
