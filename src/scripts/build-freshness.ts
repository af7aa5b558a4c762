// Notices a new deploy and reloads, so players never sit on a page whose lazy chunks are gone.
import { guardedReload } from './reload-guard';

const DEFAULT_CHECK_MINUTES = 60;
const META_DELAY_MS = 1000;

interface BuildPointer {
  id: string;
  timestamp: string;
}

/** Build metadata of the running page, loaded 1 s after start (route list, time of build). */
export let currentBuildMeta: (BuildPointer & { routes: string[] }) | undefined;

function checkIntervalMs(): number {
  const minutes = Number(import.meta.env.PUBLIC_BUILD_CHECK_MINUTES);
  return (Number.isFinite(minutes) && minutes > 0 ? minutes : DEFAULT_CHECK_MINUTES) * 60_000;
}

async function fetchJson<T>(path: string): Promise<T | undefined> {
  try {
    const response = await fetch(path, { cache: 'no-store' });
    return response.ok ? ((await response.json()) as T) : undefined;
  } catch {
    return undefined; // Offline or mid-deploy: try again at the next check.
  }
}

export async function checkForNewBuild(): Promise<void> {
  const latest = await fetchJson<BuildPointer>('/builds/latest.json');
  if (latest?.id && latest.id !== __BUILD_ID__) guardedReload(`new build ${latest.id} replaces ${__BUILD_ID__}`);
}

function isChunkLoadError(reason: unknown): boolean {
  const message = reason instanceof Error ? reason.message : String(reason);
  return /dynamically imported module|Importing a module script failed|error loading dynamically imported module/i.test(
    message,
  );
}

export function initBuildFreshness(): void {
  setTimeout(async () => {
    currentBuildMeta = await fetchJson(`/builds/meta/${__BUILD_ID__}.json`);
  }, META_DELAY_MS);

  setInterval(() => void checkForNewBuild(), checkIntervalMs());
  document.addEventListener('visibilitychange', () => {
    if (document.visibilityState === 'visible') void checkForNewBuild();
  });

  window.addEventListener('vite:preloadError', (event) => {
    event.preventDefault();
    guardedReload('a lazily loaded chunk failed to load');
  });
  window.addEventListener('unhandledrejection', (event) => {
    if (isChunkLoadError(event.reason)) guardedReload('a dynamic import failed');
  });
}
