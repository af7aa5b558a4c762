import type { InputHTMLAttributes } from 'react';

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
}

/** A labelled input with its hint and its errors, wired for screen readers. */
export function FormField({ name, label, hint, errors = [], id = `field-${name}`, ...input }: Props) {
  const described =
    [hint ? `${id}-hint` : '', errors.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        name={name}
        aria-invalid={errors.length ? true : undefined}
        aria-describedby={described}
        {...input}
      />
      {hint && (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      )}
      {errors.length > 0 && (
        <p className="field__error" id={`${id}-error`}>
          {errors.join(' ')}
        </p>
      )}
    </div>
  );
}
