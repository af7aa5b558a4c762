import { atom } from 'nanostores';
import type { DocumentType, VerificationSubmitted } from '../../core/api/contract';
import type { DocumentUpload } from '../api/verification';
import type { Translate } from '../i18n/translator';
import { createFormStore, failureMessages } from './form';
import type { FormErrors } from './form-errors';

export type DocumentSide = 'front' | 'back';

export interface VerificationUploadDeps {
  t: Translate<'profile'>;
  api: Translate<'api'>;
  /** The upload (`uploadVerification` in src/api/verification.ts), reporting the fraction sent from 0 to 1. */
  upload: (upload: DocumentUpload, onProgress: (fraction: number) => void) => Promise<VerificationSubmitted>;
  /** The server's answer, shown at once rather than after another round trip. */
  sent: (verification: VerificationSubmitted) => void;
}

/** The form's file inputs as FormData gives them: a File (empty when none was chosen), or nothing. */
export type ChosenFiles = Partial<Record<DocumentSide, FormDataEntryValue | null>>;

/** A passport has one page to send; the other documents a front and a back. */
export const documentSides = (type: DocumentType): DocumentSide[] =>
  type === 'passport' ? ['front'] : ['front', 'back'];

/**
 * The identity document upload: the type, a file per side checked the moment it is chosen (by
 * `DocumentFileField`) and again at submit, and the upload's progress.
 */
export function createVerificationUpload({ t, api, upload, sent }: VerificationUploadDeps) {
  const $documentType = atom<DocumentType>('passport');
  const $progress = atom<number | undefined>();
  // Problems found the moment a file is chosen, so the player need not upload to learn them.
  const $chosenProblems = atom<Partial<Record<DocumentSide, string>>>({});
  // Sides whose file changed since the last submit: their earlier errors no longer apply.
  const $changed = atom<Partial<Record<DocumentSide, boolean>>>({});

  const form = createFormStore<ChosenFiles>(async (chosen) => {
    $changed.set({});
    const errors: FormErrors = {};
    const files: Partial<Record<DocumentSide, File>> = {};
    for (const side of documentSides($documentType.get())) {
      const file = chosen[side];
      const problem = $chosenProblems.get()[side];
      if (!(file instanceof File) || (file.size === 0 && file.name === ''))
        errors[side] = [api(side === 'back' ? 'verification.back_required' : 'verification.file_required')];
      else if (problem) errors[side] = [problem];
      else files[side] = file;
    }
    if (Object.keys(errors).length) return errors;
    $progress.set(0);
    try {
      sent(
        await upload({ document_type: $documentType.get(), front: files.front!, back: files.back }, (sent) =>
          $progress.set(sent),
        ),
      );
    } finally {
      $progress.set(undefined);
    }
  }, failureMessages(t));

  return {
    ...form,
    $documentType,
    $progress,
    $chosenProblems,
    $changed,
    chooseType(type: DocumentType) {
      $documentType.set(type);
      // A back input that goes away (a passport) comes back empty: its old problem goes with it.
      $chosenProblems.set({ front: $chosenProblems.get().front });
    },
    /** A file was chosen for `side`, with what is wrong with it (or undefined). */
    fileChosen(side: DocumentSide, problem: string | undefined) {
      $chosenProblems.set({ ...$chosenProblems.get(), [side]: problem });
      $changed.set({ ...$changed.get(), [side]: true });
    },
    /** A side's errors: a newly chosen file's own problem, else the last submit's errors. */
    sideErrors(side: DocumentSide, submitted: FormErrors): string[] | undefined {
      const problem = $chosenProblems.get()[side];
      const chosen = problem ? [problem] : undefined;
      return $changed.get()[side] ? chosen : (submitted[side] ?? chosen);
    },
  };
}
