import type { VerificationStatus } from '#core/api/contract.ts';
import type { Locale } from '#core/i18n/locales.mjs';
import { localizedPath } from '#core/i18n/urls.ts';
import type { Translators } from './use-messages';

/**
 * On the withdrawal page, for a player who may not withdraw yet: why, and the way to the
 * verification card on /profile in the page's language.
 */
export function VerificationNeeded({
  status,
  locale,
  t,
}: {
  status: Exclude<VerificationStatus, 'verified'>;
  locale: Locale;
  t: Translators['t'];
}) {
  return (
    <div className="notice notice--info verification-needed" id="verification-needed" data-verification-needed={status}>
      <p>{t(status === 'pending' ? 'verification.withdrawal_pending' : 'verification.withdrawal_needed')}</p>
      {status !== 'pending' && (
        <a href={`${localizedPath('/profile', locale)}#verification`}>{t('verification.withdrawal_link')}</a>
      )}
    </div>
  );
}
