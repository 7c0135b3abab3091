import { Banner, BlockStack, Button, InlineStack, Select, Text, TextField } from '@shopify/polaris';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  backgroundOf,
  BACKGROUND_FITS,
  colorOf,
  lookOf,
  normalizeHex,
  SAVED_THEME_NAME_MAX,
  withBackground,
  withThemeValues,
  type BackgroundFit,
  type SavedLook,
} from '../../core/branding/index.ts';
import type { Catalog, PriceTemplateStyle } from '../../core/model/index.ts';
import { apiFetch } from '../components/catalogs/api.ts';
import { ColorField } from './brand-panels.tsx';
import type { EditorStore } from './store.ts';
import { useEditorState } from './use-editor.ts';

/*
 * The theme editor's other controls (issue 24 §1): the price template style, the catalog's background picture,
 * and saved themes (save the current look under a name, apply one to this catalog). Each change is one
 * `updateSettings` command: one undo step, previewed on the page at once, saved with the catalog.
 */

type Fields = Partial<Pick<Catalog, 'theme' | 'fonts' | 'font_links' | 'priceTemplateStyle'>>;
const change = (store: EditorStore, fields: Fields) =>
  store.getState().dispatch({ name: 'updateSettings', args: { fields } });

/** A whole number in a range; blank or out of range goes back to what was there. Committed on blur. */
function NumberField(props: {
  label: string;
  value: number;
  min: number;
  max: number;
  suffix: string;
  disabled: boolean;
  onChange: (v: number) => void;
}) {
  const [draft, setDraft] = useState(String(props.value));
  useEffect(() => setDraft(String(props.value)), [props.value]);
  const commit = () => {
    const n = Number.parseFloat(draft);
    if (!Number.isFinite(n) || n < props.min || n > props.max) return setDraft(String(props.value));
    if (n !== props.value) props.onChange(n);
  };
  return (
    <div onBlur={commit}>
      <TextField
        label={props.label}
        type="number"
        min={props.min}
        max={props.max}
        suffix={props.suffix}
        value={draft}
        onChange={setDraft}
        disabled={props.disabled}
        autoComplete="off"
      />
    </div>
  );
}

/** SPEC §3 Price template style: anchor, position, size, align, background colour and padding. */
export function PriceStyleControls(props: { store: EditorStore; disabled: boolean; palette: string[] }) {
  const { t } = useTranslation('editor');
  const style = useEditorState(props.store, (s) => s.catalog.priceTemplateStyle);
  const theme = useEditorState(props.store, (s) => s.catalog.theme);
  const set = (patch: Partial<PriceTemplateStyle>) =>
    change(props.store, { priceTemplateStyle: { ...style, ...patch } });
  const padding = (['top', 'right', 'bottom', 'left'] as const).map((side) => ({
    side,
    key: `padding_${side}` as const,
  }));
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {t('brand.priceStyle.title')}
      </Text>
      <div className="cb-brand-grid">
        <Select
          label={t('brand.priceStyle.anchor')}
          disabled={props.disabled}
          options={(['left', 'right'] as const).map((v) => ({
            label: t(`brand.priceStyle.anchors.${v}`),
            value: v,
          }))}
          value={style.anchor}
          onChange={(v) => set({ anchor: v as PriceTemplateStyle['anchor'] })}
        />
        <Select
          label={t('brand.priceStyle.position')}
          disabled={props.disabled}
          options={(['outside', 'inside'] as const).map((v) => ({
            label: t(`brand.priceStyle.positions.${v}`),
            value: v,
          }))}
          value={style.position}
          onChange={(v) => set({ position: v as PriceTemplateStyle['position'] })}
        />
        <Select
          label={t('brand.priceStyle.align')}
          disabled={props.disabled}
          options={(['vertical', 'horizontal'] as const).map((v) => ({
            label: t(`brand.priceStyle.aligns.${v}`),
            value: v,
          }))}
          value={style.align}
          onChange={(v) => set({ align: v as PriceTemplateStyle['align'] })}
        />
        <NumberField
          label={t('brand.priceStyle.size')}
          value={style.size}
          min={1}
          max={100}
          suffix="%"
          disabled={props.disabled}
          onChange={(size) => set({ size })}
        />
        {padding.map(({ side, key }) => (
          <NumberField
            key={side}
            label={t(`brand.priceStyle.padding.${side}`)}
            value={style[key]}
            min={0}
            max={200}
            suffix="px"
            disabled={props.disabled}
            onChange={(v) => set({ [key]: v })}
          />
        ))}
      </div>
      <ColorField
        label={t('brand.priceStyle.background')}
        value={normalizeHex(style.background_color ?? '') ?? ''}
        palette={props.palette}
        disabled={props.disabled}
        onChange={(hex) => set({ background_color: hex })}
      />
      <ColorField
        label={t('brand.priceStyle.color')}
        value={colorOf(theme, 'price')}
        palette={props.palette}
        disabled={props.disabled}
        onChange={(hex) =>
          change(props.store, {
            theme: withThemeValues(theme, [{ selector: '.price', property: 'color', value: hex }]),
          })
        }
      />
      {style.background_color ? (
        <div>
          <Button variant="plain" disabled={props.disabled} onClick={() => set({ background_color: null })}>
            {t('brand.priceStyle.noBackground')}
          </Button>
        </div>
      ) : null}
    </BlockStack>
  );
}

