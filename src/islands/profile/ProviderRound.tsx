// Loaded only for a provider's round: a page about one of our own rounds does not carry it.
import { Fragment, type ReactNode } from 'react';
import type { ProviderRoundCheck } from '#core/api/contract.ts';
import { publishedFacts } from '../../stores/round-check';
import { formatMoney } from './format';
import type { IslandProps } from './messages';
import { RoundFacts } from './RoundFacts';
import type { Translators } from './use-messages';

/**
 * A third-party provider's round: the wallet's record of it and what its provider publishes to
 * verify it (checked with the provider's own tools), or that it publishes nothing.
 */
export function ProviderRound({
  check,
  currency,
  locale,
  v,
  back,
}: {
  check: ProviderRoundCheck;
  currency: string;
  locale: IslandProps['locale'];
  v: Translators['verify'];
  back: ReactNode;
}) {
  const { round, game, published } = check;
  const facts = published ? publishedFacts(published) : [];
  const money = (amount: string) => formatMoney(amount, currency, locale);
  return (
    <div className="stack round-check" data-provider-round>
      <RoundFacts
        heading={v('heading', { game: game.name, nonce: round.round_id })}
        round={round}
        {...{ locale, v, money }}
      />
      <section className="card" aria-labelledby="round-published-heading">
        <h2 id="round-published-heading">{v('check')}</h2>
        {facts.length ? (
          <>
            <p className="field__hint">{v('provider_explainer')}</p>
            <dl className="round-facts">
              {facts.map(({ label, value }) => (
                <Fragment key={label}>
                  <dt>{v(label)}</dt>
                  <dd data-published={label}>
                    <code className="seed">{value}</code>
                  </dd>
                </Fragment>
              ))}
            </dl>
          </>
        ) : (
          <p className="notice notice--info" data-published="none">
            {v('provider_none')}
          </p>
        )}
      </section>
      {back}
    </div>
  );
}
