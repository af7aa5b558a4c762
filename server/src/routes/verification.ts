import { Hono, type MiddlewareHandler } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  API_PATHS,
  VERIFICATION_MAX_BODY_BYTES,
  type Verification,
  type VerificationSubmitted,
} from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { requireUser } from '../http/auth.ts';
import { parseForm } from '../http/body-schema.ts';
import { detailError } from '../http/errors.ts';
import { translate } from '../base/i18n.ts';
import { verificationForm } from '../schemas/verification.ts';
import { submitVerification, verificationOf } from '../services/verifications.ts';

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
    // The one request body of the API that is multipart and not encrypted (docs/api.md "The
    // reference API"); its size was capped by `uploadLimit`, so parsing never buffers more than
    // VERIFICATION_MAX_BODY_BYTES.
    const { documentType, files } = await parseForm(c, verificationForm, {
      media: ['multipart/form-data'],
      wrongMedia: 'verification.multipart_expected',
      unreadable: 'verification.form_invalid',
    });
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
