import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { DOCUMENT_TYPES, type DocumentType, type Verification } from '#core/api/contract.ts';
import { getVerification, uploadVerification } from '../../api/verification';
import { createVerificationUpload, documentSides } from '../../stores/verification-upload';
import { FormAlert } from '../FormAlert';
import { Field, SubmitButton } from '../FormField';
import { useFormStore } from '../use-form-store';
import { DocumentFileField } from './DocumentFileField';
import { UploadProgress } from './UploadProgress';
import { formatDate } from './format';
import type { IslandProps } from './messages';
import { LoadError, Notice, TextPlaceholder } from './Status';
import { useMessages, type Translators } from './use-messages';
import { useLiveReload } from './use-live-reload';
import { useResource } from './use-resource';

/**
 * /profile#verification: the player's identity verification. Shows the status; with
 * none or a rejection, a form to send a document, checked here as the server checks it, with a
 * preview of each file and the upload's progress. The card keeps its place while it loads.
 */
export function VerificationCard(props: IslandProps) {
  const messages = useMessages(props);
  const { t } = messages;
  const status = useResource(() => getVerification());
  // A decision by staff or a limit changed in another tab shows without a reload.
  useLiveReload(['decision'], status.reload);
  // The answer to an upload, shown at once rather than after another round trip.
  const [sent, setSent] = useState<Verification>();
  const current = sent ?? status.data;

  return (
    <section id="verification" className="card verification" aria-labelledby="verification-title" aria-busy={!current}>
      <h2 id="verification-title">{t('verification.title')}</h2>
      {status.state === 'error' && !current ? (
        <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={status.retry} />
      ) : !current ? (
        <div className="verification__loading" role="status">
          <span className="visually-hidden">{t('common.loading')}</span>
          <TextPlaceholder size="short" />
          <TextPlaceholder size="full" />
          <TextPlaceholder size="long" />
        </div>
      ) : (
        <VerificationState
          verification={current}
          locale={props.locale}
          messages={messages}
          onSent={setSent}
          fresh={sent !== undefined}
        />
      )}
    </section>
  );
}

interface StateProps {
  verification: Verification;
  locale: IslandProps['locale'];
  messages: Translators;
  onSent: (verification: Verification) => void;
  fresh: boolean;
}

function VerificationState({ verification, locale, messages, onSent, fresh }: StateProps) {
  const { t } = messages;
  const document = verification.document_type && t(`verification.documents.${verification.document_type}`);
  return (
    <>
      <p className="verification__status" data-status={verification.status}>
        {t('verification.status_label')} <strong>{t(`verification.status.${verification.status}`)}</strong>
      </p>
      {verification.status === 'pending' && (
        <>
          {fresh && <Notice>{t('verification.sent')}</Notice>}
          <p>
            {t('verification.pending', {
              document: document ?? '',
              date: formatDate(verification.submitted_at!, locale),
            })}
          </p>
        </>
      )}
      {verification.status === 'verified' && <p>{t('verification.verified')}</p>}
      {verification.status === 'rejected' && (
        <div className="verification__rejected" role="note">
          <p>{t('verification.rejected', { document: document ?? '' })}</p>
          {verification.reason && <blockquote className="verification__reason">{verification.reason}</blockquote>}
          <p>{t('verification.try_again')}</p>
        </div>
      )}
      {verification.status === 'none' && <p>{t('verification.intro')}</p>}
      {(verification.status === 'none' || verification.status === 'rejected') && (
        <UploadForm messages={messages} locale={locale} onSent={onSent} />
      )}
    </>
  );
}

function UploadForm({ messages, locale, onSent }: Pick<StateProps, 'messages' | 'locale' | 'onSent'>) {
  const { t, api } = messages;
  const [store] = useState(() => createVerificationUpload({ t, api, upload: uploadVerification, sent: onSent }));
  const documentType = useStore(store.$documentType);
  const progress = useStore(store.$progress);
  // Read through `sideErrors`; subscribed so that a newly chosen file shows its problem at once.
  useStore(store.$chosenProblems);
  useStore(store.$changed);
  const sides = documentSides(documentType);
  const { errors, busy, form, onSubmit } = useFormStore(store, (data) => ({
    front: data.get('front'),
    back: data.get('back'),
  }));

  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="verification">
      <FormAlert errors={errors.form} />
      <Field
        id="field-document_type"
        label={t('verification.document_type')}
        errors={errors.document_type}
        control={(aria) => (
          <select
            {...aria}
            name="document_type"
            value={documentType}
            disabled={busy}
            onChange={(event) => store.chooseType(event.currentTarget.value as DocumentType)}
          >
            {DOCUMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {t(`verification.documents.${type}`)}
              </option>
            ))}
          </select>
        )}
      />
      {sides.map((side) => (
        <DocumentFileField
          key={side}
          name={side}
          label={t(
            side === 'front' && documentType === 'passport' ? 'verification.photo_page' : `verification.${side}`,
          )}
          errors={store.sideErrors(side, errors)}
          onProblem={store.fileChosen}
          messages={messages}
          disabled={busy}
        />
      ))}
      <UploadProgress id="verification-progress" progress={progress} locale={locale} t={t} />
      <SubmitButton busy={busy} busyLabel={t('common.busy')} label={t('verification.submit')} />
    </form>
  );
}
