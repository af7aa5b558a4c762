import { useMemo } from 'react';
import { createTranslator, type Translate } from '../../i18n/translator';
import type { IslandProps } from './messages';

/** The `account` message set (email change, data download, closing the account) of a profile island. */
export function useAccountMessages({ locale, messages }: IslandProps): Translate<'account'> {
  return useMemo(() => createTranslator(messages.account ?? {}, locale, 'account'), [locale, messages]);
}
