import { FormField } from '../FormField';

/** The current password a change asks for again (email change, closing the account), without a "show" switch. */
export function CurrentPasswordField(props: { name: string; id: string; label: string; errors?: string[] }) {
  return <FormField type="password" autoComplete="current-password" required {...props} />;
}
