import { Button } from '@shopify/polaris';
import { useEffect, useMemo, useRef, useState, type Ref } from 'react';
import { useTranslation } from 'react-i18next';
import { templateProblems, type TemplateProblem } from '../../core/captions/index.ts';
import { RichTextEditor, templateChips, type RichTextControls } from '../components/rich-text/index.ts';

type Props = {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  disabled: boolean;
  /** The field's help text, read with the problems. */
  help: string;
  /** Set to what a token picker beside the field may do: put a chip at the caret. */
  controls?: Ref<RichTextControls | null>;
  /** Font families offered (the catalog's fonts). */
  fonts?: string[];
};

/**
 * A caption or description template edited as it will look (issue 25 §4): the shared rich-text editor, every
 * SPEC §5 token — forms, fields, formulas, VARIANTS blocks with their parameters — a chip named in the merchant's
 * language that stores its exact text, the markup the renderer styles (`<h6>`, `class="price"`) kept, and an HTML
 * view. A token written wrongly stays text, underlined in place, and is listed under the field with what it does
 * (nothing printed) and, when there is a good guess, a button that writes the right token instead (issue 22).
 */
export function TemplateRichField(props: Props) {
  const { t, i18n } = useTranslation('editorText');
  const chips = useMemo(() => templateChips(i18n.language), [i18n.language]);
  const problems = useMemo(() => templateProblems(props.value), [props.value]);
  const listId = `${props.id}-problems`;
  // The editor starts from a text given from outside (another element, a suggestion taken), not from its own.
  const own = useRef(props.value);
  const [start, setStart] = useState({ html: props.value, n: 0 });
  useEffect(() => {
    if (props.value === own.current) return;
    own.current = props.value;
    setStart((s) => ({ html: props.value, n: s.n + 1 }));
  }, [props.value]);

  const replace = (p: TemplateProblem) => {
    if (!p.suggestion) return;
    props.onChange(props.value.slice(0, p.start) + p.suggestion + props.value.slice(p.end));
  };

  return (
    <div className="cb-template-field" id={props.id} data-testid="caption-template">
      <RichTextEditor
        key={start.n}
        label={props.label}
        initialHtml={start.html}
        chips={chips}
        controls={props.controls}
        fonts={props.fonts}
        readonly={props.disabled}
        help={props.help}
        describedBy={problems.length ? listId : undefined}
        testId={`${props.id}-text`}
        onChange={(html) => {
          own.current = html;
          props.onChange(html);
        }}
      />
      {problems.length ? (
        <ul className="cb-template-problems" id={listId} aria-label={t('caption.problems.label')}>
          {problems.map((p) => (
            <li key={`${p.start}-${p.raw}`} className="cb-template-problems__item">
              <span>
                {t(`caption.problems.${p.kind}${p.suggestion ? 'Suggest' : ''}`, {
                  raw: p.raw,
                  suggestion: p.suggestion,
                })}
              </span>
              {p.suggestion && !props.disabled ? (
                <Button size="slim" onClick={() => replace(p)}>
                  {t('caption.problems.use', { suggestion: p.suggestion })}
                </Button>
              ) : null}
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
