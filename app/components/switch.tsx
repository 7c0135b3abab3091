/**
 * An on/off switch that says what it turns on and shows whether it is on (`role="switch"`, `aria-checked`):
 * for a setting that takes effect at once, where a checkbox would read as part of a form to submit.
 */
export function Switch({
  label,
  checked,
  onChange,
  disabled,
  testId,
}: {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  disabled?: boolean;
  testId?: string;
}) {
  return (
    <button
      type="button"
      role="switch"
      aria-checked={checked}
      className="cb-switch"
      disabled={disabled}
      data-testid={testId}
      onClick={() => onChange(!checked)}
    >
      <span className="cb-switch__track" aria-hidden="true">
        <span className="cb-switch__thumb" />
      </span>
      <span className="cb-switch__label">{label}</span>
    </button>
  );
}
