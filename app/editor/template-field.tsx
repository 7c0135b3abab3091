import { Button } from '@shopify/polaris';
import { forwardRef, useMemo, useRef, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { templateProblems, type TemplateProblem } from '../../core/captions/index.ts';

type Props = {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: (caret: number) => void;
  disabled: boolean;
  /** The field's help text, read with the problems. */
  helpId: string;
};

/**
 * A caption template as it is typed, checked as it is typed (issue 22): every unknown or wrongly written token is
 * underlined in place, and listed under the field with what it does (nothing printed) and, when there is a good
 * guess, a button that writes the right token instead. The underline is a copy of the text drawn behind the
 * transparent textarea, in the same font and wrapping.
 */
export const TemplateField = forwardRef<HTMLTextAreaElement, Props>(function TemplateField(props, ref) {
  const { t } = useTranslation('editorText');
  const problems = useMemo(() => templateProblems(props.value), [props.value]);
  const backdrop = useRef<HTMLDivElement>(null);
  const listId = `${props.id}-problems`;

  const marked: ReactNode[] = [];
  let at = 0;
  for (const p of problems) {
    marked.push(props.value.slice(at, p.start));
    marked.push(
      <mark key={p.start} className="cb-template-field__problem">
        {p.raw}
      </mark>,
    );
    at = p.end;
  }
  // A final line break needs something after it to take its height, as the textarea gives it.
  marked.push(`${props.value.slice(at)}\u200b`);

  const replace = (p: TemplateProblem) => {
    if (!p.suggestion) return;
    props.onChange(props.value.slice(0, p.start) + p.suggestion + props.value.slice(p.end));
  };

  return (
    <>
      <div className="cb-template-field">
        <div className="cb-template-field__marks cb-code-field" aria-hidden="true" ref={backdrop}>
          {marked}
        </div>
        <textarea
          id={props.id}
          ref={ref}
          className="cb-template-field__input cb-code-field"
          rows={4}
          value={props.value}
          disabled={props.disabled}
          spellCheck={false}
          aria-invalid={problems.length > 0 || undefined}
          aria-describedby={problems.length ? `${props.helpId} ${listId}` : props.helpId}
          data-testid="caption-template"
          onChange={(e) => props.onChange(e.target.value)}
          onBlur={(e) => props.onBlur(e.target.selectionStart)}
          onScroll={(e) => {
            if (backdrop.current) backdrop.current.scrollTop = e.currentTarget.scrollTop;
          }}
        />
      </div>
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
    </>
  );
});
