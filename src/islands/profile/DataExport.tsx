import { useState } from 'react';
import { exportData } from '../../api/account';
import { FormAlert } from '../FormAlert';
import { useAccountMessages } from './account-messages';
import type { IslandProps } from './messages';
import { Notice } from './Status';

type State = 'idle' | 'busy' | 'done' | 'error';

/** "Download my data" (GET /api/user/export): the JSON file, saved under the server's name. */
export function DataExport(props: IslandProps) {
  const a = useAccountMessages(props);
  const [state, setState] = useState<State>('idle');

  async function download() {
    if (state === 'busy') return;
    setState('busy');
    try {
      const file = await exportData();
      const url = URL.createObjectURL(file);
      const link = document.createElement('a');
      link.href = url;
      link.download = `amberplay-data-${new Date().toISOString().slice(0, 10)}.json`;
      document.body.append(link);
      link.click();
      link.remove();
      // After the click has handed the file to the browser's download.
      setTimeout(() => URL.revokeObjectURL(url), 60_000);
      setState('done');
    } catch (error) {
      console.error('[export] the data file could not be loaded', error);
      setState('error');
    }
  }

  return (
    <section aria-labelledby="export-title" className="card" data-card="export">
      <h2 id="export-title">{a('export.title')}</h2>
      <p>{a('export.summary')}</p>
      {state === 'error' && <FormAlert errors={[a('export.error')]} />}
      {state === 'done' && <Notice>{a('export.done')}</Notice>}
      <button
        type="button"
        className="button button--ghost"
        onClick={download}
        disabled={state === 'busy'}
        aria-busy={state === 'busy'}
        data-action="export"
      >
        {state === 'busy' ? a('export.busy') : a('export.submit')}
      </button>
    </section>
  );
}
