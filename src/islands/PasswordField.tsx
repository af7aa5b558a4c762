import { useState } from 'react';
import type { Translate } from '../i18n/translator';
import { FormField } from './FormField';

interface Props {
  /** The field's name in the form and in the API's errors; `password` unless given. */
  name?: string;
  /** The input's id, when another form on the page has a field of the same name; `field-<name>` unless given. */
  id?: string;
  label: string;
  showLabel: string;
  autoComplete: 'current-password' | 'new-password';
  hint?: string;
  errors?: string[];
}

/** A password input with a "show password" switch, as both auth dialogs use it. */
export function PasswordField({ name = 'password', id, label, showLabel, autoComplete, hint, errors }: Props) {
  const [visible, setVisible] = useState(false);
  return (
    <>
      <FormField
        name={name}
        {...(id ? { id } : {})}
        type={visible ? 'text' : 'password'}
        autoComplete={autoComplete}
        label={label}
        hint={hint}
        errors={errors}
        required
      />
      <label className="checkbox">
        <input type="checkbox" checked={visible} onChange={(event) => setVisible(event.target.checked)} />
        {showLabel}
      </label>
    </>
  );
}

/** A new password: the registration rules as its hint (sign-up, reset, change). */
export function NewPasswordField({
  auth,
  ...props
}: Omit<Props, 'autoComplete' | 'hint' | 'showLabel'> & { auth: Translate<'auth'> }) {
  return (
    <PasswordField
      {...props}
      showLabel={auth('fields.show_password')}
      autoComplete="new-password"
      hint={auth('sign_up.password_hint')}
    />
  );
}
