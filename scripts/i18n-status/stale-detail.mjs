// What `npm run i18n:status` says about a stale translation, from git history: the English diff
// since the translation was last committed, and how long it has been stale. Days count from the
// first English commit after the translation up to the newest commit (HEAD), never up to today,
// so the result for a commit is the same whenever and wherever the check runs.
import { execFileSync } from 'node:child_process';
import { relative } from 'node:path';

const DAY = 24 * 60 * 60;

/** @param {string} top @param {string[]} args */
const git = (top, args) =>
  execFileSync('git', args, {
    cwd: top,
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'ignore'],
    maxBuffer: 64 * 1024 * 1024,
  });

/** The top folder of the git work tree `dir` is in, or null outside git. */
export function gitTop(/** @type {string} */ dir) {
  try {
    return git(dir, ['rev-parse', '--show-toplevel']).trim();
  } catch {
    return null;
  }
}

/** The newest commit's time (seconds since 1970), or null in a repository without commits. */
export function headTime(/** @type {string} */ top) {
  try {
    return Number(git(top, ['log', '-1', '--format=%ct']).trim()) || null;
  } catch {
    return null;
  }
}

/** Whole days from `since` to `now` (seconds). */
export const daysBetween = (/** @type {number} */ since, /** @type {number} */ now) =>
  Math.max(0, Math.floor((now - since) / DAY));

/**
 * Since when a translation is stale: the time of the first commit of the English file after
 * `translated`, or undefined when the English file changed only in the working tree.
 * @param {string} top @param {string} english  absolute path @param {number} translated  seconds
 */
export function staleSince(top, english, translated) {
  const later = git(top, ['log', '--format=%ct', '--', relative(top, english)])
    .split('\n')
    .filter(Boolean)
    .map(Number)
    .filter((time) => time > translated);
  return later.length ? Math.min(...later) : undefined;
}

/**
 * The English file's changes since the translation's last commit (to the working tree), as diff
 * lines without git's file headers; empty when the translation was never committed.
 * @param {string} top @param {string} english @param {string} translation  absolute paths
 */
export function englishDiffSince(top, english, translation) {
  const commit = git(top, ['log', '-1', '--format=%H', '--', relative(top, translation)]).trim();
  if (!commit) return [];
  return git(top, ['diff', '--no-color', '--unified=1', commit, '--', relative(top, english)])
    .split('\n')
    .filter((line) => line && !/^(diff --git|index |--- |\+\+\+ |new file|deleted file)/.test(line));
}
