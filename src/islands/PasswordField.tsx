import { useState } from 'react';
import { FormField } from './FormField';

interface Props {
  /** The field's name in the form and in the API's errors; `password` unless given. */
  name?: string;
  label: string;
  showLabel: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  errors?: string[];
}

/** A password input with a "show password" switch, as both auth dialogs use it. */
export function PasswordField({ name = 'password', label, showLabel, autoComplete, hint, errors }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <>
      <FormField name={name} type={visible ? 'text' : 'password'} autoComplete={autoComplete} label={label} hint={hint} errors={errors} required />
      <label className="checkbox">
        <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
        {showLabel}
      </label>
    </>
  );
}
