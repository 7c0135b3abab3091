import en from '../../core/i18n/locales/en/editor.json';

/** SPEC §8 'Save fails after 5 retries', as the editor shows it in English. */
export const SAVE_FAILED_MESSAGE = en.save.failed;
