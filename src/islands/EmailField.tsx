import { FormField } from './FormField';

/** The email address field of the sign-in, sign-up, forgot-password and activation forms. */
export function EmailField({
  label,
  errors,
  defaultValue,
}: {
  label: string;
  errors?: string[];
  defaultValue?: string;
}) {
  return (
    <FormField
      name="email"
      type="email"
      autoComplete="email"
      inputMode="email"
      label={label}
      errors={errors}
      defaultValue={defaultValue}
      required
    />
  );
}
