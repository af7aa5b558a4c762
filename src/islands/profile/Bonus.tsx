import { formatMoney } from './format';
import type { IslandProps } from './messages';
import { Skeleton } from './Status';
import { useMessages } from './use-messages';
import { useUser } from './use-user';

/** /profile/bonus: the bonus balance (how bonuses work is static text on the page). */
export function Bonus(props: IslandProps) {
  const { t } = useMessages(props);
  const user = useUser();
  if (!user) return <Skeleton lines={2} label={t('common.loading')} />;
  return (
    <section className="card" aria-labelledby="bonus-title">
      <h2 id="bonus-title">{t('bonus.balance')}</h2>
      <p className="figure figure--large" data-figure="bonus">
        {formatMoney(user.bonus_balance, user.currency, props.locale)}
      </p>
    </section>
  );
}
