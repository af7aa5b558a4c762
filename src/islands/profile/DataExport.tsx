import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { exportData } from '../../api/account';
import { createDataExport } from '../../stores/data-export';
import { FormAlert } from '../FormAlert';
import { useAccountMessages } from './account-messages';
import type { IslandProps } from './messages';
import { Notice } from './Status';

/** Saves a file through a temporary link: the one way a page starts a download of its own data. */
function saveFile(file: Blob, name: string) {
  const url = URL.createObjectURL(file);
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.append(link);
  link.click();
  link.remove();
  // After the click has handed the file to the browser's download.
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** "Download my data" (GET /api/user/export): the JSON file, saved under the server's name. */
export function DataExport(props: IslandProps) {
  const a = useAccountMessages(props);
  const [store] = useState(() =>
    createDataExport({ exportData: () => exportData(), save: saveFile, now: () => new Date() }),
  );
  const state = useStore(store.$state);
  const download = store.download;

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
