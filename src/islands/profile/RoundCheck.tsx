import { useEffect, useMemo, useRef, useState, type InputHTMLAttributes } from 'react';
import type { GameRoundCheck } from '#core/api/contract.ts';
import { ApiError } from '../../api/errors';
import { getGameRound } from '../../api/history';
import { describeOutcome } from '#core/games/describe.ts';
import { interpolate } from '#core/i18n/interpolate.ts';
import { LOCALE_INTL } from '#core/i18n/locales.mjs';
import { localizedPath } from '#core/i18n/urls.ts';
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

/** What the last check said: the browser's own recomputation of the round. */
type Verdict = { result: 'match' | 'mismatch'; text: string } | null;

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
  useEffect(() => setId(new URLSearchParams(location.search).get('id') ?? ''), []);
  const round = useResource(() => (id ? getGameRound(id) : new Promise<never>(() => {})), [id]);

  const history = `${localizedPath('/profile/history', locale)}?type=game`;
  const back = (
    <p>
      <a href={history}>{v('back')}</a>
    </p>
  );
  const notFound =
    id === '' || (round.state === 'error' && round.error instanceof ApiError && round.error.status === 404);
  if (notFound) {
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
  check: GameRoundCheck;
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
  const [serverSeed, setServerSeed] = useState(round.server_seed ?? '');
  const [clientSeed, setClientSeed] = useState(round.client_seed);
  const [nonce, setNonce] = useState(String(round.nonce));
  const [verdict, setVerdict] = useState<Verdict>(null);
  const [busy, setBusy] = useState(false);
  const generation = useRef(0);

  /** Recomputes the round from the fields, in this browser; the server is not asked. */
  async function verify() {
    const mine = ++generation.current;
    setBusy(true);
    try {
      const [{ hashServerSeed }, { recomputeRound }] = await Promise.all([
        import('#core/games/fairness.ts'),
        import('#core/games/verify.ts'),
      ]);
      const seed = serverSeed.trim();
      let next: Verdict;
      if ((await hashServerSeed(seed).catch(() => '')) !== round.server_seed_hash)
        next = { result: 'mismatch', text: v('hash_mismatch') };
      else {
        const result = await recomputeRound({ serverSeed: seed, clientSeed, nonce: Number(nonce) }, round);
        next = result.match
          ? {
              result: 'match',
              text: v('match', { result: describeOutcome(result.outcome, ctx), win: money(result.win) }),
            }
          : { result: 'mismatch', text: v('mismatch', { result: describeOutcome(result.outcome, ctx) }) };
      }
      if (mine === generation.current) setVerdict(next);
    } catch (error) {
      // Not a seed this game could use (bad nonce, bad hex): it cannot be the recorded round.
      console.warn('[round] recomputation failed', error);
      if (mine === generation.current) setVerdict({ result: 'mismatch', text: v('hash_mismatch') });
    } finally {
      if (mine === generation.current) setBusy(false);
    }
  }
  // A revealed round is checked as soon as it is shown.
  useEffect(() => {
    if (check.seed === 'revealed') void verify();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once when shown, not again as the player edits the seeds
  }, [check.seed]);

  const play = `${localizedPath('/play', locale)}?game=${encodeURIComponent(game.id)}`;
  return (
    <div className="stack round-check" data-seed={check.seed}>
      <section className="card" aria-labelledby="round-heading">
        <h2 id="round-heading">{v('heading', { game: game.name, nonce: round.nonce })}</h2>
        <dl className="round-facts">
          <dt>{v('played')}</dt>
          <dd>
            <time dateTime={round.created_at}>{formatDateTime(round.created_at, locale)}</time>
          </dd>
          <dt>{v('stake')}</dt>
          <dd>{money(round.stake)}</dd>
          <dt>{v('payout')}</dt>
          <dd>{money(round.win)}</dd>
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
        </dl>
      </section>

      {check.seed === 'revealed' ? (
        <section className="card" aria-labelledby="round-verify-heading">
          <h2 id="round-verify-heading">{v('check')}</h2>
          <p className="field__hint">{v('explainer')}</p>
          <form
            noValidate
            onSubmit={(event) => {
              event.preventDefault();
              void verify();
            }}
          >
            <CheckField
              id="round-server-seed"
              name="server_seed"
              label={v('server_seed')}
              autoComplete="off"
              spellCheck={false}
              value={serverSeed}
              onChange={(event) => setServerSeed(event.target.value)}
            />
            <CheckField
              id="round-client-seed"
              name="client_seed"
              label={v('client_seed')}
              autoComplete="off"
              spellCheck={false}
              value={clientSeed}
              onChange={(event) => setClientSeed(event.target.value)}
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
              onChange={(event) => setNonce(event.target.value)}
            />
            <button type="submit" className="button" aria-disabled={busy || undefined}>
              {v('check')}
            </button>
          </form>
          <p role="status" className="round-verdict" data-result={verdict?.result ?? ''}>
            {verdict?.text ?? ''}
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
