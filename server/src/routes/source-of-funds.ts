import { Hono } from 'hono';
import { bodyLimit } from 'hono/body-limit';
import {
  API_PATHS,
  SOF_MAX_DOCUMENTS,
  VERIFICATION_MAX_BODY_BYTES,
  type SourceOfFundsStatus,
} from '#core/api/contract.ts';
import type { AppEnv, Services } from '../app-env.ts';
import { translate } from '../base/i18n.ts';
import { requireUser } from '../http/auth.ts';
import { parseForm } from '../http/body-schema.ts';
import { detailError } from '../http/errors.ts';
import { sourceOfFundsForm } from '../schemas/source-of-funds.ts';
import { addSourceOfFundsDocument, outstandingSourceOfFunds } from '../services/source-of-funds-documents.ts';

/** The player's half of a source-of-funds request: what is asked, and sending a document for it. */
export function sourceOfFundsRoutes(services: Services) {
  const { db, clock } = services;
  const app = new Hono<AppEnv>();
  app.use(API_PATHS.sourceOfFunds, requireUser(services));

  app.get(API_PATHS.sourceOfFunds, async (c) => {
    c.header('Cache-Control', 'no-store');
    return c.json<SourceOfFundsStatus>(await outstandingSourceOfFunds(db, c.get('userId')));
  });

  // After the player is known (app.ts leaves this route's body to it), as for identity documents.
  const uploadLimit = bodyLimit({
    maxSize: VERIFICATION_MAX_BODY_BYTES,
    onError: (c) => c.json({ detail: translate(c.get('locale'), 'verification.upload_too_large') }, 413),
  });

  app.post(API_PATHS.sourceOfFunds, uploadLimit, async (c) => {
    const file = await parseForm(c, sourceOfFundsForm, {
      media: ['multipart/form-data'],
      wrongMedia: 'verification.multipart_expected',
      unreadable: 'verification.form_invalid',
    });
    const outcome = await addSourceOfFundsDocument(db, { userId: c.get('userId'), file, now: clock() });
    if ('refused' in outcome)
      throw detailError(409, outcome.refused === 'none' ? 'verification.sof_none' : 'verification.sof_full', {
        max: SOF_MAX_DOCUMENTS,
      });
    c.header('Cache-Control', 'no-store');
    return c.json<SourceOfFundsStatus>(outcome, 201);
  });

  return app;
}
