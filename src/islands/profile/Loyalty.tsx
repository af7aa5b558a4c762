import { LOYALTY_LEVELS } from '#core/data/loyalty-levels.ts';
import { formatNumber } from './format';
import type { IslandProps } from './messages';
import { TextPlaceholder } from './Status';
import { useMessages } from './use-messages';
import { useUser } from './use-user';

/** /profile/loyalty: the player's level, points and progress (the level table is static). */
export function Loyalty(props: IslandProps) {
  const { locale } = props;
  const { t, loyal } = useMessages(props);
  const user = useUser();
  // While loading, the card's real shape, so the level table below does not move when the
  // player's level arrives. The progress sentence always reserves two lines (.loyalty-progress).
  if (!user) {
    return (
      <section className="card" aria-labelledby="loyalty-title" aria-busy="true">
        <h2 id="loyalty-title">{loyal('your_level')}</h2>
        <p className="figure figure--large">
          <TextPlaceholder size="short" />
        </p>
        <p>
          <TextPlaceholder />
        </p>
        <progress className="progress" max={100} value={0} aria-label={t('loyalty.progress_label')} />
        <p className="loyalty-progress">
          <TextPlaceholder size="full" />
        </p>
        <p className="visually-hidden" role="status">
          {t('common.loading')}
        </p>
      </section>
    );
  }
  const { level, points, next_level_points: target } = user.loyalty;
  const index = LOYALTY_LEVELS.findIndex((item) => item.id === level);
  const current = LOYALTY_LEVELS[index]!;
  const next = LOYALTY_LEVELS[index + 1];
  // Progress within the current level's band, so a new level starts at 0 %.
  const percent =
    target && next
      ? Math.min(100, Math.max(0, Math.round(((points - current.points) / (target - current.points)) * 100)))
      : 100;
  return (
    <section className="card" aria-labelledby="loyalty-title">
      <h2 id="loyalty-title">{loyal('your_level')}</h2>
      <p className="figure figure--large" data-level={level}>
        {loyal(`levels.${level}`)}
      </p>
      <p>{loyal.plural('points', points)}</p>
      {next && target ? (
        <>
          <progress
            className="progress"
            max={100}
            value={percent}
            aria-label={t('loyalty.progress_label')}
            aria-valuetext={loyal('progress', {
              points: formatNumber(points, locale),
              target: formatNumber(target, locale),
              level: loyal(`levels.${next.id}`),
            })}
          />
          <p className="loyalty-progress">
            {loyal('progress', {
              points: formatNumber(points, locale),
              target: formatNumber(target, locale),
              level: loyal(`levels.${next.id}`),
            })}
          </p>
        </>
      ) : (
        <p className="loyalty-progress">{loyal('top_level')}</p>
      )}
    </section>
  );
}
