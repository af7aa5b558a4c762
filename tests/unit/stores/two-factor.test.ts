import { describe, expect, it } from 'vitest';
import type {
  TwoFactorActivateResponse,
  TwoFactorConfirmResponse,
  TwoFactorDeactivateRequest,
} from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { createTwoFactorFlow } from '../../../src/stores/two-factor';
import { recordedCall, translators } from './form-fixtures';

const { t, api } = translators;
const setupAnswer: TwoFactorActivateResponse = { otpauth_url: 'otpauth://totp/x', secret: 'ABCD', qr_svg: '<svg/>' };

function setup({ confirmAnswers = [{ backup_codes: ['c1', 'c2'] }] as (TwoFactorConfirmResponse | Error)[] } = {}) {
  const activate = recordedCall<[string], TwoFactorActivateResponse>(setupAnswer);
  const confirm = recordedCall<[string, string], TwoFactorConfirmResponse>(...confirmAnswers);
  const deactivate = recordedCall<[TwoFactorDeactivateRequest], void>(undefined);
  const flow = createTwoFactorFlow({
    t,
    api,
    activate: activate.call,
    confirm: confirm.call,
    deactivate: deactivate.call,
  });
  return { flow, activate, confirm, deactivate };
}

describe('two-factor flow store', () => {
  it('turning on: the password once, then a code; the backup codes show and the password is forgotten', async () => {
    const { flow, activate, confirm } = setup({
      confirmAnswers: [new ApiError(400, { code: ['Wrong code.'] }), { backup_codes: ['c1', 'c2'] }],
    });
    expect(await flow.start.submit({ current_password: 'pw 1' })).toBe(true);
    expect(flow.$setup.get()).toEqual(setupAnswer);
    expect(await flow.confirm.submit({ code: ' 123456 ' })).toBe(false);
    expect(flow.confirm.$errors.get()).toEqual({ code: ['Wrong code.'] });
    expect(flow.$setup.get()).toEqual(setupAnswer);
    expect(await flow.confirm.submit({ code: '654321' })).toBe(true);
    expect(activate.calls).toEqual([['pw 1']]);
    expect(confirm.calls).toEqual([
      ['123456', 'pw 1'],
      ['654321', 'pw 1'],
    ]);
    expect([flow.$setup.get(), flow.$backupCodes.get(), flow.$notice.get()]).toEqual([
      undefined,
      ['c1', 'c2'],
      'security.turned_on',
    ]);
    flow.backupCodesKept();
    expect(flow.$backupCodes.get()).toBeUndefined();
  });

  it('cancelling the set-up forgets the password: a later confirm sends none', async () => {
    const { flow, confirm } = setup();
    await flow.start.submit({ current_password: 'pw 1' });
    flow.cancelSetup();
    expect(flow.$setup.get()).toBeUndefined();
    await flow.confirm.submit({ code: '123456' });
    expect(confirm.calls).toEqual([['123456', '']]);
  });

  it('checks the fields by the shared rules before any call', async () => {
    const { flow, activate, confirm, deactivate } = setup();
    await flow.start.submit({ current_password: '' });
    expect(flow.start.$errors.get()).toEqual({ current_password: [api('errors.required')] });
    await flow.confirm.submit({ code: '12<3' });
    expect(flow.confirm.$errors.get()).toEqual({ code: [api('two_factor.code_format')] });
    await flow.turnOff.submit({ current_password: '', code: '1'.repeat(21) });
    expect(flow.turnOff.$errors.get()).toEqual({
      current_password: [api('errors.required')],
      code: [api('errors.too_long', { max: 20 })],
    });
    expect([activate.calls, confirm.calls, deactivate.calls]).toEqual([[], [], []]);
  });

  it('turning off sends the password and the trimmed code, then says so', async () => {
    const { flow, deactivate } = setup();
    expect(await flow.turnOff.submit({ current_password: 'pw', code: ' abcd-efgh ' })).toBe(true);
    expect(deactivate.calls).toEqual([[{ current_password: 'pw', code: 'abcd-efgh' }]]);
    expect(flow.$notice.get()).toBe('security.turned_off');
    expect(t(flow.$notice.get()!)).toBe(t('security.turned_off'));
  });
});
