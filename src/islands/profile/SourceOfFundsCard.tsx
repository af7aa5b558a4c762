import { useStore } from '@nanostores/react';
import { useCallback, useState } from 'react';
import type { SourceOfFundsStatus } from '#core/api/contract.ts';
import { getSourceOfFunds, uploadSourceOfFunds } from '../../api/source-of-funds';
import { createSourceOfFundsUpload, sourceOfFundsView } from '../../stores/source-of-funds-upload';
import { FormAlert } from '../FormAlert';
import { SubmitButton } from '../FormField';
import { useFormStore } from '../use-form-store';
import { DocumentFileField } from './DocumentFileField';
import { UploadProgress } from './UploadProgress';
import { formatDate } from './format';
import type { IslandProps } from './messages';
import { Notice } from './Status';
import { useMessages, type Translators } from './use-messages';
import { useLiveReload } from './use-live-reload';
import { useResource } from './use-resource';

/**
 * /profile#source-of-funds: the source-of-funds request staff opened, when one waits: since when,
 * what is asked, the documents sent so far, and a form to send another. Without a request the card
 * is not there. The logic is the store's (src/stores/source-of-funds-upload.ts).
 */
export function SourceOfFundsCard(props: IslandProps) {
  const messages = useMessages(props);
  const { t } = messages;
  const status = useResource(() => getSourceOfFunds());
  const [sent, setSent] = useState<SourceOfFundsStatus>();
  const { reload } = status;
  // A request opened or reviewed by staff meanwhile shows without a reload; the fresh answer wins.
  const refresh = useCallback(() => {
    setSent(undefined);
    reload();
  }, [reload]);
  useLiveReload(['notification', 'decision'], refresh);
  const current = sent ?? status.data;
  const view = current && sourceOfFundsView(current);
  if (!view?.show) return null;

  return (
    <section id="source-of-funds" className="card verification" aria-labelledby="source-of-funds-title">
      <h2 id="source-of-funds-title">{t('source_of_funds.title')}</h2>
      <p data-sof-asked>{t('source_of_funds.asked', { date: formatDate(view.requestedAt, props.locale) })}</p>
      <p data-sof-count>{t('source_of_funds.count', { count: view.documents, max: view.max })}</p>
      {sent && <Notice>{t('source_of_funds.sent')}</Notice>}
      {view.mayUpload ? (
        // A new form after each document (keyed by the count), so the next one starts empty.
        <UploadForm key={view.documents} messages={messages} locale={props.locale} onSent={setSent} />
      ) : (
        <p>{t('source_of_funds.full')}</p>
      )}
    </section>
  );
}

interface FormProps {
  messages: Translators;
  locale: IslandProps['locale'];
  onSent: (status: SourceOfFundsStatus) => void;
}

function UploadForm({ messages, locale, onSent }: FormProps) {
  const { t, api } = messages;
  const [store] = useState(() => createSourceOfFundsUpload({ t, api, upload: uploadSourceOfFunds, sent: onSent }));
  const progress = useStore(store.$progress);
  // Read through `fileErrors`; subscribed so that a newly chosen file shows its problem at once.
  useStore(store.$chosenProblem);
  useStore(store.$changed);
  const { errors, busy, form, onSubmit } = useFormStore(store, (data) => ({ file: data.get('file') }));

  return (
    <form ref={form} onSubmit={onSubmit} noValidate aria-busy={busy} data-form="source-of-funds">
      <FormAlert errors={errors.form} />
      <DocumentFileField
        name="file"
        label={t('source_of_funds.file')}
        errors={store.fileErrors(errors)}
        onProblem={store.fileChosen}
        messages={messages}
        disabled={busy}
      />
      <UploadProgress id="source-of-funds-progress" progress={progress} locale={locale} t={t} />
      <SubmitButton busy={busy} busyLabel={t('common.busy')} label={t('source_of_funds.submit')} />
    </form>
  );
}
