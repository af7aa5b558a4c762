import type { Locale } from '#core/i18n/locales.mjs';
import { localizedPath } from '#core/i18n/urls.ts';
import { clearSession } from '../../stores/session';

/** The button after the player has closed the account or blocked themselves: signs out here and opens the home page. */
export function SignOutHome({ label, locale }: { label: string; locale: Locale }) {
  return (
    <button
      type="button"
      className="button"
      onClick={() => {
        clearSession();
        location.assign(localizedPath('/', locale));
      }}
    >
      {label}
    </button>
  );
}
