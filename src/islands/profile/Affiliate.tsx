import { useState } from 'react';
import { getReferralStats } from '../../api/user';
import { formatMoney, formatNumber } from './format';
import type { IslandProps } from './messages';
import { LoadError, Skeleton } from './Status';
import { useMessages } from './use-messages';
import { useResource } from './use-resource';

/** /profile/affiliate_program: the referral link with a copy button, and the statistics. */
export function Affiliate(props: IslandProps) {
  const { locale } = props;
  const { t, affiliate } = useMessages(props);
  const stats = useResource(() => getReferralStats());
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');

  if (stats.state === 'error')
    return <LoadError message={t('common.error')} retry={t('common.retry')} onRetry={stats.retry} />;
  if (!stats.data) return <Skeleton lines={4} label={t('common.loading')} />;
  // The link lands on the home page of the player's own language.
  const home = `${location.origin}${locale === 'en' ? '' : `/${locale}`}/`;
  const link = `${home}?ref=${encodeURIComponent(stats.data.referral_code)}`;
  const onCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      setCopy('copied');
    } catch (error) {
      console.error('[affiliate] copy failed', error);
      setCopy('failed');
    }
  };
  const figures: [string, string][] = [
    [affiliate('stats.invited'), formatNumber(stats.data.invited, locale)],
    [affiliate('stats.active'), formatNumber(stats.data.active, locale)],
    [affiliate('stats.earned'), formatMoney(stats.data.earned, stats.data.currency, locale)],
  ];
  return (
    <div className="stack">
      <section className="card" aria-labelledby="ref-link-title">
        <h2 id="ref-link-title">{affiliate('your_link')}</h2>
        <div className="copy-row">
          <input
            className="copy-row__input"
            readOnly
            value={link}
            aria-labelledby="ref-link-title"
            aria-describedby="ref-link-hint"
            onFocus={(event) => event.currentTarget.select()}
            data-referral-link
          />
          <button type="button" className="button" onClick={onCopy}>
            {affiliate('copy')}
          </button>
        </div>
        <p id="ref-link-hint" className="field__hint">
          {t('affiliate.link_hint')}
        </p>
        <p role="status" className={copy === 'failed' ? 'field__error' : 'copy-feedback'}>
          {copy === 'copied' ? affiliate('copied') : copy === 'failed' ? affiliate('copy_failed') : ''}
        </p>
      </section>
      <section className="card" aria-labelledby="ref-stats-title">
        <h2 id="ref-stats-title">{affiliate('stats.title')}</h2>
        <dl className="figures">
          {figures.map(([label, value]) => (
            <div key={label}>
              <dt>{label}</dt>
              <dd className="figure" data-stat={label}>
                {value}
              </dd>
            </div>
          ))}
        </dl>
      </section>
    </div>
  );
}
