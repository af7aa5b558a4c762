import { useRef, useState, type SubmitEvent } from 'react';
import type { FormErrors } from '../stores/form-errors';

/**
 * Submit state for a form whose action answers errors or null: ignores a second submit while
 * busy, and after errors moves focus to the first invalid field (or the form's alert).
 */
export function useFormSubmit(action: (data: FormData) => Promise<FormErrors | null>, onSuccess: () => void) {
  const [errors, setErrors] = useState<FormErrors>({});
  const [busy, setBusy] = useState(false);
  const form = useRef<HTMLFormElement>(null);

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
    requestAnimationFrame(() => {
      const first = Object.keys(result).find((field) => field !== 'form');
      const target = first ? form.current?.querySelector<HTMLElement>(`[name="${first}"]`) : form.current?.querySelector<HTMLElement>('[role="alert"]');
      target?.focus();
    });
  }

  return { errors, busy, form, onSubmit };
}
