import { useMemo } from 'react';
import { createTranslator, type Translate } from '../../i18n/translator';
import type { IslandProps } from './messages';

export interface Translators {
  t: Translate<'profile'>;
  api: Translate<'api'>;
  loyal: Translate<'loyal'>;
  affiliate: Translate<'affiliate'>;
  auth: Translate<'auth'>;
  /** The provably-fair check's texts (history and the round page). */
  verify: Translate<'game_verify'>;
}

/** Translators over the message sets the page passed in; a set that was not passed throws on use. */
export function useMessages({ locale, messages }: IslandProps): Translators {
  return useMemo(
    () => ({
      t: createTranslator(messages.profile ?? {}, locale, 'profile'),
      api: createTranslator(messages.api ?? {}, locale, 'api'),
      loyal: createTranslator(messages.loyal ?? {}, locale, 'loyal'),
      affiliate: createTranslator(messages.affiliate ?? {}, locale, 'affiliate'),
      auth: createTranslator(messages.auth ?? {}, locale, 'auth'),
      verify: createTranslator(messages.game_verify ?? {}, locale, 'game_verify'),
    }),
    [locale, messages],
  );
}
