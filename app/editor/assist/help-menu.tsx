import { ActionList, Button, Popover } from '@shopify/polaris';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TUTORIAL_VIDEOS } from '../../../core/rules/index.ts';

/** Where the tutorial videos are published; each video's page is this plus its id. */
export const TUTORIAL_VIDEOS_URL = 'https://catalogbuilder.app/tutorials/';

/** The top bar's help list: the 14 tutorial videos (SPEC §2.2), each opening in a new tab. */
export function HelpMenu() {
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
              title: t('assist.tutorials'),
              items: TUTORIAL_VIDEOS.map((id) => ({
                id: `cb-tutorial-${id}`,
                content: t(`assist.tutorial.${id}`),
                url: `${TUTORIAL_VIDEOS_URL}${id}`,
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
