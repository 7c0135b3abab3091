import { Banner, BlockStack, Button, DropZone, InlineStack, Select, Text, TextField } from '@shopify/polaris';
import { useCallback, useEffect, useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  COLOR_CONTROLS,
  colorOf,
  contrastWarnings,
  CSS_EXAMPLES,
  fontFamilyValue,
  fontOf,
  fontSizeOf,
  normalizeHex,
  pageBorderOf,
  TYPE_SCALE,
  WEB_FONTS,
  withFont,
  withPageBorder,
  withThemeValue,
  type ColorControlId,
  type FontTarget,
} from '../../core/branding/index.ts';
import type { Gate } from '../../core/billing/index.ts';
import type { Catalog, Font, Theme } from '../../core/model/index.ts';
import { sanitizeCss } from '../../core/sanitize/index.ts';
import { apiFetch } from '../components/catalogs/api.ts';
import { GatedControl } from '../components/gated-control.tsx';
import type { EditorStore } from './store.ts';
import { BackgroundControls, PriceStyleControls, SavedThemes } from './theme-extras.tsx';
import { useEditorState } from './use-editor.ts';

/*
 * The Branding tab's brand (issue 24, SPEC §2.2 theme editor and CSS panel, §2.6 fonts panel): named controls over
 * the catalog's theme (core/branding), its fonts and its CSS. Every change is one `updateSettings` command, so one
 * undo step; the page and the thumbnails redraw from the catalog as they do for any edit, and it saves with the
 * catalog's fields. Plan-gated parts (SPEC §6) show through GatedControl.
 */

type Fields = Partial<Pick<Catalog, 'theme' | 'fonts' | 'custom_css' | 'priceTemplateStyle'>>;
const change = (store: EditorStore, fields: Fields) =>
  store.getState().dispatch({ name: 'updateSettings', args: { fields } });

/** A font file of the merchant's library (GET /api/v1/files?filetype=font). */
type LibraryFont = { _id: string; name: string; url: string; family: string | null };

/** A colour: the native picker and its hex, kept in step; the brand palette one click away. */
export function ColorField(props: {
  label: string;
  value: string;
  palette: string[];
  disabled: boolean;
  onChange: (hex: string) => void;
}) {
  const { t } = useTranslation('editor');
  const id = useId();
  const [draft, setDraft] = useState(props.value);
  useEffect(() => setDraft(props.value), [props.value]);
  const hex = normalizeHex(props.value) ?? '#000000';
  const commit = () => {
    const next = normalizeHex(draft);
    if (next && next !== normalizeHex(props.value)) props.onChange(next);
    else setDraft(props.value);
  };
  return (
    <div className="cb-brand-color">
      <input
        id={`${id}-picker`}
        type="color"
        className="cb-brand-color__picker"
        aria-label={t('brand.colorPicker', { name: props.label })}
        value={hex}
        disabled={props.disabled}
        onChange={(e) => props.onChange(e.currentTarget.value)}
      />
      <div className="cb-brand-color__hex" onBlur={commit}>
        <TextField
          label={props.label}
          value={draft}
          onChange={setDraft}
          disabled={props.disabled}
          autoComplete="off"
          error={draft && !normalizeHex(draft) ? t('brand.hexError') : undefined}
          connectedRight={
            <span className="cb-brand-palette" role="group" aria-label={t('brand.palette')}>
              {props.palette.map((c) => (
                <button
                  key={c}
                  type="button"
                  className="cb-brand-swatch"
                  style={{ background: c }}
                  disabled={props.disabled}
                  aria-label={t('brand.useColor', { color: c })}
                  onClick={() => props.onChange(c)}
                />
              ))}
            </span>
          }
        />
      </div>
    </div>
  );
}

function useLibraryFonts(enabled: boolean) {
  const [fonts, setFonts] = useState<LibraryFont[]>([]);
  const reload = useCallback(async () => {
    if (!enabled) return;
    const res = await apiFetch('/api/v1/files?filetype=font');
    if (res.ok) setFonts(((await res.json()) as { data: LibraryFont[] }).data);
  }, [enabled]);
  useEffect(() => void reload(), [reload]);
  return { fonts, reload };
}

