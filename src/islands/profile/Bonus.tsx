import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { cancelBonus, getBonus } from '../../api/bonus';
import { createBonusStore, wageringPercent } from '../../stores/bonus';
import { setUser } from '../../stores/session';
import { formatDate, formatDateTime, formatMoney } from './format';
import type { IslandProps } from './messages';
import { LoadError, Notice, TextPlaceholder } from './Status';
import { OffersCard } from './OffersCard';
import { CashbackCard } from './CashbackCard';
import { RacesCard } from './RacesCard';
import { useMessages } from './use-messages';
import { useResource } from './use-resource';
import { useUser } from './use-user';

/** An amount as wide as a typical bonus figure, for the placeholder's sentences. */
const STAND_IN = '1000.00';

/** /profile/bonus: the bonus balance, wagering progress, and cancelling (forfeiting) the bonus. */
export function Bonus(props: IslandProps) {
  const { locale } = props;
  const { t } = useMessages(props);
  const user = useUser();
  const status = useResource(() => getBonus(), [user?.bonus_balance]);
  const [store] = useState(() => createBonusStore({ t, cancelBonus: () => cancelBonus(), setUser }));
  const confirming = useStore(store.$confirming);
  const state = useStore(store.$state);
  const failed = useStore(store.$failed);
  const notice = state === 'done';

  const money = (amount: string) => formatMoney(amount, user?.currency ?? 'EUR', locale);

  const bonus = status.state === 'ready' ? status.data : undefined;
  const percent = bonus ? wageringPercent(bonus) : 0;
  const progressText = bonus
    ? t('bonus.progress', { wagered: money(bonus.wagered), required: money(bonus.wagering_required) })
    : '';
  // While loading, the same card with a placeholder figure: nothing moves when the amount comes.
  return (
    <>
      <section className="card" aria-labelledby="bonus-title" aria-busy={!user || status.state === 'loading'}>
        <h2 id="bonus-title">{t('bonus.balance')}</h2>
        <p className="figure figure--large" data-figure="bonus">
          {user ? money(user.bonus_balance) : <TextPlaceholder size="short" />}
        </p>
        {/* The wagering panel's shape always holds the space the panel takes, so nothing below moves
          when the figures come, whether or not there is a bonus: shown as grey bars while loading,
          invisible after. */}
        <div className="bonus-slot">
          <WageringPlaceholder
            loading={!user || status.state === 'loading'}
            title={t('bonus.wagering_title')}
            cancel={t('bonus.cancel')}
            progress={t('bonus.progress', { wagered: money(STAND_IN), required: money(STAND_IN) })}
            remaining={t('bonus.remaining', { remaining: money(STAND_IN), multiplier: 30 })}
          />
          <div className="bonus-slot__content">
            {!user && (
              <p className="visually-hidden" role="status">
                {t('common.loading')}
              </p>
            )}
            {notice && <Notice>{t('bonus.cancelled')}</Notice>}
            {user && status.state === 'error' && (
              <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={status.retry} />
            )}
            {bonus && !bonus.active && !notice && <p>{t('bonus.none')}</p>}
            {bonus?.active && (
              <div data-wagering>
                <h3>{t('bonus.wagering_title')}</h3>
                <progress
                  className="progress"
                  max={100}
                  value={percent}
                  aria-label={t('bonus.wagering_title')}
                  aria-valuetext={progressText}
                />
                <p>{progressText}</p>
                <p>
                  {t('bonus.remaining', { remaining: money(bonus.remaining), multiplier: bonus.wagering_multiplier })}
                </p>
                {confirming ? (
                  <div className="confirm" role="group" aria-labelledby="bonus-confirm">
                    <p id="bonus-confirm">{t('bonus.confirm', { amount: money(bonus.bonus_balance) })}</p>
                    <div className="actions">
                      <button type="button" className="button" disabled={state === 'submitting'} onClick={store.cancel}>
                        {t('bonus.confirm_yes')}
                      </button>
                      <button type="button" className="button button--ghost" onClick={store.keep}>
                        {t('bonus.keep')}
                      </button>
                    </div>
                  </div>
                ) : (
                  <button type="button" className="button button--ghost" onClick={store.ask}>
                    {t('bonus.cancel')}
                  </button>
                )}
                {failed && (
                  <p className="form-alert" role="alert">
                    {failed}
                  </p>
                )}
              </div>
            )}
          </div>
        </div>
      </section>
      {/* Drawn from the first paint (its list loads on its own), so the bonus status arriving moves nothing. */}
      <OffersCard
        running={bonus?.offer}
        t={t}
        money={money}
        date={(iso) => formatDate(iso, locale)}
        accepted={status.reload}
      />
      {user && <CashbackCard t={t} money={money} date={(iso) => formatDate(iso, locale)} />}
      {user && <RacesCard t={t} money={money} date={(iso) => formatDateTime(iso, locale)} />}
    </>
  );
}

/**
 * The wagering panel's shape while its figures load: the same heading, bar and button, and the
 * two sentences in this language with stand-in amounts, drawn as grey bars, so they wrap onto as
 * many lines as the real ones will.
 */
function WageringPlaceholder({
  loading,
  title,
  cancel,
  progress,
  remaining,
}: {
  loading: boolean;
  title: string;
  cancel: string;
  progress: string;
  remaining: string;
}) {
  return (
    <div data-wagering-placeholder data-loading={loading ? '' : undefined} aria-hidden="true">
      <h3>{title}</h3>
      <progress className="progress" max={100} value={0} />
      <p>
        <span className="skeleton__ghost">{progress}</span>
      </p>
      <p>
        <span className="skeleton__ghost">{remaining}</span>
      </p>
      <button type="button" className="button button--ghost" disabled tabIndex={-1}>
        {cancel}
      </button>
    </div>
  );
}
