import { ActionList, Button, ButtonGroup, InlineStack, Popover, Text } from '@shopify/polaris';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLayoutSchema, type PageLayout } from '../../core/model/index.ts';
import { groupLayouts } from '../../core/layouts/index.ts';
import { CatalogStyles, showsHeadersFooters } from '../../core/render/index.ts';
import { ScaledCatalogPage } from '../components/catalogs/scaled-page.tsx';
import { useLayoutSamples, useLayoutTitle } from '../components/layouts/layout-thumbnails.tsx';
import { Switch } from '../components/switch.tsx';
import type { ApiClient } from './api.ts';
import { SaveLayoutToLibrary } from './layout-save.tsx';
import { SoftProofButton } from './soft-proof-dialog.tsx';
import { currentPageIndex, type EditorStore } from './store.ts';
import { useEditorState } from './use-editor.ts';

/**
 * A menu of layouts (Add page, Change layout): SPEC §2.3's groups in the order a merchant reads them, each layout
 * a small page drawn with sample products and its name in the merchant's language.
 */
function LayoutMenu({
  label,
  layouts,
  disabled,
  onChoose,
}: {
  label: string;
  layouts: PageLayout[];
  disabled?: boolean;
  onChoose: (layout: PageLayout) => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      activator={
        <Button disclosure disabled={disabled} onClick={() => setOpen((o) => !o)}>
          {label}
        </Button>
      }
    >
      {open ? (
        <LayoutMenuItems
          layouts={layouts}
          onChoose={(layout) => {
            setOpen(false);
            onChoose(layout);
          }}
        />
      ) : null}
    </Popover>
  );
}

function LayoutMenuItems({
  layouts,
  onChoose,
}: {
  layouts: PageLayout[];
  onChoose: (layout: PageLayout) => void;
}) {
  const { t } = useTranslation('layouts');
  const title = useLayoutTitle();
  const context = useLayoutSamples(layouts);
  const index = new Map(layouts.map((l, i) => [l, i]));
  return (
    <div className="cb-layout-menu">
      <CatalogStyles context={context} />
      <ActionList
        actionRole="menuitem"
        sections={groupLayouts(layouts).map((group) => ({
          title: t(`groups.${group.group}`),
          items: group.layouts.map((l) => ({
            content: title(l),
            prefix: (
              <ScaledCatalogPage
                context={context}
                pageIndex={index.get(l) ?? 0}
                width={36}
                withStyles={false}
              />
            ),
            onAction: () => onChoose(l),
          })),
        }))}
      />
    </div>
  );
}

const SPECIAL_PAGES = [
  'tableofcontents',
  'wholesalecontract',
  'wholesaleform',
  'summaryPage',
  'fullTextPage',
  'profilepage',
] as const;
type SpecialPage = (typeof SPECIAL_PAGES)[number];