/** The theme editor: colours with contrast warnings, the two fonts, the type scale, the page border. */
export function ThemeEditor(props: { store: EditorStore; readonly: boolean; gates: BrandGates }) {
  const { t } = useTranslation('editor');
  const { store } = props;
  const theme = useEditorState(store, (s) => s.catalog.theme);
  const catalogFonts = useEditorState(store, (s) => s.catalog.fonts);
  const themeOpen = props.gates.custom_themes.kind === 'open';
  const fontsOpen = props.gates.custom_fonts.kind === 'open';
  const disabled = props.readonly || !themeOpen;
  const library = useLibraryFonts(fontsOpen);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const [uploading, setUploading] = useState(false);

  const setTheme = (next: Theme, extra: Fields = {}) => {
    if (next !== theme || Object.keys(extra).length) change(store, { theme: next, ...extra });
  };
  const palette = useMemo(
    () => [...new Set(COLOR_CONTROLS.slice(0, 5).map((c) => colorOf(theme, c.id)))],
    [theme],
  );
  const warnings = contrastWarnings(theme);

  // Bundled families, then the merchant's own fonts (the catalog's, and the library's).
  const uploaded = new Map<string, string>();
  for (const f of catalogFonts) if (f.url) uploaded.set(f.family, f.url);
  for (const f of library.fonts)
    if (!uploaded.has(f.family ?? f.name)) uploaded.set(f.family ?? f.name, f.url);
  const fontOptions = [
    ...WEB_FONTS.map((f) => ({ label: f.family, value: `web:${f.family}` })),
    ...[...uploaded.keys()].map((family) => ({
      label: t('brand.customFont', { family }),
      value: `own:${family}`,
    })),
  ];
  const fontValue = (target: FontTarget) => {
    const family = fontOf(theme, target);
    if (!family) return '';
    return uploaded.has(family) ? `own:${family}` : `web:${family}`;
  };
  const pickFont = (target: FontTarget, value: string) => {
    if (!value) return setTheme(withFont(theme, target, null));
    const [kind, family] = [value.slice(0, 3), value.slice(4)];
    if (kind === 'web') {
      const font = WEB_FONTS.find((f) => f.family === family)!;
      return setTheme(withFont(theme, target, fontFamilyValue(font.family, font.kind)));
    }
    const next = withFont(theme, target, fontFamilyValue(family, 'sans'));
    const url = uploaded.get(family)!;
    const has = catalogFonts.some((f) => f.family === family && f.url === url);
    const font: Font = { family, weight: 400, style: 'normal', url };
    setTheme(next, has ? {} : { fonts: [...catalogFonts, font] });
  };
  const missing = [fontOf(theme, 'headings'), fontOf(theme, 'body')].filter(
    (f): f is string => !!f && !WEB_FONTS.some((w) => w.family === f) && !uploaded.has(f),
  );

  const upload = async (files: File[]) => {
    if (!files.length) return;
    setUploading(true);
    setUploadError(null);
    const form = new FormData();
    for (const f of files) form.append('files', f);
    form.append('filetype', 'font');
    const res = await apiFetch('/api/v1/files', { method: 'POST', body: form });
    setUploading(false);
    if (!res.ok) {
      const body = (await res.json().catch(() => ({}))) as { message?: string };
      setUploadError(body.message ?? t('brand.uploadFailed'));
      return;
    }
    await library.reload();
  };

  const border = pageBorderOf(theme) ?? { width: 0, style: 'solid', color: colorOf(theme, 'secondary') };
  const px = (v: string) => {
    const n = Number.parseFloat(v);
    return Number.isFinite(n) && n > 0 ? `${Math.min(n, 200)}px` : null;
  };

  const body = (
    <BlockStack gap="400">
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {t('brand.colors')}
        </Text>
        {COLOR_CONTROLS.map((c) => (
          <ColorField
            key={c.id}
            label={t(`brand.color.${c.id}`)}
            value={colorOf(theme, c.id as ColorControlId)}
            palette={palette}
            disabled={disabled}
            onChange={(hex) => setTheme(withThemeValue(theme, c.selector, c.property, hex))}
          />
        ))}
        {warnings.length ? (
          <Banner tone="warning" title={t('brand.contrastTitle')}>
            <ul className="cb-brand-warnings">
              {warnings.map((w) => (
                <li key={w.fg}>
                  {t('brand.contrastWarning', {
                    fg: t(`brand.color.${w.fg}`),
                    bg: t(`brand.color.${w.bg}`),
                    ratio: w.ratio.toFixed(1),
                  })}
                </li>
              ))}
            </ul>
          </Banner>
        ) : null}
      </BlockStack>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {t('brand.fonts')}
        </Text>
        {(['headings', 'body'] as const).map((target) => (
          <Select
            key={target}
            label={t(`brand.font.${target}`)}
            disabled={disabled}
            options={[{ label: t('brand.fontDefault'), value: '' }, ...fontOptions]}
            value={fontOptions.some((o) => o.value === fontValue(target)) ? fontValue(target) : ''}
            onChange={(v) => pickFont(target, v)}
          />
        ))}
        {missing.length ? (
          <Banner tone="warning">{t('brand.fontMissing', { families: missing.join(', ') })}</Banner>
        ) : null}
        <GatedControl gate={props.readonly ? { kind: 'open' } : props.gates.custom_fonts}>
          <DropZone
            label={t('brand.uploadFont')}
            accept=".ttf,.otf,.woff,.woff2,font/ttf,font/otf,font/woff,font/woff2"
            type="file"
            disabled={props.readonly || !fontsOpen || uploading}
            onDrop={(files) => void upload(files)}
            variableHeight
          >
            <DropZone.FileUpload
              actionTitle={t('brand.uploadFontAction')}
              actionHint={t('brand.uploadFontHint')}
            />
          </DropZone>
        </GatedControl>
        {uploadError ? <Banner tone="critical">{uploadError}</Banner> : null}
      </BlockStack>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {t('brand.typeScale')}
        </Text>
        <div className="cb-brand-grid">
          {TYPE_SCALE.map((s) => (
            <SizeField
              key={s.id}
              label={t(`brand.size.${s.id}`)}
              value={fontSizeOf(theme, s.id)}
              disabled={disabled}
              onChange={(v) =>
                setTheme(withThemeValue(theme, s.selector, 'font-size', v === null ? null : `${v}px`))
              }
            />
          ))}
        </div>
      </BlockStack>
      <BlockStack gap="200">
        <Text as="h3" variant="headingSm">
          {t('brand.pageBorder')}
        </Text>
        <div className="cb-brand-grid">
          <SizeField
            label={t('brand.borderWidth')}
            value={border.width || null}
            disabled={disabled}
            onChange={(v) =>
              setTheme(
                withPageBorder(
                  theme,
                  v ? { ...border, width: Number.parseFloat(px(String(v)) ?? '0') } : null,
                ),
              )
            }
          />
          <Select
            label={t('brand.borderStyle')}
            disabled={disabled || !border.width}
            options={['solid', 'dashed', 'dotted', 'double'].map((s) => ({
              label: t(`brand.borderStyles.${s}`),
              value: s,
            }))}
            value={border.style}
            onChange={(style) => setTheme(withPageBorder(theme, { ...border, style }))}
          />
        </div>
        <ColorField
          label={t('brand.borderColor')}
          value={normalizeHex(border.color) ?? colorOf(theme, 'secondary')}
          palette={palette}
          disabled={disabled || !border.width}
          onChange={(color) => setTheme(withPageBorder(theme, { ...border, color }))}
        />
      </BlockStack>
      <BackgroundControls store={store} disabled={disabled} />
      <PriceStyleControls store={store} disabled={disabled} palette={palette} />
      <SavedThemes store={store} disabled={disabled} />
    </BlockStack>
  );
  return (
    <section
      aria-labelledby="cb-brand-theme"
      className="cb-brand-section"
      data-testid="theme-editor"
      tabIndex={-1}
    >
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd" id="cb-brand-theme">
          {t('brand.themeTitle')}
        </Text>
        {themeOpen || props.readonly ? null : (
          <GatedControl gate={props.gates.custom_themes}>
            <Button disabled>{t('brand.themeLocked')}</Button>
          </GatedControl>
        )}
        {body}
      </BlockStack>
    </section>
  );
}