type LibraryImage = { _id: string; name: string; url: string };

/** The catalog background: a picture of the merchant's library behind every page, and how it fits. */
export function BackgroundControls(props: { store: EditorStore; disabled: boolean }) {
  const { t } = useTranslation('editor');
  const theme = useEditorState(props.store, (s) => s.catalog.theme);
  const [images, setImages] = useState<LibraryImage[]>([]);
  useEffect(() => {
    let live = true;
    void (async () => {
      const res = await apiFetch('/api/v1/files?filetype=image&limit=100');
      if (res.ok && live) setImages(((await res.json()) as { data: LibraryImage[] }).data);
    })();
    return () => {
      live = false;
    };
  }, []);
  const bg = backgroundOf(theme);
  const set = (next: { url: string; fit: BackgroundFit } | null) =>
    change(props.store, { theme: withBackground(theme, next) });
  const options = [
    { label: t('brand.background.none'), value: '' },
    ...images.map((i) => ({ label: i.name, value: i.url })),
    ...(bg && !images.some((i) => i.url === bg.url)
      ? [{ label: bg.url.split('/').pop()!, value: bg.url }]
      : []),
  ];
  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {t('brand.background.title')}
      </Text>
      <Text as="p" tone="subdued" variant="bodySm">
        {t('brand.background.help')}
      </Text>
      <div className="cb-brand-grid">
        <Select
          label={t('brand.background.picture')}
          disabled={props.disabled}
          options={options}
          value={bg?.url ?? ''}
          onChange={(url) => set(url ? { url, fit: bg?.fit ?? 'cover' } : null)}
        />
        <Select
          label={t('brand.background.fit')}
          disabled={props.disabled || !bg}
          options={(Object.keys(BACKGROUND_FITS) as BackgroundFit[]).map((f) => ({
            label: t(`brand.background.fits.${f}`),
            value: f,
          }))}
          value={bg?.fit ?? 'cover'}
          onChange={(fit) => bg && set({ url: bg.url, fit: fit as BackgroundFit })}
        />
      </div>
    </BlockStack>
  );
}

type SavedTheme = { _id: string; name: string; look: SavedLook };

