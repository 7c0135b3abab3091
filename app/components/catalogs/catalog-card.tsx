import { ActionList, Badge, Button, InlineStack, Popover, Text } from '@shopify/polaris';
import { MenuHorizontalIcon } from '@shopify/polaris-icons';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { Catalog } from '../../../core/model/index.ts';
import type { CatalogCard as Card } from '../../../server/catalogs/index.ts';
import { editedAgo, editorUrl, onlineUrl, previewUrl } from './links.ts';
import { ScaledCatalogPage, useRenderContext } from './scaled-page.tsx';

/** Width of a cover on a card, in CSS px; the page is centred on a band of this height. */
const COVER_BOX_HEIGHT = 200;

/** The front cover as core/render draws it, fitted into the card's cover band whatever the page format. */
export function CoverImage({ cover, height = COVER_BOX_HEIGHT }: { cover: Catalog | null; height?: number }) {
  return (
    <div className="cb-cover-box" style={{ height }}>
      {cover ? <FittedCover cover={cover} height={height - 24} /> : <div className="cb-cover-box__blank" />}
    </div>
  );
}

function FittedCover({ cover, height }: { cover: Catalog; height: number }) {
  const context = useRenderContext(cover);
  const { widthPx, heightPx } = context.size;
  // Fit the page in the band: portrait pages by height, the landscape booklet by the band's width.
  const width = Math.min(Math.round((height * widthPx) / heightPx), 220);
  return <ScaledCatalogPage context={context} pageIndex={0} width={width} />;
}

export type CardAction = 'duplicate' | 'rename' | 'delete' | 'synchronize' | 'publish' | 'unpublish';

/**
 * A catalog on /catalogs (SPEC §2.5): its front cover, title, page and product counts, last edit, and its
 * actions: open in the editor, print preview, and a menu with the online version, duplicate, rename,
 * synchronize and delete. Whether visitors see it (published or a draft, with Publish/Unpublish in the menu) and,
 * when the plan no longer includes the protection it has, why visitors still meet a password.
 */
export function CatalogCardView({
  card,
  onAction,
  protectionAllowed = true,
}: {
  card: Card;
  onAction: (a: CardAction) => void;
  /** The owner's plan allows passwords; false after a downgrade. */
  protectionAllowed?: boolean;
}) {
  const { t, i18n } = useTranslation('catalogs');
  const [menu, setMenu] = useState(false);
  const act = (a: CardAction) => () => {
    setMenu(false);
    onAction(a);
  };
  return (
    <li className="cb-catalog-card" data-catalog-id={card._id}>
      {/* The cover opens the catalog too, for the mouse; keyboards and screen readers use the Open button. */}
      <Link to={editorUrl(card._id)} className="cb-catalog-card__cover" tabIndex={-1} aria-hidden="true">
        <CoverImage cover={card.cover} />
      </Link>
      <div className="cb-catalog-card__body">
        <InlineStack gap="200" blockAlign="center" wrap={false}>
          <Text as="h3" variant="headingSm" truncate>
            {card.title}
          </Text>
          {card.published ? (
            <Badge tone="success">{t('list.publishedBadge')}</Badge>
          ) : (
            <Badge tone="attention">{t('list.draft')}</Badge>
          )}
        </InlineStack>
        <Text as="p" variant="bodySm" tone="subdued">
          {t('list.pages', { count: card.pageCount })} · {t('list.products', { count: card.productCount })}
        </Text>
        <Text as="p" variant="bodySm" tone="subdued">
          <span suppressHydrationWarning>
            {t('list.edited', { when: editedAgo(card.updated_at, i18n.language) })}
          </span>
        </Text>
        {card.published ? null : (
          <Text as="p" variant="bodySm" tone="subdued">
            {t('list.draftHelp')}
          </Text>
        )}
        {card.passwordProtected && !protectionAllowed ? (
          <p className="cb-catalog-card__alert" role="note">
            {t('list.protectionLapsed')}{' '}
            <a href={onlineUrl(card)} aria-label={t('list.protectionSettings', { title: card.title })}>
              {t('list.online')}
            </a>
          </p>
        ) : null}
      </div>
      <div className="cb-catalog-card__actions">
        <Button url={editorUrl(card._id)} accessibilityLabel={t('list.open', { title: card.title })}>
          {t('list.openShort')}
        </Button>
        <Button
          url={previewUrl(card._id)}
          variant="tertiary"
          accessibilityLabel={t('list.previewOf', { title: card.title })}
        >
          {t('list.preview')}
        </Button>
        <Popover
          active={menu}
          onClose={() => setMenu(false)}
          preferredAlignment="right"
          activator={
            <Button
              icon={MenuHorizontalIcon}
              variant="tertiary"
              onClick={() => setMenu((m) => !m)}
              accessibilityLabel={t('list.moreActions', { title: card.title })}
              ariaExpanded={menu}
            />
          }
        >
          <ActionList
            actionRole="menuitem"
            sections={[
              {
                items: [
                  { content: t('list.online'), url: onlineUrl(card) },
                  card.published
                    ? { content: t('list.unpublish'), onAction: act('unpublish') }
                    : { content: t('list.publish'), onAction: act('publish') },
                  { content: t('list.duplicate'), onAction: act('duplicate') },
                  { content: t('list.rename'), onAction: act('rename') },
                  ...(card.productCount > 0
                    ? [{ content: t('synchronize.action'), onAction: act('synchronize') }]
                    : []),
                ],
              },
              { items: [{ content: t('list.delete'), destructive: true, onAction: act('delete') }] },
            ]}
          />
        </Popover>
      </div>
    </li>
  );
}

/** A featured catalog (SPEC §2.5 'featured catalogs'): its cover and title, opening its online version. */
export function FeaturedCard({ card }: { card: Card }) {
  const { t } = useTranslation('catalogs');
  return (
    <li className="cb-featured-card">
      <a href={onlineUrl(card)} className="cb-featured-card__link">
        <CoverImage cover={card.cover} height={168} />
        <span className="cb-featured-card__title">{card.title}</span>
        <span className="cb-featured-card__meta">{t('list.pages', { count: card.pageCount })}</span>
      </a>
    </li>
  );
}
