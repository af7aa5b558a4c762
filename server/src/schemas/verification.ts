/**
 * The identity-document upload (`POST /auth/users/me/verification/`, multipart): the document's
 * type and one file per side, each checked by its size and its first bytes (never its name or
 * declared type). The typed value is the type and the files ready to store. A passport has a front
 * only; the other documents need both sides.
 */
import * as v from 'valibot';
import { DOCUMENT_TYPES, type DocumentType } from '#core/api/contract.ts';
import { DOCUMENT_SIGNATURE_BYTES, documentMime, documentProblem } from '#core/api/document-file.ts';
import { formValues, problemMessage, type FormFields, type FormValue } from '../http/body-schema.ts';
import type { DocumentFile } from '../services/verifications.ts';

const FIELDS = new Set(['document_type', 'front', 'back']);

/** A browser sends an untouched file input as a nameless, empty part, which parses as '' or an empty file. */
export const isBlank = (value: FormValue) =>
  typeof value === 'string' ? value === '' : value.size === 0 && value.name === '';

/** The first value sent: a text that names one of the document types. */
const documentType = v.pipe(
  v.optional(formValues, []),
  v.transform((values) => values[0] ?? ''),
  v.string(problemMessage('choice_invalid')),
  v.nonEmpty(problemMessage('required')),
  v.picklist(DOCUMENT_TYPES, problemMessage('choice_invalid')),
);

/** One side: absent (undefined), or exactly one file of an accepted type and size, read. */
export const documentSide = (name: DocumentFile['side']) =>
  v.pipeAsync(
    v.optional(formValues, []),
    v.transform((values) => values.filter((value) => !isBlank(value))),
    v.maxLength(1, problemMessage('verification.file_one')),
    v.transform((values) => values[0]),
    v.optional(v.file(problemMessage('verification.file_required'))),
    v.rawTransformAsync<File | undefined, DocumentFile | undefined>(async ({ dataset, addIssue, NEVER }) => {
      const file = dataset.value;
      if (!file) return undefined;
      // The size is known before any byte is read, so an oversize file is refused unread.
      const head =
        file.size > 0 ? new Uint8Array(await file.slice(0, DOCUMENT_SIGNATURE_BYTES).arrayBuffer()) : new Uint8Array();
      const problem = documentProblem(file.size, head);
      if (!problem) return { side: name, mime: documentMime(head)!, content: new Uint8Array(await file.arrayBuffer()) };
      addIssue({ message: problemMessage(problem.key, problem.params) });
      return NEVER;
    }),
  );
const front = documentSide('front');
const back = documentSide('back');

/** An issue of the form under `field`, so it answers as that field's error. */
export const at = (form: FormFields, field: string, message: string) => ({
  message,
  path: [{ type: 'object', origin: 'value', input: form, key: field, value: form[field] }] as [v.ObjectPathItem],
});

/**
 * The upload's form: names outside it are refused first (alone), then the type and both sides are
 * checked together, so every problem is answered at once (the type, the front, the back).
 */
export const verificationForm = v.pipeAsync(
  v.record(v.string(), formValues),
  v.rawCheck(({ dataset, addIssue }) => {
    if (!dataset.typed) return;
    for (const name of Object.keys(dataset.value))
      if (!FIELDS.has(name)) addIssue(at(dataset.value, name, problemMessage('field_unknown')));
  }),
  v.rawTransformAsync(async ({ dataset, addIssue, NEVER }) => {
    const form = dataset.value;
    const type = v.safeParse(documentType, form.document_type);
    const frontFile = await v.safeParseAsync(front, form.front);
    const backFile = await v.safeParseAsync(back, form.back);
    const problems: [string, string[]][] = [];
    if (!type.success) problems.push(['document_type', type.issues.map((issue) => issue.message)]);
    if (!frontFile.success) problems.push(['front', frontFile.issues.map((issue) => issue.message)]);
    else if (!frontFile.output) problems.push(['front', [problemMessage('verification.file_required')]]);
    const backSent = !backFile.success || backFile.output !== undefined;
    // A passport's photo page is all there is; anything sent as its back is refused, not dropped,
    // so the player knows it was not sent to review.
    if (type.success && type.output === 'passport' && backSent)
      problems.push(['back', [problemMessage('verification.back_not_for_passport')]]);
    else if (!backFile.success) problems.push(['back', backFile.issues.map((issue) => issue.message)]);
    else if (type.success && type.output !== 'passport' && !backSent)
      problems.push(['back', [problemMessage('verification.back_required')]]);
    if (problems.length) {
      for (const [field, messages] of problems) for (const message of messages) addIssue(at(form, field, message));
      return NEVER;
    }
    const files = [frontFile.output as DocumentFile, ...(backFile.success && backFile.output ? [backFile.output] : [])];
    return { documentType: type.output as DocumentType, files };
  }),
);
