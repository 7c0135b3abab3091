import { Banner, BlockStack, Button, ButtonGroup, ProgressBar, Tabs, Text } from '@shopify/polaris';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PageLayout } from '../../core/model/index.ts';
import {
  ListingsPanel,
  type ListingPage,
  type PanelAccount,
  type PanelListing,
} from '../components/listings-panel/index.ts';
import { previewUrl } from '../components/catalogs/links.ts';
import { ArrangePanel } from './arrange-panel.tsx';
import { useEditorAssist, type AssistBoot } from './assist/editor-assist.tsx';
import { BrandingPanel, type BrandGates } from './branding-panel.tsx';
import { CatalogMenu } from './catalog-menu.tsx';
import { CatalogListingEditor } from './edit-listing.tsx';
import { ImagesPanel } from './images-panel.tsx';
import { selectNewElement } from './select-new.ts';
import { OnlineVersion, type OnlineBoot } from './online-version.tsx';
import { PageCanvas } from './page-canvas.tsx';
import { PageOrganizer } from './page-organizer.tsx';
import { placeListing } from './place-listing.ts';
import { SelectionSidebar } from './selection-sidebar.tsx';
import { PageToolbar } from './page-toolbar.tsx';
import { placementsOf } from './placements.ts';
import { redoable, undoable, zoomScale, type EditorState, type EditorStore, type Zoom } from './store.ts';
import { readZoom, savedAgo, stepZoom, ZOOM_STORAGE_KEY } from './screen-rules.ts';
import { useThemeEditorShortcut } from './theme-extras.tsx';
import { Thumbnails } from './thumbnails.tsx';
import {
  LISTING_DRAG_TYPE,
  useEditor,
  useEditorShortcuts,
  useEditorState,
  type EditorBoot,
} from './use-editor.ts';

export type EditorScreenProps = {
  boot: EditorBoot;
  userId: string;
  layouts: PageLayout[];
  accounts: PanelAccount[];
  initialListings: ListingPage | null;
  /** Where "back" goes: the catalogs list standalone, the app's home inside the Shopify admin. */
  backUrl: string;
  assist: AssistBoot;
  online: OnlineBoot;
  brandGates: BrandGates;
};

function SaveStatus({ store }: { store: EditorStore }) {
  const { t } = useTranslation('editor');
  const stored = useEditorState(store, (s) => s.status);
  // A layout edit's steps wait for Done before they are saved (SPEC §4): the status says so meanwhile.
  const held = useEditorState(store, (s) => s.pending.some((e) => e.held));
  const status = held ? 'held' : stored;
  const lastSavedAt = useEditorState(store, (s) => s.lastSavedAt);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    setNow(Date.now());
    const timer = setInterval(() => setNow(Date.now()), 15_000);
    return () => clearInterval(timer);
  }, [lastSavedAt]);
  const ago = status === 'saved' ? savedAgo(lastSavedAt, now) : null;
  const text = ago ? t(`status.savedAgo_${ago.unit}`, { count: ago.count }) : t(`status.${status}`);
  return (
    <span className={`cb-save-status cb-save-status--${status}`} role="status" data-status={status}>
      {text}
    </span>
  );
}

/** A long catalog opening on its first pages (issue 29): how many pages have arrived, and that editing waits. */
function OpeningProgress({ store }: { store: EditorStore }) {
  const { t } = useTranslation('editor');
  const opening = useEditorState(store, (s) => s.opening);
  if (!opening) return null;
  return (
    <div className="cb-editor-notices">
      <Banner tone="info">
        <BlockStack gap="200">
          <p>{t('screen.opening', { received: opening.received, total: opening.total })}</p>
          <ProgressBar
            progress={Math.round((100 * opening.received) / opening.total)}
            size="small"
            ariaLabelledBy="cb-opening-label"
          />
          <span id="cb-opening-label" className="cb-visually-hidden">
            {t('screen.openingLabel')}
          </span>
        </BlockStack>
      </Banner>
    </div>
  );
}

function Notices({ store }: { store: EditorStore }) {
  const notices = useEditorState(store, (s) => s.notices);
  const status = useEditorState(store, (s) => s.status);
  const message = useEditorState(store, (s) => s.statusMessage);
  if (!notices.length && !message) return null;
  return (
    <div className="cb-editor-notices">
      <BlockStack gap="200">
        {message && (status === 'failed' || status === 'blocked') ? (
          <Banner tone="critical">
            <p>{message}</p>
          </Banner>
        ) : null}
        {notices.map((n) => (
          <Banner key={n.id} tone={n.tone} onDismiss={() => store.getState().dismiss(n.id)}>
            <p>{n.text}</p>
          </Banner>
        ))}
      </BlockStack>
    </div>
  );
}

/** Remember the merchant's zoom choice in this browser (a full or disabled storage only forgets it). */
function keepZoom(zoom: Zoom) {
  try {
    window.localStorage.setItem(ZOOM_STORAGE_KEY, String(zoom));
  } catch {
    // The choice lasts this visit.
  }
}

