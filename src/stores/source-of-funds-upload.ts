import { atom } from 'nanostores';
import type { SourceOfFundsStatus } from '../../core/api/contract';
import type { Translate } from '../i18n/translator';
import { createFormStore, failureMessages } from './form';
import type { FormErrors } from './form-errors';

export interface SourceOfFundsUploadDeps {
  t: Translate<'profile'>;
  api: Translate<'api'>;
  /** The upload (`uploadSourceOfFunds` in src/api/source-of-funds.ts), reporting the fraction sent from 0 to 1. */
  upload: (file: File, onProgress: (fraction: number) => void) => Promise<SourceOfFundsStatus>;
  /** The server's answer (the request with its new count), shown at once. */
  sent: (status: SourceOfFundsStatus) => void;
}

/** The open request's place on the profile: nothing, a request to answer, or one whose documents are all in. */
export type SourceOfFundsView =
  { show: false } | { show: true; requestedAt: string; documents: number; mayUpload: boolean; max: number };

/** What the card shows for the server's answer. */
export function sourceOfFundsView(status: SourceOfFundsStatus): SourceOfFundsView {
  const request = status.request;
  if (!request) return { show: false };
  return {
    show: true,
    requestedAt: request.requested_at,
    documents: request.documents,
    max: request.max_documents,
    mayUpload: request.documents < request.max_documents,
  };
}

/**
 * The source-of-funds upload: one file, checked the moment it is chosen (by `DocumentFileField`,
 * the identity upload's field) and again at submit, and the upload's progress. After a document is
 * sent the form is ready for the next one.
 */
export function createSourceOfFundsUpload({ t, api, upload, sent }: SourceOfFundsUploadDeps) {
  const $progress = atom<number | undefined>();
  // The chosen file's own problem, so the player need not upload to learn it.
  const $chosenProblem = atom<string | undefined>();
  // The file changed since the last submit: that submit's errors no longer apply.
  const $changed = atom(false);

  const form = createFormStore<{ file?: FormDataEntryValue | null }>(async ({ file }) => {
    $changed.set(false);
    const problem = $chosenProblem.get();
    if (!(file instanceof File) || (file.size === 0 && file.name === ''))
      return { file: [api('verification.file_required')] } satisfies FormErrors;
    if (problem) return { file: [problem] } satisfies FormErrors;
    $progress.set(0);
    try {
      sent(await upload(file, (fraction) => $progress.set(fraction)));
    } finally {
      $progress.set(undefined);
    }
  }, failureMessages(t));

  return {
    ...form,
    $progress,
    $chosenProblem,
    $changed,
    /** A file was chosen, with what is wrong with it (or undefined). */
    fileChosen(_name: 'file', problem: string | undefined) {
      $chosenProblem.set(problem);
      $changed.set(true);
    },
    /** The file's errors: a newly chosen file's own problem, else the last submit's errors. */
    fileErrors(submitted: FormErrors): string[] | undefined {
      const problem = $chosenProblem.get();
      const chosen = problem ? [problem] : undefined;
      return $changed.get() ? chosen : (submitted.file ?? chosen);
    },
  };
}
