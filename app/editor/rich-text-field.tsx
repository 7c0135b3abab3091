import { Button, ButtonGroup, InlineStack, Text, TextField } from '@shopify/polaris';
import { LinkIcon, TextBoldIcon, TextItalicIcon } from '@shopify/polaris-icons';
import { useEffect, useId, useRef, useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CATALOG_TITLE_PLACEHOLDER, PAGE_NUMBER_TOKEN } from '../../core/render/index.ts';
import { escapeHtml, sanitizeInlineHtml } from '../../core/sanitize/index.ts';
import { chipTokens, tokenChip, tokenKey, withTokens, type BandToken } from './band-tokens.tsx';

const LINK_ADDRESS = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

/**
 * A small rich-text field for headers and footers: bold, italic, links and the page number and catalog title,
 * nothing more. Those two show as chips named in the merchant's language and are handed back as the tokens the
 * page fills in (PAGE_NUMBER, {{CATALOG_TITLE}}). What it starts with and what is pasted into it go through
 * sanitizeInlineHtml first, so merchant HTML never runs in the editor; the caller sanitizes again before saving
 * (the field's DOM is the browser's to change).
 */
export function RichTextField({
  label,
  initialHtml,
  onChange,
  autoFocus,
  tokens = true,
}: {
  label: string;
  /** The text to start from; the field is reset when it changes. */
  initialHtml: string;
  onChange: (html: string) => void;
  autoFocus?: boolean;
  /** Whether the page number and catalog title can be inserted (headers and footers); false for descriptions. */
  tokens?: boolean;
}) {
  const { t } = useTranslation('editorText');
  const id = useId();
  const ref = useRef<HTMLDivElement>(null);
  // The merchant's place in the text, kept while the toolbar has the focus.
  const range = useRef<Range | null>(null);
  const [linking, setLinking] = useState(false);
  const [address, setAddress] = useState('https://');
  const [addressError, setAddressError] = useState(false);

  const chipLabel = (token: BandToken) => t(tokenKey(token));
  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    el.innerHTML = sanitizeInlineHtml(initialHtml);
    chipTokens(el, chipLabel);
    range.current = null;
    if (autoFocus) el.focus();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- a new language redraws the editor, not the field
  }, [initialHtml, autoFocus]);

  useEffect(() => {
    const keep = () => {
      const sel = document.getSelection();
      const el = ref.current;
      if (sel && sel.rangeCount && el && el.contains(sel.anchorNode))
        range.current = sel.getRangeAt(0).cloneRange();
    };
    document.addEventListener('selectionchange', keep);
    return () => document.removeEventListener('selectionchange', keep);
  }, []);

  const report = () => onChange(ref.current ? withTokens(ref.current) : '');

  /** Run an editing command where the merchant left the caret (at the end when they never placed it). */
  const edit = (run: () => void) => {
    const el = ref.current;
    const sel = document.getSelection();
    if (!el || !sel) return;
    // Typing in the field (its shortcuts) acts on the live selection; a toolbar button on the one kept.
    if (document.activeElement !== el) {
      el.focus();
      let at = range.current;
      if (!at) {
        at = document.createRange();
        at.selectNodeContents(el);
        at.collapse(false);
      }
      sel.removeAllRanges();
      sel.addRange(at);
    }
    run();
    report();
  };
  // execCommand is the only way to edit a contenteditable that keeps the browser's own undo and caret.
  const exec = (command: string, value?: string) => edit(() => document.execCommand(command, false, value));

  /** A chip where the caret is (in place of what is selected), the caret after it. */
  const insertToken = (token: BandToken) =>
    edit(() => {
      const sel = document.getSelection();
      const el = ref.current;
      if (!sel?.rangeCount || !el) return;
      const at = sel.getRangeAt(0);
      at.deleteContents();
      const chip = tokenChip(document, token, chipLabel(token));
      at.insertNode(chip);
      at.setStartAfter(chip);
      at.collapse(true);
      sel.removeAllRanges();
      sel.addRange(at);
    });

  const onPaste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    const html = e.clipboardData.getData('text/html');
    const text = e.clipboardData.getData('text/plain');
    edit(() => {
      document.execCommand(
        'insertHTML',
        false,
        html ? sanitizeInlineHtml(html) : escapeHtml(text).replace(/\r?\n/g, '<br>'),
      );
      // Tokens in what was pasted (a footer copied from another catalog) show as chips too.
      if (ref.current) chipTokens(ref.current, chipLabel);
    });
  };
  const onKeyDown = (e: KeyboardEvent<HTMLDivElement>) => {
    const mod = e.ctrlKey || e.metaKey;
    if (mod && !e.shiftKey && !e.altKey && (e.key === 'b' || e.key === 'i')) {
      e.preventDefault();
      exec(e.key === 'b' ? 'bold' : 'italic');
    }
  };
  const addLink = () => {
    const url = address.trim();
    if (!LINK_ADDRESS.test(url)) {
      setAddressError(true);
      return;
    }
    setLinking(false);
    setAddressError(false);
    exec('createLink', url);
  };

  // Buttons keep the caret where it was: a mouse press on them does not take the focus from the text.
  const keepCaret = (e: React.MouseEvent) => e.preventDefault();
  return (
    <div className="cb-rich-field">
      <span id={`${id}-label`} className="cb-rich-field__label">
        {label}
      </span>
      <div
        className="cb-rich-field__tools"
        role="toolbar"
        aria-label={t('field.format')}
        onMouseDown={keepCaret}
      >
        <ButtonGroup variant="segmented">
          <Button
            size="slim"
            icon={TextBoldIcon}
            onClick={() => exec('bold')}
            accessibilityLabel={`${t('field.bold')} (Ctrl+B)`}
          />
          <Button
            size="slim"
            icon={TextItalicIcon}
            onClick={() => exec('italic')}
            accessibilityLabel={`${t('field.italic')} (Ctrl+I)`}
          />
          <Button size="slim" icon={LinkIcon} onClick={() => setLinking((l) => !l)} pressed={linking}>
            {t('field.link')}
          </Button>
        </ButtonGroup>
        {tokens ? (
          <ButtonGroup>
            <Button size="slim" onClick={() => insertToken(PAGE_NUMBER_TOKEN)}>
              {t('field.pageNumber')}
            </Button>
            <Button size="slim" onClick={() => insertToken(CATALOG_TITLE_PLACEHOLDER)}>
              {t('field.catalogTitle')}
            </Button>
          </ButtonGroup>
        ) : null}
      </div>
      {linking ? (
        <div className="cb-rich-field__link">
          <TextField
            label={t('field.linkAddress')}
            value={address}
            onChange={(v) => {
              setAddress(v);
              setAddressError(false);
            }}
            autoComplete="url"
            type="url"
            error={addressError ? t('field.linkInvalid') : undefined}
            autoFocus
          />
          <InlineStack gap="200">
            <Button size="slim" onClick={addLink}>
              {t('field.addLink')}
            </Button>
            <Button size="slim" variant="tertiary" onClick={() => setLinking(false)}>
              {t('field.cancelLink')}
            </Button>
          </InlineStack>
        </div>
      ) : null}
      <div
        ref={ref}
        className="cb-rich-field__text"
        contentEditable
        suppressContentEditableWarning
        role="textbox"
        aria-multiline="true"
        aria-labelledby={`${id}-label`}
        aria-describedby={tokens ? `${id}-help` : undefined}
        tabIndex={0}
        data-testid="rich-text"
        onInput={report}
        onPaste={onPaste}
        onKeyDown={onKeyDown}
      />
      {tokens ? (
        <Text as="p" tone="subdued" variant="bodySm" id={`${id}-help`}>
          {t('field.pageNumberHelp')}
        </Text>
      ) : null}
    </div>
  );
}