/**
 * The page's zoom (top bar): fitted whole (how the editor opens) or to the page's width, or a share of the printed
 * size stepped with − and +; the button between them shows the size now and goes to 100 %.
 */
function ZoomControl({ store }: { store: EditorStore }) {
  const { t } = useTranslation('editor');
  const zoom = useEditorState(store, (s) => s.zoom);
  const scale = useEditorState(store, (s) => zoomScale(s.zoom, s.fit));
  const choose = (next: Zoom) => {
    store.getState().setZoom(next);
    keepZoom(next);
  };
  const step = (direction: 1 | -1) => {
    const next = stepZoom(scale, direction);
    if (next !== null) choose(next);
  };
  // Once hydrated, the zoom the merchant chose last time in this browser.
  useEffect(() => {
    let kept: string | null = null;
    try {
      kept = window.localStorage.getItem(ZOOM_STORAGE_KEY);
    } catch {
      // No storage: the editor opens at fit page.
    }
    const zoom = readZoom(kept);
    if (zoom !== null) store.getState().setZoom(zoom);
  }, [store]);
  const percent = `${Math.round(scale * 100)} %`;
  return (
    <div className="cb-zoom" role="group" aria-label={t('zoom.label')}>
      <ButtonGroup variant="segmented">
        <Button size="slim" pressed={zoom === 'page'} onClick={() => choose('page')}>
          {t('zoom.fitPage')}
        </Button>
        <Button size="slim" pressed={zoom === 'width'} onClick={() => choose('width')}>
          {t('zoom.fitWidth')}
        </Button>
      </ButtonGroup>
      <Button
        size="slim"
        onClick={() => step(-1)}
        disabled={stepZoom(scale, -1) === null}
        accessibilityLabel={t('zoom.out')}
      >
        −
      </Button>
      <Button
        size="slim"
        variant="tertiary"
        onClick={() => choose(1)}
        accessibilityLabel={t('zoom.reset', { percent })}
      >
        {percent}
      </Button>
      <Button
        size="slim"
        onClick={() => step(1)}
        disabled={stepZoom(scale, 1) === null}
        accessibilityLabel={t('zoom.in')}
      >
        +
      </Button>
    </div>
  );
}

const selectCatalog = (s: EditorState) => s.catalog;

/**
 * Products placed in the catalog and how many times each (the top bar's count, SPEC §4 Save; the products list's
 * badges): counted once per version of the document, which every reader of the store shares.
 */
const selectPlacements = (s: EditorState) => placementsOf(s.catalog);

function ProductCount({ store }: { store: EditorStore }) {
  const { t } = useTranslation('editor');
  const { placements, products } = useEditorState(store, selectPlacements);
  // A long catalog still opening would count only the pages arrived so far.
  const opening = useEditorState(store, (s) => s.opening !== null);
  if (opening) return null;
  return (
    <span className="cb-product-count" data-testid="product-count">
      {placements === products
        ? t('screen.productCount', { count: products })
        : t('screen.placementCount', { count: products, placements })}
    </span>
  );
}

