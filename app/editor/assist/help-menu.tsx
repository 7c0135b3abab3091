import { ActionList, Button, Popover } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TUTORIAL_VIDEOS, tutorialLink } from '../../../core/rules/index.ts';

/**
 * The top bar's help list: the 14 tutorials (SPEC §2.2), each opening in a new tab so the editor stays as it
 * was. `videosUrl` (TUTORIALS_URL) sends them to a video site; without it they are our guides under /help.
 */
export function HelpMenu({ videosUrl }: { videosUrl: string | null }) {
  const { t } = useTranslation('editor');
  const [open, setOpen] = useState(false);
  return (
    <Popover
      active={open}
      onClose={() => setOpen(false)}
      autofocusTarget="first-node"
      preferredAlignment="right"
      activator={
        <Button disclosure onClick={() => setOpen((o) => !o)} ariaExpanded={open} ariaControls="cb-help-menu">
          {t('assist.help')}
        </Button>
      }
    >
      <div id="cb-help-menu" className="cb-help-menu">
        <ActionList
          actionRole="menuitem"
          sections={[
            {
              title: t(videosUrl ? 'assist.tutorials' : 'assist.guides'),
              items: TUTORIAL_VIDEOS.map((id) => ({
                id: `cb-tutorial-${id}`,
                content: t(`assist.tutorial.${id}`),
                url: tutorialLink(id, videosUrl).url,
                external: true,
                onAction: () => setOpen(false),
              })),
            },
          ]}
        />
      </div>
    </Popover>
  );
}
