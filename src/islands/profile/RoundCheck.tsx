import { useStore } from '@nanostores/react';
import { Fragment, useEffect, useMemo, useState, type InputHTMLAttributes } from 'react';
import type { OwnRoundCheck, ProviderRoundCheck } from '#core/api/contract.ts';
import { getGameRound } from '../../api/history';
import { describeOutcome } from '#core/games/describe.ts';
import { interpolate } from '#core/i18n/interpolate.ts';
import { LOCALE_INTL } from '#core/i18n/locales.ts';
import { localizedPath } from '#core/i18n/urls.ts';
import {
  createRoundCheckStore,
  isRoundMissing,
  publishedFacts,
  roundIdOf,
  verdictColour,
  verdictText,
} from '../../stores/round-check';
import { formatDateTime, formatMoney } from './format';
import type { IslandProps } from './messages';
import type { OutcomeMessages } from './outcome-messages';
import { Empty, LoadError, Skeleton } from './Status';
import { useMessages, type Translators } from './use-messages';
import { useResource } from './use-resource';
import { useUser } from './use-user';

/** One input of the check form, with its label. */
function CheckField({ id, label, ...input }: InputHTMLAttributes<HTMLInputElement> & { id: string; label: string }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input id={id} {...input} />
    </div>
  );
}

/** A dotted key in the outcome messages (games.json's result lines); a missing one throws, as everywhere. */
function outcomeTranslator(messages: OutcomeMessages) {
  return (key: string, params: Record<string, string | number> = {}) => {
    let node: unknown = messages;
    for (const part of key.split('.')) node = (node as Record<string, unknown> | undefined)?.[part];
    if (typeof node !== 'string') throw new Error(`Missing message games:${key}`);
    return interpolate(node, params);
  };
}

/**
 * /profile/round?id=…: one round of the player's history, recomputed in this browser (WebCrypto)
 * from the revealed server seed, the client seed and the nonce. Before the seed is revealed, it
 * says when the round can be checked. The verification code loads only on this page.
 */
export function RoundCheck(props: IslandProps & { outcomes: OutcomeMessages }) {
  const { locale, outcomes } = props;
  const { t, verify: v } = useMessages(props);
  const user = useUser();
  // Null until mounted: the build renders without a URL, and hydration must match it.
  const [id, setId] = useState<string | null>(null);
  useEffect(() => setId(roundIdOf(location.search)), []);
  const round = useResource(() => (id ? getGameRound(id) : new Promise<never>(() => {})), [id]);

  const history = `${localizedPath('/profile/history', locale)}?type=game`;
  const back = (
    <p>
      <a href={history}>{v('back')}</a>
    </p>
  );
  if (id !== null && isRoundMissing(id, round)) {
    return (
      <div className="stack">
        <Empty>{v('not_found')}</Empty>
        {back}
      </div>
    );
  }
  if (round.state === 'error')
    return <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={round.retry} />;
  if (round.state !== 'ready' || !user) return <Skeleton lines={8} label={t('common.loading')} />;
  if (round.data.kind === 'provider')
    return <ProviderRound check={round.data} currency={user.currency} locale={locale} v={v} back={back} />;
  return (
    <RoundDetails check={round.data} currency={user.currency} locale={locale} v={v} outcomes={outcomes} back={back} />
  );
}

function RoundDetails({
  check,
  currency,
  locale,
  v,
  outcomes,
  back,
}: {
  check: OwnRoundCheck;
  currency: string;
  locale: IslandProps['locale'];
  v: Translators['verify'];
  outcomes: OutcomeMessages;
  back: React.ReactNode;
}) {
  const { round, game } = check;
  const money = (amount: string) => formatMoney(amount, currency, locale);
  const ctx = useMemo(
    () => ({ t: outcomeTranslator(outcomes), money, intl: LOCALE_INTL[locale] }),
    // eslint-disable-next-line react-hooks/exhaustive-deps -- money is a new closure each render over currency, locale
    [outcomes, currency, locale],
  );
  const [store] = useState(() => createRoundCheckStore(round));
  const serverSeed = useStore(store.$serverSeed);
  const clientSeed = useStore(store.$clientSeed);
  const nonce = useStore(store.$nonce);
  const busy = useStore(store.$busy);
  const verdict = useStore(store.$verdict);
  const verify = () => void store.verify();

  // A revealed round is checked as soon as it is shown.
  useEffect(() => {
    if (check.seed === 'revealed') verify();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when shown, not again as the player edits the seeds
  }, [check.seed]);

  const play = `${localizedPath('/play', locale)}?game=${encodeURIComponent(game.id)}`;
  return (
    <div className="stack round-check" data-seed={check.seed}>
      <RoundFacts
        heading={v('heading', { game: game.name, nonce: round.nonce })}
        round={round}
        {...{ locale, v, money }}
      >
        {check.seed !== 'open' && (
          <>
            <dt>{v('result')}</dt>
            <dd>{describeOutcome(round.outcome, ctx)}</dd>
          </>
        )}
        <dt>{v('server_hash')}</dt>
        <dd>
          <code className="seed">{round.server_seed_hash}</code>
        </dd>
      </RoundFacts>

      {check.seed === 'revealed' ? (
        <section className="card" aria-labelledby="round-verify-heading">
          <h2 id="round-verify-heading">{v('check')}</h2>
          <p className="field__hint">{v('explainer')}</p>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              verify();
            }}
          >
            <CheckField
              id="round-server-seed"
              name="server_seed"
              label={v('server_seed')}
              autoComplete="off"
              spellCheck={false}
              value={serverSeed}
              onChange={(event) => store.$serverSeed.set(event.target.value)}
            />
            <CheckField
              id="round-client-seed"
              name="client_seed"
              label={v('client_seed')}
              autoComplete="off"
              spellCheck={false}
              value={clientSeed}
              onChange={(event) => store.$clientSeed.set(event.target.value)}
            />
            <CheckField
              id="round-nonce"
              name="nonce"
              label={v('nonce')}
              type="number"
              min={1}
              step={1}
              inputMode="numeric"
              value={nonce}
              onChange={(event) => store.$nonce.set(event.target.value)}
            />
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {v('check')}
            </button>
          </form>
          <p role="status" className="round-verdict" data-result={verdict ? verdictColour(verdict) : ''}>
            {verdict ? verdictText(verdict, { v, describe: (outcome) => describeOutcome(outcome, ctx), money }) : ''}
          </p>
        </section>
      ) : (
        <section className="card" aria-labelledby="round-wait-heading">
          <h2 id="round-wait-heading">{v('check')}</h2>
          <p className="notice notice--info" data-wait={check.seed}>
            {check.seed === 'open'
              ? v('open', { game: game.name })
              : v('secret', { game: game.name, time: formatDateTime(check.session_ends_at, locale) })}
          </p>
          <p>
            <a className="button button--ghost" href={play}>
              {v('play', { game: game.name })}
            </a>
          </p>
        </section>
      )}
      {back}
    </div>
  );
}

/**
 * A third-party provider's round: the wallet's record of it and what its provider publishes to
 * verify it (checked with the provider's own tools), or that it publishes nothing.
 */
function ProviderRound({
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
  back: React.ReactNode;
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

/** The round as recorded: when it was played, its stake and payout, and what `children` add. */
function RoundFacts({
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
  children?: React.ReactNode;
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
