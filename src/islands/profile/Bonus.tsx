import { formatMoney } from './format';
import type { IslandProps } from './messages';
import { TextPlaceholder } from './Status';
import { useMessages } from './use-messages';
import { useUser } from './use-user';

/** /profile/bonus: the bonus balance (how bonuses work is static text on the page). */
export function Bonus(props: IslandProps) {
  const { t } = useMessages(props);
  const user = useUser();
  // While loading, the same card with a placeholder figure: nothing moves when the amount comes.
  return (
    <section className="card" aria-labelledby="bonus-title" aria-busy={!user}>
      <h2 id="bonus-title">{t('bonus.balance')}</h2>
      <p className="figure figure--large" data-figure="bonus">
        {user ? formatMoney(user.bonus_balance, user.currency, props.locale) : <TextPlaceholder size="short" />}
      </p>
      {!user && <p className="visually-hidden" role="status">{t('common.loading')}</p>}
    </section>
  );
}
