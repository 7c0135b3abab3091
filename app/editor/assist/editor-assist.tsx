import { Button } from '@shopify/polaris';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiFetch } from '../../components/catalogs/api.ts';
import { HelpMenu } from './help-menu.tsx';
import { RatingPrompt } from './rating-prompt.tsx';
import { Tour } from './tour.tsx';

/** What the server decided for this user (app/editor/load.server.ts). */
export type AssistBoot = {
  tour: boolean;
  rating: boolean;
  organizer: boolean;
  /** TUTORIALS_URL: the video site the help list opens, or null for our guides under /help. */
  tutorialsUrl: string | null;
};

/** The tooltip toggle is a preference of this browser (SPEC leaves it unstored server-side). */
export const TIPS_STORAGE_KEY = 'cb.editor.tips';

const saveFlags = async (body: object) => {
  const res = await apiFetch('/api/v1/users/me/editor-flags', { method: 'PUT', body: JSON.stringify(body) });
  return res.ok;
};

/**
 * Everything around the editor (SPEC §2.2, §4): the help list and tooltip toggle of the top bar, organizer mode
 * for early users, the rating prompt and the first-visit tour. Returns the pieces the screen mounts.
 */
export function useEditorAssist(boot: AssistBoot) {
  const { t } = useTranslation('editor');
  const [tips, setTips] = useState(true);
  const [organizer, setOrganizer] = useState(false);
  useEffect(() => setTips(localStorage.getItem(TIPS_STORAGE_KEY) !== 'off'), []);
  const toggleTips = () => {
    localStorage.setItem(TIPS_STORAGE_KEY, tips ? 'off' : 'on');
    setTips(!tips);
  };
  return {
    /** Organizer mode is on: the screen shows the page organizer in place of the thumbnails and the page. */
    organizer: boot.organizer && organizer,
    closeOrganizer: () => setOrganizer(false),
    rootProps: {
      'data-tips': tips ? 'on' : 'off',
      className: organizer ? 'cb-editor cb-editor--organizer' : 'cb-editor',
    },
    bar: (
      <>
        {boot.organizer ? (
          <Button pressed={organizer} onClick={() => setOrganizer(!organizer)}>
            {t('assist.organizer')}
          </Button>
        ) : null}
        <Button pressed={tips} onClick={toggleTips}>
          {t('assist.tips')}
        </Button>
        <HelpMenu videosUrl={boot.tutorialsUrl} />
      </>
    ),
    notice: boot.rating ? <RatingPrompt onAnswer={(rating) => saveFlags({ rating })} /> : null,
    overlay: boot.tour ? <Tour onDone={() => void saveFlags({ tourDone: true })} /> : null,
  };
}
