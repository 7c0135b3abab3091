import { BlockStack, Card, Checkbox, InlineGrid, Page, Select, Text, TextField } from '@shopify/polaris';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLoaderData, type LinksFunction, type LoaderFunctionArgs, type MetaFunction } from 'react-router';
import {
  DEFAULT_DESCRIPTION_TEMPLATE_HTML,
  DEFAULT_PRICE_TEMPLATE_HTML,
  DEFAULT_THEME,
  ThemeSchema,
  type Theme,
} from '../../core/model/index.ts';
import { sanitizeCss } from '../../core/sanitize/index.ts';
import { CatalogStyles } from '../../core/render/index.ts';
import { ScaledCatalogPage } from '../components/catalogs/scaled-page.tsx';
import { useLayoutSamples, useLayoutTitle } from '../components/layouts/layout-thumbnails.tsx';
import catalogStyles from '../styles/catalogs.css?url';

export const links: LinksFunction = () => [{ rel: 'stylesheet', href: catalogStyles }];

export const meta: MetaFunction = () => [{ title: 'Style playground · Admin · Catalog Builder' }];

/** The library's layouts to try styles on. */
export async function loader({ request }: LoaderFunctionArgs) {
  const { loadLayouts } = await import('../components/layouts/layouts-page.server.ts');
  const { layouts } = await loadLayouts(request, 'library');
  return { layouts };
}

const themeText = (theme: Theme) => JSON.stringify(theme, null, 2);

/**
 * SPEC §2.1 /admin/playground: a sample page drawn by core/render with any theme, CSS and caption template,
 * redrawn as staff type, so they try a style before publishing it as a template. Nothing is saved; the CSS is
 * sanitized and scoped exactly as a catalog's is, and what is left out is listed by line.
 */
export default function PlaygroundPage() {
  const { t } = useTranslation('layouts');
  const title = useLayoutTitle();
  const { layouts } = useLoaderData<typeof loader>();
  const firstProducts = layouts.find((l) => l.type === 'products') ?? layouts[0];
  const [layoutId, setLayoutId] = useState(firstProducts?._id ?? '');
  const [themeDraft, setThemeDraft] = useState(themeText(DEFAULT_THEME));
  const [css, setCss] = useState('');
  const [caption, setCaption] = useState(DEFAULT_PRICE_TEMPLATE_HTML);
  const [description, setDescription] = useState(DEFAULT_DESCRIPTION_TEMPLATE_HTML);
  const [showDescription, setShowDescription] = useState(false);
  const [theme, setTheme] = useState<Theme>(DEFAULT_THEME);

  const themeProblem = useMemo(() => {
    try {
      const parsed = ThemeSchema.safeParse(JSON.parse(themeDraft));
      return parsed.success ? null : (parsed.error.issues[0]?.message ?? 'invalid');
    } catch (err) {
      return (err as Error).message;
    }
  }, [themeDraft]);
  // The page keeps the last theme that read well while the text is being typed.
  useEffect(() => {
    if (!themeProblem) setTheme(ThemeSchema.parse(JSON.parse(themeDraft)));
  }, [themeDraft, themeProblem]);

  const dropped = useMemo(() => sanitizeCss(css).problems, [css]);
  const chosen = useMemo(() => {
    const layout = layouts.find((l) => l._id === layoutId) ?? firstProducts;
    return layout ? [layout] : [];
  }, [layouts, layoutId, firstProducts]);
  const catalogFields = useMemo(
    () => ({
      theme,
      custom_css: css,
      priceTemplate: caption,
      descriptionTemplate: description,
      settings: { showDescription },
    }),
    [theme, css, caption, description, showDescription],
  );
  const context = useLayoutSamples(chosen, catalogFields);

  const frame = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(480);
  useEffect(() => {
    const el = frame.current;
    if (!el || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(([entry]) => {
      const w = Math.floor(entry!.contentRect.width);
      if (w > 0) setWidth(Math.min(600, w));
    });
    observer.observe(el);
    return () => observer.disconnect();
  }, []);

  const reset = () => {
    setThemeDraft(themeText(DEFAULT_THEME));
    setCss('');
    setCaption(DEFAULT_PRICE_TEMPLATE_HTML);
    setDescription(DEFAULT_DESCRIPTION_TEMPLATE_HTML);
    setShowDescription(false);
  };

  return (
    <Page
      fullWidth
      title={t('playground.title')}
      subtitle={t('playground.subtitle')}
      secondaryActions={[{ content: t('playground.reset'), onAction: reset }]}
    >
      <InlineGrid columns={{ xs: 1, md: ['oneHalf', 'oneHalf'] }} gap="400">
        <BlockStack gap="400">
          <Card>
            <BlockStack gap="300">
              <Select
                label={t('playground.layout')}
                options={layouts.map((l) => ({ label: title(l), value: l._id ?? '' }))}
                value={layoutId}
                onChange={setLayoutId}
              />
              <TextField
                label={t('playground.caption')}
                value={caption}
                onChange={setCaption}
                multiline={3}
                monospaced
                autoComplete="off"
              />
              <Checkbox
                label={t('playground.showDescription')}
                checked={showDescription}
                onChange={setShowDescription}
              />
              <TextField
                label={t('playground.description')}
                value={description}
                onChange={setDescription}
                multiline={2}
                monospaced
                autoComplete="off"
              />
            </BlockStack>
          </Card>
          <Card>
            <BlockStack gap="300">
              <TextField
                label={t('playground.css')}
                value={css}
                onChange={setCss}
                multiline={6}
                monospaced
                autoComplete="off"
                spellCheck={false}
                placeholder=".cb-caption h6 { color: #8a1c1c; }"
                error={
                  dropped.length
                    ? t('playground.cssDropped', {
                        count: dropped.length,
                        lines: dropped.map((p) => p.line).join(', '),
                      })
                    : undefined
                }
              />
              <TextField
                label={t('playground.theme')}
                value={themeDraft}
                onChange={setThemeDraft}
                multiline={8}
                monospaced
                autoComplete="off"
                spellCheck={false}
                error={themeProblem ? t('playground.themeBad', { message: themeProblem }) : undefined}
              />
            </BlockStack>
          </Card>
        </BlockStack>
        <Card>
          <BlockStack gap="300">
            <Text as="h2" variant="headingMd">
              {t('playground.preview')}
            </Text>
            <div ref={frame} className="cb-playground-page">
              <CatalogStyles context={context} />
              {chosen.length ? (
                <ScaledCatalogPage context={context} pageIndex={0} width={width} withStyles={false} />
              ) : null}
            </div>
          </BlockStack>
        </Card>
      </InlineGrid>
    </Page>
  );
}
