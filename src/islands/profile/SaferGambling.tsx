import { useEffect, useState } from 'react';
import { REALITY_CHECK_MINUTES, type ResponsibleGaming } from '#core/api/contract.ts';
import { getResponsibleGaming, updateResponsibleGaming } from '../../api/responsible-gaming';
import { localizedPath } from '#core/i18n/urls.ts';
import { formatMoney } from './format';
import type { IslandProps } from './messages';
import { RgBlock } from './RgBlock';
import { RgLimits } from './RgLimits';
import { LoadError, Notice, Skeleton } from './Status';
import { useMessages } from './use-messages';
import { useResource } from './use-resource';

/** /profile/responsible_gaming: limits, reality check, time-out, self-exclusion and account activity. */
export function SaferGambling(props: IslandProps) {
  const { locale } = props;
  const { t } = useMessages(props);
  const resource = useResource(() => getResponsibleGaming());
  const [data, setData] = useState<ResponsibleGaming>();
  const [realitySaved, setRealitySaved] = useState(false);
  // A minute tick keeps pending-change countdowns current.
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = setInterval(() => setTick((n) => n + 1), 60_000);
    return () => clearInterval(timer);
  }, []);
  useEffect(() => {
    if (resource.state === 'ready') setData(resource.data);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- runs for each new ready data, which is the dependency
  }, [resource.state === 'ready' ? resource.data : undefined]);

  // Help pages link to a section (#self-exclusion): it exists only once the data is here.
  const loaded = !!data;
  useEffect(() => {
    if (loaded && location.hash) document.getElementById(decodeURIComponent(location.hash.slice(1)))?.scrollIntoView();
  }, [loaded]);

  if (resource.state === 'error' && !data)
    return <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={resource.retry} />;
  if (!data) return <Skeleton lines={6} label={t('common.loading')} />;

  async function setReality(value: string) {
    setRealitySaved(false);
    try {
      const saved = await updateResponsibleGaming({ reality_check_minutes: value === 'off' ? null : Number(value) });
      setData(saved);
      setRealitySaved(true);
      // This tab's reality-check script waits for the new due time at once.
      window.dispatchEvent(new CustomEvent('rg:changed', { detail: saved.reality_check_next_at }));
    } catch (error) {
      console.error('[rg] could not save the reality-check interval', error);
    }
  }
  const choices = [
    ...REALITY_CHECK_MINUTES.map((m) => m),
    ...(data.reality_check_minutes !== null &&
    !(REALITY_CHECK_MINUTES as readonly (number | null)[]).includes(data.reality_check_minutes)
      ? [data.reality_check_minutes]
      : []),
  ];
  const limitsKey = (kind: 'deposit_limits' | 'loss_limits') => JSON.stringify(data[kind]);

  return (
    <div className="stack">
      <p className="quick-links">
        <a href="#self-exclusion">{t('rg.self_exclusion_link')}</a>
        <a href="#time-out">{t('rg.time_out_title')}</a>
      </p>
      <RgLimits key={limitsKey('deposit_limits')} {...props} kind="deposit_limits" data={data} onSaved={setData} />
      <RgLimits key={limitsKey('loss_limits')} {...props} kind="loss_limits" data={data} onSaved={setData} />
      <section className="card" aria-labelledby="rg-reality" data-rg="reality_check">
        <h2 id="rg-reality">{t('rg.reality_title')}</h2>
        <p>{t('rg.reality_hint')}</p>
        <div className="field">
          <label htmlFor="rg-reality-minutes">{t('rg.reality_label')}</label>
          <select
            id="rg-reality-minutes"
            value={data.reality_check_minutes ?? 'off'}
            onChange={(event) => setReality(event.target.value)}
          >
            {choices.map((minutes) => (
              <option key={String(minutes)} value={minutes ?? 'off'}>
                {minutes === null ? t('rg.reality_off') : t('rg.minutes', { minutes })}
              </option>
            ))}
          </select>
        </div>
        {realitySaved && <Notice>{t('common.saved')}</Notice>}
      </section>
      <RgBlock {...props} kind="time_out" />
      <RgBlock {...props} kind="self_exclusion" />
      <section className="card" aria-labelledby="rg-activity" data-rg="activity">
        <h2 id="rg-activity">{t('rg.activity_title')}</h2>
        <dl className="figures">
          <div>
            <dt>{t('rg.lifetime_net')}</dt>
            <dd className="figure" data-figure="lifetime_net_deposits">
              {formatMoney(data.lifetime_net_deposits, data.currency, locale)}
            </dd>
          </div>
        </dl>
        <a href={localizedPath('/profile/history', locale)}>{t('rg.history_link')}</a>
      </section>
    </div>
  );
}
