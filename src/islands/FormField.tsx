import type { InputHTMLAttributes, ReactNode } from 'react';

/** The ids and ARIA a field's control needs to be read with its label, hint and errors. */
export interface ControlProps {
  id: string;
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

interface FieldProps {
  id: string;
  label: string;
  hint?: string;
  errors?: string[];
  /** Another class beside `field`. */
  className?: string;
  /** The control (input, select, textarea), given the ids and ARIA it must carry. */
  control: (props: ControlProps) => ReactNode;
  /** What follows the errors (a file's preview). */
  children?: ReactNode;
}

/** A label, a control, its hint and its errors, wired for screen readers: every field of a form. */
export function Field({ id, label, hint, errors = [], className, control, children }: FieldProps) {
  const described =
    [hint ? `${id}-hint` : '', errors.length ? `${id}-error` : ''].filter(Boolean).join(' ') || undefined;
  return (
    <div className={className ? `field ${className}` : 'field'}>
      <label htmlFor={id}>{label}</label>
      {control({ id, 'aria-invalid': errors.length ? true : undefined, 'aria-describedby': described })}
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
      {children}
    </div>
  );
}

interface Props extends InputHTMLAttributes<HTMLInputElement> {
  name: string;
  label: string;
  hint?: string;
  errors?: string[];
}

/** A labelled input with its hint and its errors. */
export function FormField({ name, label, hint, errors, id = `field-${name}`, ...input }: Props) {
  return (
    <Field
      id={id}
      label={label}
      hint={hint}
      errors={errors}
      control={(aria) => <input name={name} {...aria} {...input} />}
    />
  );
}

interface SubmitProps {
  label: string;
  /** Shown instead of the label while the form is sent. */
  busyLabel: string;
  busy: boolean;
  /** Disabled for another reason than sending. */
  disabled?: boolean;
  danger?: boolean;
}

/** A form's submit button: disabled and saying so while the form is sent. */
export function SubmitButton({ label, busyLabel, busy, disabled, danger }: SubmitProps) {
  return (
    <button type="submit" className={danger ? 'button button--danger' : 'button'} disabled={busy || disabled}>
      {busy ? busyLabel : label}
    </button>
  );
}
