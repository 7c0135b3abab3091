import { Banner, Button, ButtonGroup, InlineError, InlineStack, Text, TextField } from '@shopify/polaris';
import {
  CodeIcon,
  ImageIcon,
  LinkIcon,
  ListBulletedIcon,
  ListNumberedIcon,
  TextAlignCenterIcon,
  TextAlignLeftIcon,
  TextAlignRightIcon,
  TextBoldIcon,
  TextItalicIcon,
  TextUnderlineIcon,
} from '@shopify/polaris-icons';
import { EditorContent, useEditor } from '@tiptap/react';
import {
  useEffect,
  useId,
  useImperativeHandle,
  useMemo,
  useRef,
  useState,
  type ChangeEvent,
  type Ref,
} from 'react';
import { useTranslation } from 'react-i18next';
import {
  FONT_SIZE_MAX,
  FONT_SIZE_MIN,
  FONT_SIZES,
  fontSizeValue,
  LINE_HEIGHTS,
  lineHeightValue,
  pictureProblem,
  type PictureProblem,
} from '../../../core/rich-text/index.ts';
import { sanitizeHtml } from '../../../core/sanitize/index.ts';
import { richTextExtensions } from './extensions.ts';
import { chipHtml, losesMarkup, storedHtml, type TemplateChips, type Tokens } from './stored.ts';

const LINK_ADDRESS = /^(https?:\/\/[^\s]+|mailto:[^\s]+)$/i;

export interface RichTextToken {
  /** What is stored (PAGE_NUMBER, {{CATALOG_TITLE}}). */
  token: string;
  /** The chip's name in the merchant's language. */
  label: string;
}

/** What a screen around the editor may do to it (a token picker of its own). */
export interface RichTextControls {
  /** Puts a token's chip at the caret (between paragraphs when it prints blocks) and focuses the text. */
  insertToken: (token: string) => void;
}

/** A picture read into the text itself (data: URL), for callers that keep pictures nowhere else. */
export function readPicture(file: File): Promise<string> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result));
    reader.onerror = () => reject(reader.error ?? new Error('The picture could not be read'));
    reader.readAsDataURL(file);
  });
}

const HEADING_LEVELS = [1, 2, 3, 4, 5, 6] as const;

/** No chips: one array for every render, since the editor starts again when its tokens change. */
const NO_TOKENS: RichTextToken[] = [];

/**
 * Rich text edited as it shows (issue 25 §4): headings, fonts, sizes 6–128, line heights 1–3, alignment, lists,
 * colours, links, JPEG or PNG pictures up to 2,097,152 bytes (SPEC §9) and tokens as chips, with an HTML view for
 * those who want it. Built on TipTap. What it starts with and every change go through core/sanitize
 * `sanitizeHtml`; the server's renderer sanitizes again. Used for text cells, covers, full-text pages, headers and
 * footers, and by any other screen with merchant text (a product description).
 */