/** A size in px: blank leaves it to the base styles. Committed on blur. */
function SizeField(props: {
  label: string;
  value: number | null;
  disabled: boolean;
  onChange: (v: number | null) => void;
}) {
  const [draft, setDraft] = useState(props.value === null ? '' : String(props.value));
  useEffect(() => setDraft(props.value === null ? '' : String(props.value)), [props.value]);
  const commit = () => {
    const n = draft.trim() === '' ? null : Number.parseFloat(draft);
    if (n !== null && (!Number.isFinite(n) || n <= 0 || n > 200)) {
      setDraft(props.value === null ? '' : String(props.value));
      return;
    }
    if (n !== props.value) props.onChange(n);
  };
  return (
    <div onBlur={commit}>
      <TextField
        label={props.label}
        type="number"
        min={1}
        max={200}
        suffix="px"
        value={draft}
        onChange={setDraft}
        disabled={props.disabled}
        autoComplete="off"
      />
    </div>
  );
}

/** The CSS advanced-customization panel: the catalog's CSS, what the server will drop, and 5 examples. */
export function CssPanel(props: { store: EditorStore; readonly: boolean; gates: BrandGates }) {
  const { t } = useTranslation('editor');
  const { store } = props;
  const css = useEditorState(store, (s) => s.catalog.custom_css);
  const [draft, setDraft] = useState(css);
  useEffect(() => setDraft(css), [css]);
  const open = props.gates.custom_design.kind === 'open';
  const disabled = props.readonly || !open;
  const problems = useMemo(() => sanitizeCss(draft).problems, [draft]);
  const commit = (next = draft) => {
    if (next !== css) change(store, { custom_css: next });
  };
  const add = (example: string) => {
    const next = draft.trim() ? `${draft.trimEnd()}\n\n${example}\n` : `${example}\n`;
    setDraft(next);
    commit(next);
  };
  return (
    <section aria-labelledby="cb-brand-css" className="cb-brand-section" data-testid="css-panel">
      <BlockStack gap="300">
        <Text as="h2" variant="headingMd" id="cb-brand-css">
          {t('brand.cssTitle')}
        </Text>
        <Text as="p" tone="subdued" variant="bodySm">
          {t('brand.cssHelp')}
        </Text>
        <GatedControl gate={props.readonly ? { kind: 'open' } : props.gates.custom_design}>
          <div className="cb-brand-css" onBlur={() => commit()}>
            <TextField
              label={t('brand.cssLabel')}
              value={draft}
              onChange={setDraft}
              multiline={8}
              monospaced
              spellCheck={false}
              disabled={disabled}
              autoComplete="off"
              placeholder=".price { color: var(--brand-primary); }"
            />
          </div>
        </GatedControl>
        {problems.length ? (
          <Banner tone="warning" title={t('brand.cssProblems')}>
            <ul className="cb-brand-warnings">
              {problems.map((p, i) => (
                <li key={i}>
                  {t(`brand.cssProblem.${p.kind}`, { line: p.line, column: p.column, text: p.text })}
                </li>
              ))}
            </ul>
          </Banner>
        ) : null}
        <Text as="h3" variant="headingSm">
          {t('brand.cssExamples')}
        </Text>
        <ul className="cb-brand-examples">
          {CSS_EXAMPLES.map((ex) => (
            <li key={ex.id}>
              <InlineStack align="space-between" blockAlign="center" gap="200" wrap={false}>
                <BlockStack gap="050">
                  <Text as="span" fontWeight="semibold">
                    {t(`brand.examples.${ex.id}.title`)}
                  </Text>
                  <Text as="span" tone="subdued" variant="bodySm">
                    {t(`brand.examples.${ex.id}.text`)}
                  </Text>
                </BlockStack>
                <Button
                  disabled={disabled}
                  onClick={() => add(ex.css)}
                  accessibilityLabel={t('brand.addExampleNamed', {
                    name: t(`brand.examples.${ex.id}.title`),
                  })}
                >
                  {t('brand.addExample')}
                </Button>
              </InlineStack>
            </li>
          ))}
        </ul>
      </BlockStack>
    </section>
  );
}

export type BrandGates = { custom_themes: Gate; custom_fonts: Gate; custom_design: Gate };