/** Saved themes: the current look saved under a name; a saved one applied to this catalog in one step. */
export function SavedThemes(props: { store: EditorStore; disabled: boolean }) {
  const { t } = useTranslation('editor');
  const catalog = useEditorState(props.store, (s) => s.catalog);
  const [themes, setThemes] = useState<SavedTheme[]>([]);
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState('');
  const [notice, setNotice] = useState<{ tone: 'success' | 'critical'; text: string } | null>(null);
  const [busy, setBusy] = useState(false);

  const reload = useCallback(async () => {
    const res = await apiFetch('/api/v1/themes');
    if (res.ok) setThemes(((await res.json()) as { data: SavedTheme[] }).data);
  }, []);
  useEffect(() => void reload(), [reload]);

  const save = async () => {
    setBusy(true);
    const res = await apiFetch('/api/v1/themes', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: name.trim(), look: lookOf(catalog) }),
    });
    setBusy(false);
    const body = (await res.json().catch(() => ({}))) as { message?: string; data?: SavedTheme };
    if (!res.ok) return setNotice({ tone: 'critical', text: body.message ?? t('brand.saved.failed') });
    setNotice({ tone: 'success', text: t('brand.saved.savedAs', { name: body.data?.name ?? name.trim() }) });
    setName('');
    await reload();
    if (body.data) setChosen(body.data._id);
  };
  const apply = () => {
    const theme = themes.find((x) => x._id === chosen);
    if (!theme) return;
    const { look } = theme;
    change(props.store, {
      theme: look.theme,
      fonts: look.fonts,
      font_links: look.font_links,
      priceTemplateStyle: { ...catalog.priceTemplateStyle, ...look.priceTemplateStyle },
    });
    setNotice({ tone: 'success', text: t('brand.saved.applied', { name: theme.name }) });
  };
  const remove = async () => {
    const theme = themes.find((x) => x._id === chosen);
    if (!theme) return;
    const res = await apiFetch(`/api/v1/themes/${theme._id}`, { method: 'DELETE' });
    if (res.ok) {
      setChosen('');
      setNotice({ tone: 'success', text: t('brand.saved.deleted', { name: theme.name }) });
      await reload();
    }
  };

  return (
    <BlockStack gap="200">
      <Text as="h3" variant="headingSm">
        {t('brand.saved.title')}
      </Text>
      {notice ? (
        <Banner tone={notice.tone} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Banner>
      ) : null}
      <TextField
        label={t('brand.saved.name')}
        value={name}
        onChange={setName}
        maxLength={SAVED_THEME_NAME_MAX}
        autoComplete="off"
        disabled={props.disabled}
        connectedRight={
          <Button disabled={props.disabled || !name.trim()} loading={busy} onClick={() => void save()}>
            {t('brand.saved.save')}
          </Button>
        }
      />
      {themes.length ? (
        <BlockStack gap="200">
          <Select
            label={t('brand.saved.pick')}
            options={[
              { label: t('brand.saved.choose'), value: '' },
              ...themes.map((x) => ({ label: x.name, value: x._id })),
            ]}
            value={chosen}
            onChange={setChosen}
            disabled={props.disabled}
          />
          <InlineStack gap="200">
            <Button variant="primary" disabled={props.disabled || !chosen} onClick={apply}>
              {t('brand.saved.apply')}
            </Button>
            <Button tone="critical" disabled={props.disabled || !chosen} onClick={() => void remove()}>
              {t('brand.saved.delete')}
            </Button>
          </InlineStack>
        </BlockStack>
      ) : (
        <Text as="p" tone="subdued" variant="bodySm">
          {t('brand.saved.none')}
        </Text>
      )}
    </BlockStack>
  );
}

/** The key code SPEC §2.2 names for the theme editor's shortcut, Ctrl+Alt plus it (the Caps Lock key). */
export const THEME_EDITOR_KEY_CODE = 20;

/**
 * SPEC §2.2: Ctrl+Alt plus the key with code 20 opens the theme editor: `open` shows the Branding tab, then the
 * theme editor is scrolled to and focused, so the keyboard carries on inside it.
 */
export function useThemeEditorShortcut(open: () => void) {
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      if (!e.ctrlKey || !e.altKey) return;
      if (e.keyCode !== THEME_EDITOR_KEY_CODE && e.code !== 'CapsLock') return;
      e.preventDefault();
      open();
      let tries = 0;
      const focus = () => {
        const section = document.querySelector<HTMLElement>('[data-testid="theme-editor"]');
        if (section) {
          section.scrollIntoView({ block: 'start' });
          section.focus();
        } else if (tries++ < 20) requestAnimationFrame(focus);
      };
      requestAnimationFrame(focus);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [open]);
}