/** A special page's layout as the server gives it (SPEC §7 GET api/v1/pagelayouts/{name}); null when it cannot. */
async function fetchSpecial(api: ApiClient, name: SpecialPage): Promise<PageLayout | null> {
  try {
    const answer = await api.json(`/api/v1/pagelayouts/${name}`);
    const parsed = PageLayoutSchema.safeParse(answer.body.data);
    return answer.status === 200 && parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

type SpecialLayouts = Partial<Record<SpecialPage, PageLayout>>;

/**
 * Add a special page: each drawn as a small page like the other layout menus (issue 26: every layout picker shows
 * thumbnails). The layouts are asked for once, when the menu first opens; until they come, the names alone.
 */
function SpecialPageMenu({
  api,
  busy,
  onChoose,
}: {
  api: ApiClient;
  busy: boolean;
  onChoose: (name: SpecialPage, layout: PageLayout | undefined) => void;
}) {
  const { t } = useTranslation('editor');
  const [open, setOpen] = useState(false);
  const [loaded, setLoaded] = useState<SpecialLayouts | null>(null);
  useEffect(() => {
    if (!open || loaded) return;
    let live = true;
    void Promise.all(SPECIAL_PAGES.map(async (name) => [name, await fetchSpecial(api, name)] as const)).then(
      (list) => {
        if (live) setLoaded(Object.fromEntries(list.filter(([, l]) => l)) as SpecialLayouts);
      },
    );
    return () => {
      live = false;
    };
  }, [open, loaded, api]);
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      activator={
        <Button disclosure loading={busy} onClick={() => setOpen((o) => !o)}>
          {t('page.special')}
        </Button>
      }
    >
      {open ? (
        <SpecialPageItems
          loaded={loaded}
          onChoose={(name, layout) => {
            setOpen(false);
            onChoose(name, layout);
          }}
        />
      ) : null}
    </Popover>
  );
}

function SpecialPageItems({
  loaded,
  onChoose,
}: {
  loaded: SpecialLayouts | null;
  onChoose: (name: SpecialPage, layout: PageLayout | undefined) => void;
}) {
  const { t } = useTranslation('editor');
  const layouts = useMemo(() => SPECIAL_PAGES.flatMap((n) => (loaded?.[n] ? [loaded[n]] : [])), [loaded]);
  const context = useLayoutSamples(layouts);
  return (
    <div className="cb-layout-menu" data-loaded={loaded ? 'true' : 'false'}>
      <CatalogStyles context={context} />
      <ActionList
        actionRole="menuitem"
        sections={[
          {
            items: SPECIAL_PAGES.map((name) => {
              const layout = loaded?.[name];
              return {
                content: t(`page.specials.${name}`),
                prefix: layout ? (
                  <ScaledCatalogPage
                    context={context}
                    pageIndex={layouts.indexOf(layout)}
                    width={36}
                    withStyles={false}
                  />
                ) : undefined,
                onAction: () => onChoose(name, layout),
              };
            }),
          },
        ]}
      />
    </div>
  );
}

/**
 * Whether the current page shows its header and footer, as a switch that says so (a button that only toggled
 * hid them without a word). Covers never show them, so there it is off and cannot be turned on.
 */
export function HeadersSwitch({ store }: { store: EditorStore }) {
  const { t } = useTranslation('editor');
  const readonly = useEditorState(store, (s) => s.readonly);
  const pageId = useEditorState(store, (s) => s.currentPageId);
  // 'on', 'off', or null where the page cannot show them (a cover, a flow page).
  const state = useEditorState(store, (s) => {
    const page = s.catalog.pages.find((p) => p.id === s.currentPageId);
    if (
      !page ||
      page.kind === 'flow' ||
      !showsHeadersFooters({ ...page, showHeadersFooters: true }, s.catalog)
    )
      return null;
    return page.showHeadersFooters ? 'on' : 'off';
  });
  return (
    <Switch
      label={t('sidebar.showHeaders')}
      checked={state === 'on'}
      disabled={readonly || state === null}
      onChange={() => pageId && store.getState().dispatch({ name: 'toggleHeadersFooters', args: { pageId } })}
    />
  );
}

/** What can be done to the current page (or the pages picked in the thumbnails), and the layout-edit mode. */
export function PageToolbar({
  store,
  layouts,
  api,
  userId,
}: {
  store: EditorStore;
  layouts: PageLayout[];
  api: ApiClient;
  userId: string;
}) {
  const { t } = useTranslation('editor');
  const readonly = useEditorState(store, (s) => s.readonly);
  const mode = useEditorState(store, (s) => s.mode);
  const index = useEditorState(store, currentPageIndex);
  // A long catalog still opening counts every page it has, not only those arrived.
  const count = useEditorState(store, (s) => s.opening?.total ?? s.catalog.pages.length);
  const page = useEditorState(store, (s) => s.catalog.pages.find((p) => p.id === s.currentPageId) ?? null);
  const picked = useEditorState(store, (s) => s.selectedPages);
  const selection = useEditorState(store, (s) => s.selection);
  const [busy, setBusy] = useState(false);
  const s = () => store.getState();
  const pageId = page?.id ?? null;

  /** A special page (SPEC §7 GET api/v1/pagelayouts/{name}) after the current one. */
  const addSpecial = async (name: SpecialPage, shown: PageLayout | undefined) => {
    setBusy(true);
    try {
      // The menu's drawing already holds the layout; asked for again only if it could not be had then.
      const layout = shown ? structuredClone(shown) : await fetchSpecial(api, name);
      if (!layout) s().notify('critical', t('page.layoutsFailed'));
      else s().dispatch({ name: 'addPage', args: { afterPageId: pageId, layout } });
    } finally {
      setBusy(false);
    }
  };

  if (mode === 'layout' && page) {
    return (
      <div className="cb-page-toolbar" role="toolbar" aria-label={t('layoutEdit.title', { page: index + 1 })}>
        <Text as="h2" variant="headingSm">
          {t('layoutEdit.title', { page: index + 1 })}
        </Text>
        <Text as="p" tone="subdued">
          {t('layoutEdit.hint')}
        </Text>
        <InlineStack gap="200" wrap>
          <Button onClick={() => s().dispatch({ name: 'addCell', args: { pageId: page.id } })}>
            {t('layoutEdit.addCell')}
          </Button>
          <Button
            tone="critical"
            disabled={!selection || selection.pageId !== page.id}
            onClick={() => {
              const sel = s().selection;
              if (!sel) return;
              s().dispatch({ name: 'removeCell', args: { pageId: page.id, cellIndex: sel.index } });
              s().select(null);
            }}
          >
            {t('layoutEdit.removeCell')}
          </Button>
          <SaveLayoutToLibrary store={store} pageId={page.id} />
          <ButtonGroup>
            <Button onClick={() => s().stopLayoutEdit(false)}>{t('layoutEdit.cancel')}</Button>
            <Button variant="primary" onClick={() => s().stopLayoutEdit(true)}>
              {t('layoutEdit.done')}
            </Button>
          </ButtonGroup>
        </InlineStack>
      </div>
    );
  }

  const many = picked.length > 1;
  return (
    <div className="cb-page-toolbar" role="toolbar" aria-label={t('screen.pageView')}>
      <InlineStack gap="200" blockAlign="center" align="space-between" wrap>
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <Button
            accessibilityLabel={t('screen.previousPage')}
            disabled={index <= 0}
            onClick={() => s().goToPage(s().catalog.pages[index - 1]!.id)}
          >
            ‹
          </Button>
          <Text as="span" variant="bodyMd" fontWeight="semibold">
            <span data-testid="page-position">
              {count ? t('screen.pageOf', { page: index + 1, count }) : t('screen.noPages')}
            </span>
          </Text>
          <Button
            accessibilityLabel={t('screen.nextPage')}
            disabled={index >= count - 1}
            onClick={() => s().goToPage(s().catalog.pages[index + 1]!.id)}
          >
            ›
          </Button>
        </InlineStack>
        <InlineStack gap="200" blockAlign="center">
          {/* Beside the page's number: whether this page prints its header and footer. */}
          {readonly ? null : <HeadersSwitch store={store} />}
          <SoftProofButton store={store} />
        </InlineStack>
      </InlineStack>
      {readonly ? null : (
        <InlineStack gap="200" wrap>
          <LayoutMenu
            label={t('page.add')}
            layouts={layouts}
            onChoose={(layout) => s().dispatch({ name: 'addPage', args: { afterPageId: pageId, layout } })}
          />
          <LayoutMenu
            label={t('page.changeLayout')}
            layouts={layouts}
            disabled={!page || page.kind === 'flow'}
            onChoose={(layout) => pageId && s().dispatch({ name: 'changeLayout', args: { pageId, layout } })}
          />
          <SpecialPageMenu api={api} busy={busy} onChoose={(name, layout) => void addSpecial(name, layout)} />
          <Button
            disabled={!page || page.kind === 'flow'}
            onClick={() => s().startLayoutEdit(!!page?.layout.owner && page.layout.owner === userId)}
          >
            {t('page.editLayout')}
          </Button>
          <ButtonGroup variant="segmented">
            <Button
              disabled={!pageId || index <= 0}
              onClick={() => pageId && s().dispatch({ name: 'movePage', args: { pageId, direction: 'up' } })}
            >
              {t('page.moveUp')}
            </Button>
            <Button
              disabled={!pageId || index >= count - 1}
              onClick={() =>
                pageId && s().dispatch({ name: 'movePage', args: { pageId, direction: 'down' } })
              }
            >
              {t('page.moveDown')}
            </Button>
          </ButtonGroup>
          <Button
            disabled={!pageId}
            onClick={() => pageId && s().dispatch({ name: 'duplicatePage', args: { pageId } })}
          >
            {t('page.duplicate')}
          </Button>
          <Button
            tone="critical"
            disabled={!pageId}
            onClick={() => {
              const ids = many ? picked : pageId ? [pageId] : [];
              s().dispatch({ name: 'removePages', args: { pageIds: ids } });
              s().setSelectedPages([]);
            }}
          >
            {many ? t('page.removeSelected', { count: picked.length }) : t('page.remove')}
          </Button>
        </InlineStack>
      )}
    </div>
  );
}
