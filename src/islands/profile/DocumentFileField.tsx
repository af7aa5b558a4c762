import { useEffect, useState, type ChangeEvent } from 'react';
import { DOCUMENT_SIGNATURE_BYTES, documentMime, documentProblem, type DocumentMime } from '#core/api/document-file.ts';
import { messageKey } from '#core/api/validation.ts';
import { Field } from '../FormField';
import type { Translators } from './use-messages';

/** What the player chose, as the server will see it: its type by its bytes, not its name. */
interface Chosen {
  name: string;
  mime: DocumentMime;
  /** An object URL for an image's preview; revoked when the choice changes or the card goes. */
  url?: string;
}

interface Props<Name extends string> {
  /** The form field's name: a side of an identity document, or `file`. */
  name: Name;
  label: string;
  errors?: string[];
  /** Reports this field's own problem (or none) as soon as a file is chosen, before any upload. */
  onProblem: (name: Name, problem: string | undefined) => void;
  messages: Pick<Translators, 't' | 'api'>;
  disabled?: boolean;
}

const ACCEPT = 'image/jpeg,image/png,application/pdf,.jpg,.jpeg,.png,.pdf';

/**
 * A file input for a document (one side of an identity document, or a source-of-funds document),
 * with the same checks as the server (type by magic bytes, size) run the moment a file is chosen,
 * and a preview: the image itself, or a PDF's name.
 */
export function DocumentFileField<Name extends string>({
  name,
  label,
  errors = [],
  onProblem,
  messages: { t, api },
  disabled,
}: Props<Name>) {
  const id = `field-${name}`;
  const [chosen, setChosen] = useState<Chosen>();
  useEffect(() => () => void (chosen?.url && URL.revokeObjectURL(chosen.url)), [chosen]);

  async function onChange(event: ChangeEvent<HTMLInputElement>) {
    const file = event.currentTarget.files?.[0];
    if (!file) {
      setChosen(undefined);
      onProblem(name, undefined);
      return;
    }
    const head = new Uint8Array(await file.slice(0, DOCUMENT_SIGNATURE_BYTES).arrayBuffer());
    const problem = documentProblem(file.size, head);
    onProblem(name, problem && api(messageKey(problem) as never, problem.params));
    const mime = documentMime(head);
    setChosen(
      problem || !mime
        ? undefined
        : { name: file.name, mime, url: mime === 'application/pdf' ? undefined : URL.createObjectURL(file) },
    );
  }

  return (
    <Field
      id={id}
      label={label}
      hint={t('verification.file_hint')}
      errors={errors}
      className="document-field"
      control={(aria) => (
        <input {...aria} name={name} type="file" accept={ACCEPT} required disabled={disabled} onChange={onChange} />
      )}
    >
      {chosen && (
        <figure className="document-preview" data-preview={name}>
          {chosen.url ? (
            <img src={chosen.url} alt={t('verification.preview', { name: chosen.name })} />
          ) : (
            <span className="document-preview__pdf" aria-hidden="true">
              PDF
            </span>
          )}
          <figcaption>{chosen.name}</figcaption>
        </figure>
      )}
    </Field>
  );
}