export function RichTextEditor({
  label,
  initialHtml,
  onChange,
  tokens = NO_TOKENS,
  fonts = [],
  uploadPicture = readPicture,
  readonly = false,
  autoFocus = false,
  testId = 'rich-text-editor',
  chips,
  controls,
  help,
  describedBy,
}: {
  label: string;
  /** The text to start from; the editor starts again when it changes. */
  initialHtml: string;
  /** Every change, as stored: tokens written as tokens, sanitized. */
  onChange: (html: string) => void;
  tokens?: RichTextToken[];
  /** Font families offered (the catalog's fonts). */
  fonts?: string[];
  /** Where a chosen picture goes; its address is put in the text. The default reads it into the text. */
  uploadPicture?: (file: File) => Promise<string>;
  readonly?: boolean;
  /** Put the caret at the end of the text once the editor is ready (a band's editor opens on its words). */
  autoFocus?: boolean;
  testId?: string;
  /** Template tokens (every SPEC §5 caption token), instead of or besides the listed `tokens`. */
  chips?: TemplateChips;
  /** Set to what a screen around the editor may do to it. */
  controls?: Ref<RichTextControls | null>;
  /** The help under the field, instead of the editor's own. */
  help?: string;
  /** Ids of what else describes the text (a list of problems under it). */
  describedBy?: string;
}) {
  const { t } = useTranslation('richText');
  const id = useId();
  const tokenNames = useMemo(() => tokens.map((x) => x.token), [tokens]);
  const labels = useMemo(() => Object.fromEntries(tokens.map((x) => [x.token, x.label])), [tokens]);
  // What the editor stores a chip as: a listed token, or (templates) any token written rightly.
  const keeps: Tokens = useMemo(
    () => (chips ? (t: string) => tokenNames.includes(t) || chips.isToken(t) : tokenNames),
    [chips, tokenNames],
  );
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const [htmlView, setHtmlView] = useState(false);
  // A template with markup the editor cannot keep (a table) is edited as HTML, never cut down by the editor.
  const [keepsAll, setKeepsAll] = useState(true);
  const [htmlDraft, setHtmlDraft] = useState('');
  const [linking, setLinking] = useState(false);
  const [address, setAddress] = useState('https://');
  const [addressError, setAddressError] = useState(false);
  const [picture, setPicture] = useState<{ problem: PictureProblem | 'failed'; name: string } | null>(null);
  const [sizeDraft, setSizeDraft] = useState('');
  const fileRef = useRef<HTMLInputElement>(null);

  const editor = useEditor(
    {
      extensions: richTextExtensions({
        labelOf: (t) => labels[t] ?? chips?.labelOf(t),
        isToken: chips?.isToken ?? null,
        isBlock: chips?.isBlock,
        problemsIn: chips?.problemsIn,
      }),
      content: chipHtml(initialHtml, tokenNames, chips),
      editable: !readonly,
      autofocus: autoFocus && !readonly ? 'end' : false,
      immediatelyRender: false,
      shouldRerenderOnTransaction: true,
      editorProps: {
        attributes: {
          class: 'cb-rich-text__content',
          role: 'textbox',
          'aria-multiline': 'true',
          'aria-labelledby': `${id}-label`,
          'data-testid': testId,
          ...(describedBy ? { 'aria-describedby': describedBy } : {}),
        },
        // Pasted HTML goes through the same allow-list as everything else.
        transformPastedHTML: (html) => chipHtml(html, tokenNames, chips),
      },
      onUpdate: ({ editor: e }) => onChangeRef.current(storedHtml(e, keeps)),
    },
    // A new start text (another cell) or another language's chip names: a new editor.
    [initialHtml, labels, readonly, chips],
  );

  useImperativeHandle(
    controls,
    () => ({
      insertToken: (token: string) => {
        if (!editor || readonly) return;
        // A formula written wrongly goes in as the words typed, marked, rather than as a chip.
        if (chips && !tokenNames.includes(token) && !chips.isToken(token)) {
          editor.chain().focus().insertContent(token).run();
          return;
        }
        const type = chips?.isBlock(token) ? 'tokenBlock' : 'tokenChip';
        editor.chain().focus().insertContent({ type, attrs: { token } }).run();
      },
    }),
    [editor, readonly, chips, tokenNames],
  );

  useEffect(() => {
    setHtmlView(false);
    setLinking(false);
    setPicture(null);
    setKeepsAll(true);
  }, [initialHtml]);

  // Templates (whose markup the page renderer styles) open as HTML when the editor would lose part of them.
  useEffect(() => {
    if (!editor || !chips) return;
    const start = sanitizeHtml(initialHtml);
    if (!losesMarkup(editor, start, keeps)) return;
    setKeepsAll(false);
    setHtmlDraft(start);
    setHtmlView(true);
  }, [editor]); // eslint-disable-line react-hooks/exhaustive-deps

  const textStyle = (editor?.getAttributes('textStyle') ?? {}) as {
    fontFamily?: string;
    fontSize?: string;
    color?: string;
  };
  const currentSize = textStyle.fontSize ? String(parseInt(textStyle.fontSize, 10)) : '';
  useEffect(() => setSizeDraft(currentSize), [currentSize]);

  if (!editor) return <div className="cb-rich-text cb-rich-text--loading" aria-busy="true" />;

  const chain = () => editor.chain().focus();
  // Fields of the toolbar (selects, size, colour) act on the text's selection and keep the focus themselves.
  const keep = () => editor.chain();
  const level = HEADING_LEVELS.find((l) => editor.isActive('heading', { level: l }));
  const block = level ? `h${level}` : 'p';
  const setBlock = (value: string) => {
    if (value === 'p') keep().setParagraph().run();
    else
      keep()
        .setHeading({ level: Number(value.slice(1)) as (typeof HEADING_LEVELS)[number] })
        .run();
  };
  const lineHeight = String(editor.getAttributes(block === 'p' ? 'paragraph' : 'heading').lineHeight ?? '');
  const setLineHeight = (value: string) => {
    const h = lineHeightValue(value);
    keep()
      .updateAttributes('paragraph', { lineHeight: h })
      .updateAttributes('heading', { lineHeight: h })
      .run();
  };
  const applySize = (typed: string) => {
    const size = fontSizeValue(typed);
    if (size === null) {
      if (!typed.trim()) keep().unsetFontSize().run();
      return;
    }
    setSizeDraft(String(size));
    keep().setFontSize(`${size}px`).run();
  };
  const addLink = () => {
    const url = address.trim();
    if (!LINK_ADDRESS.test(url)) {
      setAddressError(true);
      return;
    }
    setLinking(false);
    setAddressError(false);
    chain().extendMarkRange('link').setLink({ href: url }).run();
  };
  const choosePicture = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    const problem = pictureProblem(file);
    if (problem) {
      setPicture({ problem, name: file.name });
      return;
    }
    setPicture(null);
    try {
      const src = await uploadPicture(file);
      chain()
        .setImage({ src, alt: file.name.replace(/\.[a-z0-9]+$/i, '') })
        .run();
    } catch {
      setPicture({ problem: 'failed', name: file.name });
    }
  };
  const toggleHtml = () => {
    if (!htmlView) {
      setHtmlDraft(storedHtml(editor, keeps));
      setHtmlView(true);
      return;
    }
    const safe = sanitizeHtml(htmlDraft);
    editor.commands.setContent(chipHtml(safe, tokenNames, chips), { emitUpdate: false });
    onChangeRef.current(safe);
    if (chips && losesMarkup(editor, safe, keeps)) {
      setKeepsAll(false);
      return;
    }
    setKeepsAll(true);
    setHtmlView(false);
  };

  const fontChoices = [...new Set([...(textStyle.fontFamily ? [textStyle.fontFamily] : []), ...fonts])];
  return (
    <div className="cb-rich-text" data-readonly={readonly || undefined}>
      <span id={`${id}-label`} className="cb-rich-text__label">
        {label}
      </span>
      <div
        className="cb-rich-text__tools"
        role="toolbar"
        aria-label={t('toolbar')}
        aria-controls={`${id}-text`}
      >
        <select
          aria-label={t('block')}
          value={block}
          disabled={readonly || htmlView}
          onChange={(e) => setBlock(e.target.value)}
        >
          <option value="p">{t('paragraph')}</option>
          {HEADING_LEVELS.map((l) => (
            <option key={l} value={`h${l}`}>
              {t('heading', { level: l })}
            </option>
          ))}
        </select>
        <select
          aria-label={t('font')}
          value={textStyle.fontFamily ?? ''}
          disabled={readonly || htmlView}
          onChange={(e) =>
            e.target.value ? keep().setFontFamily(e.target.value).run() : keep().unsetFontFamily().run()
          }
        >
          <option value="">{t('defaultFont')}</option>
          {fontChoices.map((f) => (
            <option key={f} value={f}>
              {f}
            </option>
          ))}
        </select>
        <input
          type="number"
          className="cb-rich-text__size"
          aria-label={t('size', { min: FONT_SIZE_MIN, max: FONT_SIZE_MAX })}
          title={t('size', { min: FONT_SIZE_MIN, max: FONT_SIZE_MAX })}
          placeholder={t('sizePlaceholder')}
          min={FONT_SIZE_MIN}
          max={FONT_SIZE_MAX}
          list={`${id}-sizes`}
          value={sizeDraft}
          disabled={readonly || htmlView}
          onChange={(e) => setSizeDraft(e.target.value)}
          onBlur={(e) => {
            if (e.target.value !== currentSize) applySize(e.target.value);
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter') {
              e.preventDefault();
              applySize(e.currentTarget.value);
            }
          }}
        />
        <datalist id={`${id}-sizes`}>
          {FONT_SIZES.map((s) => (
            <option key={s} value={s} />
          ))}
        </datalist>
        <select
          aria-label={t('lineHeight')}
          value={lineHeight}
          disabled={readonly || htmlView}
          onChange={(e) => setLineHeight(e.target.value)}
        >
          <option value="">{t('lineHeightDefault')}</option>
          {LINE_HEIGHTS.map((h) => (
            <option key={h} value={String(h)}>
              {h}
            </option>
          ))}
        </select>
        <label className="cb-rich-text__color" title={t('color')}>
          <span className="cb-visually-hidden">{t('color')}</span>
          <input
            type="color"
            value={textStyle.color && /^#[0-9a-f]{6}$/i.test(textStyle.color) ? textStyle.color : '#202223'}
            disabled={readonly || htmlView}
            onChange={(e) => keep().setColor(e.target.value).run()}
          />
        </label>
        <ButtonGroup variant="segmented">
          <Button
            size="slim"
            icon={TextBoldIcon}
            pressed={editor.isActive('bold')}
            disabled={readonly || htmlView}
            onClick={() => chain().toggleBold().run()}
            accessibilityLabel={`${t('bold')} (Ctrl+B)`}
          />
          <Button
            size="slim"
            icon={TextItalicIcon}
            pressed={editor.isActive('italic')}
            disabled={readonly || htmlView}
            onClick={() => chain().toggleItalic().run()}
            accessibilityLabel={`${t('italic')} (Ctrl+I)`}
          />
          <Button
            size="slim"
            icon={TextUnderlineIcon}
            pressed={editor.isActive('underline')}
            disabled={readonly || htmlView}
            onClick={() => chain().toggleUnderline().run()}
            accessibilityLabel={`${t('underline')} (Ctrl+U)`}
          />
        </ButtonGroup>
        <ButtonGroup variant="segmented">
          {(
            [
              ['left', TextAlignLeftIcon],
              ['center', TextAlignCenterIcon],
              ['right', TextAlignRightIcon],
            ] as const
          ).map(([align, icon]) => (
            <Button
              key={align}
              size="slim"
              icon={icon}
              pressed={editor.isActive({ textAlign: align })}
              disabled={readonly || htmlView}
              onClick={() => chain().setTextAlign(align).run()}
              accessibilityLabel={t(`align.${align}`)}
            />
          ))}
        </ButtonGroup>
        <ButtonGroup variant="segmented">
          <Button
            size="slim"
            icon={ListBulletedIcon}
            pressed={editor.isActive('bulletList')}
            disabled={readonly || htmlView}
            onClick={() => chain().toggleBulletList().run()}
            accessibilityLabel={t('bulletList')}
          />
          <Button
            size="slim"
            icon={ListNumberedIcon}
            pressed={editor.isActive('orderedList')}
            disabled={readonly || htmlView}
            onClick={() => chain().toggleOrderedList().run()}
            accessibilityLabel={t('orderedList')}
          />
        </ButtonGroup>
        <ButtonGroup>
          <Button
            size="slim"
            icon={LinkIcon}
            pressed={linking || editor.isActive('link')}
            disabled={readonly || htmlView}
            onClick={() => {
              setAddress(String(editor.getAttributes('link').href ?? 'https://'));
              setLinking((l) => !l);
            }}
          >
            {t('link')}
          </Button>
          <Button
            size="slim"
            icon={ImageIcon}
            disabled={readonly || htmlView}
            onClick={() => fileRef.current?.click()}
          >
            {t('picture')}
          </Button>
          {tokens.map((x) => (
            <Button
              key={x.token}
              size="slim"
              disabled={readonly || htmlView}
              onClick={() =>
                chain()
                  .insertContent({ type: 'tokenChip', attrs: { token: x.token } })
                  .run()
              }
            >
              {t('insert', { name: x.label })}
            </Button>
          ))}
          <Button size="slim" icon={CodeIcon} pressed={htmlView} disabled={readonly} onClick={toggleHtml}>
            {htmlView ? t('visual') : t('html')}
          </Button>
        </ButtonGroup>
        <input
          ref={fileRef}
          type="file"
          accept="image/jpeg,image/png,.jpg,.jpeg,.png"
          hidden
          aria-label={t('picture')}
          data-testid={`${testId}-picture`}
          onChange={(e) => void choosePicture(e)}
        />
      </div>
      {linking ? (
        <div className="cb-rich-text__link">
          <TextField
            label={t('linkAddress')}
            value={address}
            onChange={(v) => {
              setAddress(v);
              setAddressError(false);
            }}
            autoComplete="url"
            type="url"
            error={addressError ? t('linkInvalid') : undefined}
            autoFocus
          />
          <InlineStack gap="200">
            <Button size="slim" onClick={addLink}>
              {t('addLink')}
            </Button>
            {editor.isActive('link') ? (
              <Button
                size="slim"
                onClick={() => {
                  chain().extendMarkRange('link').unsetLink().run();
                  setLinking(false);
                }}
              >
                {t('removeLink')}
              </Button>
            ) : null}
            <Button size="slim" variant="tertiary" onClick={() => setLinking(false)}>
              {t('cancel')}
            </Button>
          </InlineStack>
        </div>
      ) : null}
      {picture ? (
        <InlineError
          fieldID={`${id}-text`}
          message={t(`pictureProblem.${picture.problem}`, { name: picture.name })}
        />
      ) : null}
      {!keepsAll ? (
        <Banner tone="warning">
          <p>{t('keepsHtml')}</p>
        </Banner>
      ) : null}
      {htmlView ? (
        <textarea
          id={`${id}-text`}
          className="cb-code-field cb-rich-text__html"
          rows={8}
          aria-label={t('htmlOf', { label })}
          value={htmlDraft}
          data-testid={`${testId}-html`}
          onChange={(e) => {
            setHtmlDraft(e.target.value);
            onChangeRef.current(sanitizeHtml(e.target.value));
          }}
        />
      ) : (
        <div id={`${id}-text`} className="cb-rich-text__frame">
          <EditorContent editor={editor} />
        </div>
      )}
      <Text as="p" tone="subdued" variant="bodySm">
        {htmlView ? t('htmlHelp') : (help ?? (tokens.length ? t('tokensHelp') : t('help')))}
      </Text>
    </div>
  );
}
