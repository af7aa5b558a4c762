import { atom } from 'nanostores';
import type {
  TwoFactorActivateResponse,
  TwoFactorConfirmResponse,
  TwoFactorDeactivateRequest,
} from '../../core/api/contract';
import { checkTwoFactorCode } from '../../core/api/two-factor-code';
import { hasProblems, requireText, type Problems } from '../../core/api/validation';
import type { Translate } from '../i18n/translator';
import { createFormStore, failureMessages } from './form';
import { problemMessages } from './form-errors';

export interface TwoFactorDeps {
  t: Translate<'profile'>;
  api: Translate<'api'>;
  activate: (currentPassword: string) => Promise<TwoFactorActivateResponse>;
  confirm: (code: string, currentPassword: string) => Promise<TwoFactorConfirmResponse>;
  deactivate: (body: TwoFactorDeactivateRequest) => Promise<void>;
}

/** What the screen says after a step that changed the status (a key of the profile set). */
export type TwoFactorNotice = 'security.turned_on' | 'security.turned_off';

/**
 * Two-factor sign-in's three steps: start (the password, answered with the key and QR code),
 * confirm (a first code, answered with the backup codes) and turn off (the password and a code).
 * Each checks its fields by the shared rules first.
 */
export function createTwoFactorFlow({ t, api, activate, confirm, deactivate }: TwoFactorDeps) {
  const $setup = atom<TwoFactorActivateResponse | undefined>();
  const $backupCodes = atom<string[] | undefined>();
  const $notice = atom<TwoFactorNotice | undefined>();
  // The start form's password, in memory only until the set-up is confirmed or cancelled:
  // turning two-factor on needs it twice, the player types it once.
  let password = '';
  const failure = failureMessages(t);
  const refused = (problems: Problems) => (hasProblems(problems) ? problemMessages(problems, api) : undefined);

  const start = createFormStore<{ current_password: string }>(async ({ current_password }) => {
    const problems: Problems = {};
    requireText(problems, 'current_password', current_password);
    if (hasProblems(problems)) return refused(problems);
    $notice.set(undefined);
    $setup.set(await activate(current_password));
    password = current_password;
  }, failure);

  function cancelSetup() {
    $setup.set(undefined);
    password = '';
  }

  const confirmSetup = createFormStore<{ code: string }>(async (input) => {
    const problems: Problems = {};
    const code = input.code.trim();
    checkTwoFactorCode(problems, 'code', code);
    if (hasProblems(problems)) return refused(problems);
    $backupCodes.set((await confirm(code, password)).backup_codes);
    cancelSetup();
    $notice.set('security.turned_on');
  }, failure);

  const turnOff = createFormStore<TwoFactorDeactivateRequest>(async (input) => {
    const problems: Problems = {};
    const code = input.code.trim();
    requireText(problems, 'current_password', input.current_password);
    checkTwoFactorCode(problems, 'code', code);
    if (hasProblems(problems)) return refused(problems);
    await deactivate({ current_password: input.current_password, code });
    $backupCodes.set(undefined);
    $notice.set('security.turned_off');
  }, failure);

  return {
    $setup,
    $backupCodes,
    $notice,
    start,
    confirm: confirmSetup,
    turnOff,
    cancelSetup,
    /** The player has put the backup codes away: they leave the screen. */
    backupCodesKept: () => $backupCodes.set(undefined),
  };
}
