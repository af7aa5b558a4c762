import { Hono, type Context, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  API_PATHS,
  DOCUMENT_TYPES,
  VERIFICATION_MAX_BODY_BYTES,
  type DocumentType,
  type Verification,
  type VerificationSubmitted,
} from '../../../core/api/contract.ts';
import { DOCUMENT_SIGNATURE_BYTES, documentMime, documentProblem } from '../../../core/api/document-file.ts';
import type { Problems } from '../../../core/api/validation.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../auth.ts';
import { detailError, fieldErrors } from '../errors.ts';
import { translate } from '../i18n.ts';
import { refuseUnsafeInput } from '../input-guard.ts';
import { submitVerification, verificationOf, type DocumentFile } from '../services/verifications.ts';

const FIELDS = new Set(['document_type', 'front', 'back']);

/**
 * The upload's form, parsed. This is the one request body of the API that is multipart and not
 * encrypted (docs/api.md "The reference API"): every other route reads JSON through `parseBody` (`readJson`), which
 * answers 415 to a form. Its size was capped before this by `uploadLimit`, so parsing never
 * buffers more than VERIFICATION_MAX_BODY_BYTES.
 */
async function readForm(c: Context<AppEnv>): Promise<FormData> {
  if (!/^multipart\/form-data\b/i.test(c.req.header('content-type') ?? ''))
    throw detailError(415, 'verification.multipart_expected');
  let form: FormData;
  try {
    form = await c.req.formData();
  } catch {
    throw detailError(400, 'verification.form_invalid');
  }
  // The same safety net as every JSON body: no control, bidirectional or zero-width characters
  // in a field name or a text value, and no names outside the form.
  const texts: Record<string, string> = Object.create(null);
  const problems: Problems = Object.create(null);
  for (const [name, value] of form.entries()) {
    if (typeof value === 'string') texts[name] = value;
    else texts[name] ??= '';
  }
  refuseUnsafeInput(texts);
  for (const name of Object.keys(texts)) if (!FIELDS.has(name)) problems[name] = [{ key: 'field_unknown' }];
  if (Object.keys(problems).length) throw fieldErrors({ ...problems });
  return form;
}

/** A browser sends an untouched file input as a nameless, empty part, which parses as '' or an empty file. */
const isBlank = (value: FormDataEntryValue) =>
  typeof value === 'string' ? value === '' : value.size === 0 && value.name === '';

/** One side's file, checked by its bytes: undefined when absent or refused (then `problems` says why). */
async function readSide(
  form: FormData,
  side: DocumentFile['side'],
  problems: Problems,
): Promise<DocumentFile | undefined> {
  const values = form.getAll(side).filter((value) => !isBlank(value));
  const value = values[0];
  if (value === undefined) return undefined;
  if (values.length > 1) problems[side] = [{ key: 'verification.file_one' }];
  else if (typeof value === 'string') problems[side] = [{ key: 'verification.file_required' }];
  else {
    // The size is known before any byte is read, so an oversize file is refused unread.
    const head =
      value.size > 0 ? new Uint8Array(await value.slice(0, DOCUMENT_SIGNATURE_BYTES).arrayBuffer()) : new Uint8Array();
    const problem = documentProblem(value.size, head);
    if (problem) problems[side] = [problem];
    else return { side, mime: documentMime(head)!, content: new Uint8Array(await value.arrayBuffer()) };
  }
  return undefined;
}

/** Identity verification, the player's half: the status, and sending a document. */
export function verificationRoutes(services: Services) {
  const { db, clock } = services;
  const app = new Hono<AppEnv>();
  app.use(API_PATHS.verification, requireUser(services));

  app.get(API_PATHS.verification, async (c) =>
    c.json<Verification>(await verificationOf(db, c.get('userId'), c.get('locale'))),
  );

  // After the player is known (app.ts leaves this route's body to it): refused from Content-Length
  // before any byte is read, or as soon as a streamed body passes the limit.
  const uploadLimit = bodyLimit({
    maxSize: VERIFICATION_MAX_BODY_BYTES,
    onError: (c) => c.json({ detail: translate(c.get('locale'), 'verification.upload_too_large') }, 413),
  });

  /**
   * Before any byte of the body is read: a player with a submission pending or
   * already verified is refused at once, and a player has at most one upload in flight on this
   * node (a second one at the same time is refused like a pending one). So parallel uploads cannot
   * make the server hold many bodies; the one read streams through `uploadLimit`'s running cap.
   */
  const uploading = new Set<number>();
  const oneAtATime: MiddlewareHandler<AppEnv> = async (c, next) => {
    const userId = c.get('userId');
    const current = await verificationOf(db, userId, c.get('locale'));
    if (current.status === 'pending' || current.status === 'verified') {
      throw detailError(
        409,
        current.status === 'pending' ? 'verification.already_pending' : 'verification.already_verified',
      );
    }
    if (uploading.has(userId)) throw detailError(409, 'verification.already_pending');
    uploading.add(userId);
    try {
      await next();
    } finally {
      uploading.delete(userId);
    }
  };

  app.post(API_PATHS.verification, oneAtATime, uploadLimit, async (c) => {
    const form = await readForm(c);
    const problems: Problems = {};
    const type = form.get('document_type');
    if (type === null || type === '') problems.document_type = [{ key: 'required' }];
    else if (!DOCUMENT_TYPES.includes(type as DocumentType)) problems.document_type = [{ key: 'choice_invalid' }];
    const documentType = type as DocumentType;
    const front = await readSide(form, 'front', problems);
    if (!front && !problems.front) problems.front = [{ key: 'verification.file_required' }];
    const back = await readSide(form, 'back', problems);
    // A passport's photo page is all there is; anything sent as its back is refused, not dropped,
    // so the player knows it was not sent to review.
    if (documentType === 'passport' && (back || problems.back))
      problems.back = [{ key: 'verification.back_not_for_passport' }];
    else if (!problems.document_type && documentType !== 'passport' && !back && !problems.back)
      problems.back = [{ key: 'verification.back_required' }];
    if (Object.keys(problems).length) throw fieldErrors(problems);

    const files = back ? [front!, back] : [front!];
    const outcome = await submitVerification(db, { userId: c.get('userId'), documentType, files, now: clock() });
    if ('blocked' in outcome)
      throw detailError(
        409,
        outcome.blocked === 'pending' ? 'verification.already_pending' : 'verification.already_verified',
      );
    return c.json<VerificationSubmitted>(
      { status: 'pending', document_type: documentType, submitted_at: outcome.submitted_at },
      201,
    );
  });

  return app;
}
