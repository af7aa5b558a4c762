import { formatPercent } from './format';
import type { IslandProps } from './messages';
import type { Translators } from './use-messages';

/** A document upload's progress (the fraction sent, 0 to 1), shown while it runs; nothing otherwise. */
export function UploadProgress({
  id,
  progress,
  locale,
  t,
}: {
  id: string;
  progress: number | undefined;
  locale: IslandProps['locale'];
  t: Translators['t'];
}) {
  if (progress === undefined) return null;
  return (
    <div className="upload-progress" data-upload-progress>
      <label htmlFor={id}>{t('verification.uploading', { percent: formatPercent(progress, locale) })}</label>
      <progress id={id} max={100} value={Math.round(progress * 100)} />
    </div>
  );
}
