import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { HIDDEN_PLAYER, type RaceLeaderboard, type RacePrize } from '../../../core/api/contract';
import { getRaceLeaderboard, getRaces } from '../../api/races';
import type { Translate } from '../../i18n/translator';
import { createRacesStore } from '../../stores/races';
import { LoadError } from './Status';

type Money = (amount: string) => string;

const prizeText = (t: Translate<'profile'>, money: Money, prize: RacePrize | null) =>
  prize ? t(prize.kind === 'cash' ? 'races.prize_cash' : 'races.prize_bonus', { amount: money(prize.amount) }) : '';

/** The player's own line: their place and what more reaches the next one. */
function OwnStanding({ t, money, board }: { t: Translate<'profile'>; money: Money; board: RaceLeaderboard }) {
  const you = board.you;
  if (!you) return null;
  return (
    <p data-race-you>
      {you.position === null
        ? t('races.not_entered')
        : t('races.your_place', { position: you.position, amount: money(you.wagered) })}{' '}
      {you.next ? (
        <strong data-race-need>
          {t('races.need_more', { amount: money(you.next.amount), position: you.next.position })}
        </strong>
      ) : (
        <strong>{t('races.leading')}</strong>
      )}
    </p>
  );
}

/**
 * /profile/bonus, races: each race now and to come, with a running race's leaderboard (masked
 * names, incognito players as "Hidden") and the player's own place (src/stores/races.ts; this binds it).
 */
export function RacesCard({
  t,
  money,
  date,
}: {
  t: Translate<'profile'>;
  money: Money;
  date: (iso: string) => string;
}) {
  const [store] = useState(() => createRacesStore({ getRaces, getLeaderboard: (id) => getRaceLeaderboard(id) }));
  const state = useStore(store.$state);
  const races = useStore(store.$races);
  useEffect(() => void store.load(), [store]);

  return (
    <section className="card" aria-labelledby="races-title" aria-busy={state === 'loading'} data-card="races">
      <h2 id="races-title">{t('races.title')}</h2>
      <p className="muted">{t('races.intro')}</p>
      {state === 'loading' && !races.length && <p>{t('races.loading')}</p>}
      {state === 'error' && (
        <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={() => void store.load()} />
      )}
      {state === 'ready' && !races.length && <p data-races-empty>{t('races.empty')}</p>}
      {races.map(({ race, board }) => (
        <article key={race.id} data-race={race.id} aria-labelledby={`race-${race.id}`}>
          <h3 id={`race-${race.id}`}>{race.name}</h3>
          <p>
            {race.status === 'upcoming'
              ? t('races.starts', { date: date(race.starts_at) })
              : t('races.ends', { date: date(race.ends_at) })}
          </p>
          {board && <OwnStanding t={t} money={money} board={board} />}
          {board &&
            (board.top.length ? (
              <div className="table">
                <table>
                  <caption>{t('races.leaderboard', { name: race.name })}</caption>
                  <thead>
                    <tr>
                      <th scope="col">{t('races.place')}</th>
                      <th scope="col">{t('races.player')}</th>
                      <th scope="col">{t('races.wagered')}</th>
                      <th scope="col">{t('races.prize')}</th>
                    </tr>
                  </thead>
                  <tbody>
                    {board.top.map((standing) => (
                      <tr key={standing.position}>
                        <td>{standing.position}</td>
                        <td>{standing.player === HIDDEN_PLAYER ? t('races.hidden') : standing.player}</td>
                        <td>{money(standing.wagered)}</td>
                        <td>{prizeText(t, money, standing.prize)}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            ) : (
              <p>{t('races.no_entries')}</p>
            ))}
          {race.status === 'upcoming' && (
            <ul>
              {race.prizes.map((prize) => (
                <li key={prize.position}>
                  {t('races.prize_line', { position: prize.position, prize: prizeText(t, money, prize) })}
                </li>
              ))}
            </ul>
          )}
        </article>
      ))}
    </section>
  );
}
