// A labelled text field with its hint and its validation message right beside it (issue 12
// point 1b: every message at once, each next to its field). The message is tied to the
// input by aria-describedby and marks it aria-invalid, so a screen reader reads it with the
// field; it is also a live alert, so it is announced when it appears.
import { useId, type ReactNode } from 'react';

interface FieldProps {
  label: ReactNode;
  value: string;
  onChange: (value: string) => void;
  /** The validation message, or null when the value is fine. */
  error?: string | null;
  hint?: ReactNode;
  required?: boolean;
  multiline?: boolean;
  inputMode?: 'text' | 'decimal' | 'numeric' | 'url';
  placeholder?: string;
  className?: string;
  /** Extra content after the input (a toggle, a button). */
  after?: ReactNode;
  autoFocus?: boolean;
  /** Shown but not typed into (a value that comes from elsewhere, like the lowest lane reading). */
  readOnly?: boolean;
}

export function Field({ label, value, onChange, error, hint, required, multiline, inputMode, placeholder, className, after, autoFocus, readOnly }: FieldProps) {
  const id = useId();
  const describedBy = [hint ? `${id}-hint` : null, error ? `${id}-error` : null].filter(Boolean).join(' ') || undefined;
  const common = {
    id,
    value,
    'aria-required': required || undefined,
    'aria-invalid': error ? true : undefined,
    'aria-describedby': describedBy,
    placeholder,
    autoFocus,
    readOnly,
    onChange: (event: { target: { value: string } }) => onChange(event.target.value),
  };
  return (
    <div className={`field ${className ?? ''}`}>
      <label htmlFor={id}>
        {label}
        {required && <span aria-hidden="true"> *</span>}
      </label>
      <div className="field__control">
        {multiline ? <textarea rows={2} {...common} /> : <input type="text" autoComplete="off" inputMode={inputMode} {...common} />}
        {after}
      </div>
      {hint && (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} className="field__error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}
