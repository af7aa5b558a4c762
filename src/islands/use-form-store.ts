import { useStore } from '@nanostores/react';
import { useEffect, useRef, type SubmitEvent } from 'react';
import type { FormStore } from '../stores/form';

/**
 * Binds a form store to a `<form>`: the submit event reads the form into the store's input, and
 * once errors are on screen the first invalid field (in the order the player reads the form), else
 * the form's alert, takes the focus.
 */
export function useFormStore<Input>(store: FormStore<Input>, read: (data: FormData) => Input) {
  const errors = useStore(store.$errors);
  const state = useStore(store.$state);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    if (!Object.keys(errors).length) return;
    const target =
      form.current?.querySelector<HTMLElement>('[aria-invalid="true"]') ??
      form.current?.querySelector<HTMLElement>('[role="alert"]');
    target?.focus();
  }, [errors]);

  function onSubmit(event: SubmitEvent<HTMLFormElement>) {
    event.preventDefault();
    void store.submit(read(new FormData(event.currentTarget)));
  }

  return { errors, state, busy: state === 'submitting', form, onSubmit };
}
