import { useEffect, useRef, useState, type SubmitEvent } from 'react';
import type { FormErrors } from '../stores/form-errors';

/**
 * Submit state for a form whose action answers errors or null: ignores a second submit while
 * busy, and after errors moves focus to the first invalid field (or the form's alert).
 */
export function useFormSubmit(action: (data: FormData) => Promise<FormErrors | null>, onSuccess: () => void) {
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  // Once the errors are on screen: focus the first invalid field in the order the player reads
  // the form, else the form's alert.
  useEffect(() => {
    if (!Object.keys(errors).length) return;
    const target =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [errors]);

  async function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    if (busy) return;
    setBusy(true);
    const result = await action(new FormData(event.currentTarget));
    setBusy(false);
    if (!result) {
      setErrors({});
      onSuccess();
      return;
    }
    setErrors(result);
  }

  return { errors, busy, form, onSubmit };
}
