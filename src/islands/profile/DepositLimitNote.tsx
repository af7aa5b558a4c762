import { useState } from 'react';
import { RG_PERIODS, type ResponsibleGaming } from '#core/api/contract.ts';
import { compareMoney } from '#core/api/money.ts';
import { localizedPath } from '#core/i18n/urls.ts';
import { DepositLimitOffer } from './DepositLimitOffer';
import { formatMoney } from './format';
import type { IslandProps } from './messages';
import { useMessages } from './use-messages';
import type { Resource } from './use-resource';

const SKIPPED_KEY = 'rg-limit-invite-skipped';

/** The lowest remaining room of the deposit limits, or undefined without any. */
export function depositRoom(data: ResponsibleGaming): string | undefined {
  const rooms = RG_PERIODS.map((period) => data.deposit_limits[period]?.remaining).filter(
    (room): room is string => room !== undefined,
  );
  return rooms.sort(compareMoney)[0];
}

/**
 * On the deposit page (UKGC RTS 12C): the room the deposit limits leave, a link to them, and at a
 * player's first deposit, while they have no deposit limit, the offer to set one here, which they may skip.
 */
export function DepositLimitNote(
  props: IslandProps & { resource: Resource<ResponsibleGaming> & { reload: () => void } },
) {
  const { locale, resource } = props;
  const { t } = useMessages(props);
  const [skipped, setSkipped] = useState(() => {
    try {
      return localStorage.getItem(SKIPPED_KEY) === '1';
    } catch {
      return false;
    }
  });
  const limitsUrl = localizedPath('/profile/responsible_gaming', locale);
  const data = resource.state === 'ready' ? resource.data : undefined;
  const room = data && depositRoom(data);
  const firstDeposit = data && room === undefined && data.lifetime_net_deposits === '0.00';

  function skip() {
    setSkipped(true);
    try {
      localStorage.setItem(SKIPPED_KEY, '1');
    } catch {
      // without storage the invitation returns next time; it stays skippable
    }
  }

  return (
    <div className="stack" data-deposit-limits>
      {room !== undefined && data && (
        <p className="notice notice--info" data-deposit-room>
          {t('rg.deposit_remaining', { remaining: formatMoney(room, data.currency, locale) })}
        </p>
      )}
      {firstDeposit && !skipped && (
        <section className="card" aria-labelledby="rg-invite" data-rg-invite>
          <h2 id="rg-invite">{t('rg.invite_title')}</h2>
          <p>{t('rg.invite_body')}</p>
          <DepositLimitOffer {...props} data={data} onSaved={resource.reload} />
          <div className="actions">
            <button type="button" className="button button--ghost" onClick={skip}>
              {t('rg.invite_skip')}
            </button>
          </div>
        </section>
      )}
      <p>
        <a href={limitsUrl}>{t('rg.limits_link')}</a>
      </p>
    </div>
  );
}
