import { atom } from 'nanostores';

export type ExportState = 'idle' | 'busy' | 'done' | 'error';

export interface DataExportDeps {
  /** GET /api/user/export (`exportData` in src/api/account.ts). */
  exportData: () => Promise<Blob>;
  /** Hands the file to the browser's download under `name`. */
  save: (file: Blob, name: string) => void;
  /** Today, for the file's name. */
  now: () => Date;
}

/** "Download my data": the player's JSON file, saved as amberplay-data-<date>.json; one download at a time. */
export function createDataExport({ exportData, save, now }: DataExportDeps) {
  const $state = atom<ExportState>('idle');
  async function download() {
    if ($state.get() === 'busy') return;
    $state.set('busy');
    try {
      save(await exportData(), `amberplay-data-${now().toISOString().slice(0, 10)}.json`);
      $state.set('done');
    } catch (error) {
      console.error('[export] the data file could not be loaded', error);
      $state.set('error');
    }
  }
  return { $state, download };
}
