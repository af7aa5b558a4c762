/**
 * A source-of-funds document (`POST /api/user/source-of-funds`, multipart): one `file`, checked by
 * its size and first bytes as an identity document is (schemas/verification.ts). Names outside the
 * form are refused.
 */
import * as v from 'valibot';
import { formValues, problemMessage } from '../http/body-schema.ts';
import type { DocumentFile } from '../services/verifications.ts';
import { at, documentSide } from './verification.ts';

const file = documentSide('front');

export const sourceOfFundsForm = v.pipeAsync(
  v.record(v.string(), formValues),
  v.rawTransformAsync(async ({ dataset, addIssue, NEVER }) => {
    const form = dataset.value;
    const unknown = Object.keys(form).filter((name) => name !== 'file');
    for (const name of unknown) addIssue(at(form, name, problemMessage('field_unknown')));
    if (unknown.length) return NEVER;
    const sent = await v.safeParseAsync(file, form.file);
    if (!sent.success) for (const issue of sent.issues) addIssue(at(form, 'file', issue.message));
    else if (!sent.output) addIssue(at(form, 'file', problemMessage('verification.file_required')));
    if (!sent.success || !sent.output) return NEVER;
    return { mime: sent.output.mime, content: sent.output.content } satisfies Omit<DocumentFile, 'side'>;
  }),
);
