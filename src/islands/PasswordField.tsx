import { useState } from 'react';
import { FormField } from './FormField';

interface Props {
  label: string;
  showLabel: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  errors?: string[];
}

/** A password input with a "show password" switch, as both auth dialogs use it. */
export function PasswordField({ label, showLabel, autoComplete, hint, errors }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <>
      <FormField name="password" type={visible ? 'text' : 'password'} autoComplete={autoComplete} label={label} hint={hint} errors={errors} required />
      <label className="checkbox">
        <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
        {showLabel}
      </label>
    </>
  );
}
