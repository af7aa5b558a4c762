import type { ReactNode } from 'react';
import { formatDateTime } from './format';
import type { IslandProps } from './messages';
import type { Translators } from './use-messages';

/** The round as recorded: when it was played, its stake and payout, and what `children` add. */
export function RoundFacts({
  heading,
  round,
  locale,
  v,
  money,
  children,
}: {
  heading: string;
  round: { created_at: string; stake: string; win: string };
  locale: IslandProps['locale'];
  v: Translators['verify'];
  money: (amount: string) => string;
  children?: ReactNode;
}) {
  return (
    <section className="card" aria-labelledby="round-heading">
      <h2 id="round-heading">{heading}</h2>
      <dl className="round-facts">
        <dt>{v('played')}</dt>
        <dd>
          <time dateTime={round.created_at}>{formatDateTime(round.created_at, locale)}</time>
        </dd>
        <dt>{v('stake')}</dt>
        <dd>{money(round.stake)}</dd>
        <dt>{v('payout')}</dt>
        <dd>{money(round.win)}</dd>
        {children}
      </dl>
    </section>
  );
}