/** The catalog editor (SPEC §2.2): products to place, the pages, the current page and what can be done to it. */
export function EditorScreen(props: EditorScreenProps) {
  const { t } = useTranslation('editor');
  const { t: ta } = useTranslation('arrange');
  const { store, api } = useEditor(props.boot);
  useEditorShortcuts(store);
  const catalog = useEditorState(store, selectCatalog);
  const canUndo = useEditorState(store, undoable);
  const canRedo = useEditorState(store, redoable);
  const readonly = useEditorState(store, (s) => s.readonly);
  const opening = useEditorState(store, (s) => s.opening !== null);
  const placements = useEditorState(store, selectPlacements);
  // The listing edited from the products panel; a saved listing makes the panel ask for its page again.
  const [editing, setEditing] = useState<PanelListing | null>(null);
  const listingsSaved = useEditorState(store, (s) => s.listingsSaved);
  // Marks the screen as interactive once React has hydrated it (the editor benchmark waits for it).
  const [hydrated, setHydrated] = useState(false);
  // The left tabs (SPEC §2.2): products by default, then the catalog's branding.
  const [tab, setTab] = useState(0);
  // SPEC §2.2: Ctrl+Alt+key code 20 opens the theme editor (in the Branding tab).
  useThemeEditorShortcut(useCallback(() => setTab(1), []));
  useEffect(() => setHydrated(true), []);
  const assist = useEditorAssist(props.assist);

  const place = (listing: PanelListing) => {
    const s = store.getState();
    const sel = s.selection;
    const page = sel ? s.catalog.pages.find((p) => p.id === sel.pageId) : undefined;
    const target = sel && page ? page.elements[sel.index] : undefined;
    // A chosen empty cell takes the product; otherwise it goes where SPEC §4 'Adding content' says.
    const done = placeListing(store, listing, (product) =>
      sel && page && (!target || target.type === 'application/void')
        ? { name: 'dropProduct', args: { pageId: sel.pageId, cellIndex: sel.index, product } }
        : { name: 'addProduct', args: { pageId: s.currentPageId, product } },
    );
    // SPEC §4: the new product is selected for editing 300 ms later.
    selectNewElement(store, done);
  };

  return (
    <div {...assist.rootProps} data-hydrated={hydrated || undefined}>
      <header className="cb-editor-bar">
        <a className="cb-editor-bar__back" href={props.backUrl}>
          ← {t('screen.back')}
        </a>
        <Text as="h1" variant="headingMd" truncate>
          {catalog.title}
        </Text>
        <div className="cb-editor-bar__actions">
          <ProductCount store={store} />
          <SaveStatus store={store} />
          <ZoomControl store={store} />
          {readonly ? null : (
            <ButtonGroup variant="segmented">
              <Button
                disabled={!canUndo}
                onClick={() => store.getState().undo()}
                accessibilityLabel={`${t('screen.undo')} (Ctrl+Z)`}
              >
                {t('screen.undo')}
              </Button>
              <Button
                disabled={!canRedo}
                onClick={() => store.getState().redo()}
                accessibilityLabel={`${t('screen.redo')} (Ctrl+Shift+Z)`}
              >
                {t('screen.redo')}
              </Button>
            </ButtonGroup>
          )}
          <OnlineVersion catalogId={catalog._id} online={props.online} />
          <Button url={previewUrl(catalog._id)}>{t('screen.preview')}</Button>
          {assist.bar}
          <CatalogMenu
            catalogId={catalog._id}
            title={catalog.title}
            backUrl={props.backUrl}
            readonly={readonly}
            api={api}
          />
        </div>
      </header>
      <OpeningProgress store={store} />
      {readonly && !opening ? (
        <div className="cb-editor-notices">
          <Banner tone="warning">
            <p>{t('screen.readonly')}</p>
          </Banner>
        </div>
      ) : null}
      {assist.notice ? <div className="cb-editor-notices">{assist.notice}</div> : null}
      <Notices store={store} />
      <div className="cb-editor-body">
        <aside className="cb-editor-side" aria-label={t('tabs.label')}>
          <Tabs
            tabs={[
              { id: 'cb-tab-products', content: t('tabs.products'), panelID: 'cb-panel-products' },
              { id: 'cb-tab-branding', content: t('tabs.branding'), panelID: 'cb-panel-branding' },
              { id: 'cb-tab-images', content: t('images:tab'), panelID: 'cb-panel-images' },
              { id: 'cb-tab-arrange', content: ta('tab'), panelID: 'cb-panel-arrange' },
            ]}
            selected={tab}
            onSelect={(next) => {
              // Another tab leaves a layout edit as Cancel does (SPEC §4: stopping restores the copy).
              store.getState().stopLayoutEdit(false);
              setTab(next);
            }}
            fitted
          >
            <div className="cb-editor-side__panel">
              {tab === 0 ? (
                <BlockStack gap="200">
                  <Text as="h2" variant="headingMd" id="cb-editor-products-title">
                    {t('screen.products')}
                  </Text>
                  <p className="cb-tip">{t('screen.pickHint')}</p>
                  <ListingsPanel
                    accounts={props.accounts}
                    initialAccountId={props.accounts[0]!.id}
                    initialPage={props.initialListings}
                    onPick={readonly ? undefined : place}
                    pickLabel={(title, placed) =>
                      placed ? t('screen.placeAgain', { title, count: placed }) : t('screen.place', { title })
                    }
                    placements={placements.byId}
                    dragType={readonly ? undefined : LISTING_DRAG_TYPE}
                    onEdit={readonly ? undefined : setEditing}
                    refreshKey={listingsSaved}
                  />
                </BlockStack>
              ) : tab === 1 ? (
                <BrandingPanel store={store} readonly={readonly} gates={props.brandGates} />
              ) : tab === 2 ? (
                <ImagesPanel store={store} readonly={readonly} />
              ) : (
                <ArrangePanel store={store} readonly={readonly} />
              )}
            </div>
          </Tabs>
        </aside>
        {assist.organizer ? (
          <PageOrganizer
            store={store}
            onOpen={(id) => {
              store.getState().goToPage(id);
              assist.closeOrganizer();
            }}
          />
        ) : (
          <>
            <Thumbnails store={store} catalog={catalog} />
            <main className="cb-editor-main">
              <PageToolbar store={store} layouts={props.layouts} api={api} userId={props.userId} />
              <PageCanvas store={store} catalog={catalog} />
              <p className="cb-editor-shortcuts cb-tip">{t('screen.shortcuts')}</p>
            </main>
          </>
        )}
        <SelectionSidebar store={store} accounts={props.accounts} />
      </div>
      {editing ? (
        <CatalogListingEditor
          store={store}
          accounts={props.accounts}
          listingId={editing.id}
          onClose={() => setEditing(null)}
        />
      ) : null}
      {assist.overlay}
    </div>
  );
}
