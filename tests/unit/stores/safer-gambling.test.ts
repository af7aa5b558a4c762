// /profile/responsible_gaming: the deposit and loss limit forms, the time-out and the self-exclusion.
import { describe, expect, it } from 'vitest';
import type {
  ResponsibleGaming,
  ResponsibleGamingUpdate,
  RgLimits,
  SelfExclusionRequest,
  TimeOutRequest,
} from '#core/api/contract.ts';
import { ApiError } from '../../../src/api/errors';
import { createRgBlockForm } from '../../../src/stores/rg-block';
import { createRgLimitsForm } from '../../../src/stores/rg-limits';
import { recordedCall, translators } from './form-fixtures';

const { t } = translators;
const limits: RgLimits = {
  day: { amount: '50.00', used: '0.00', remaining: '50.00', pending: null },
  week: { amount: '200.00', used: '0.00', remaining: '200.00', pending: { amount: '300.00', effective_at: 'x' } },
  month: null,
} as RgLimits;
const answer = { deposit_limits: limits } as ResponsibleGaming;

function limitsForm(locale: 'en' | 'de', ...answers: (ResponsibleGaming | Error)[]) {
  const update = recordedCall<[ResponsibleGamingUpdate], ResponsibleGaming>(...answers);
  const saved: ResponsibleGaming[] = [];
  const store = createRgLimitsForm({
    kind: 'deposit_limits',
    limits,
    locale,
    t,
    update: update.call,
    saved: (data) => saved.push(data),
  });
  return { store, update, saved };
}

describe('limits form store', () => {
  it('starts each field at the pending change, else the limit, in the language’s decimal form', () => {
    expect(limitsForm('de').store.$values.get()).toEqual({ day: '50,00', week: '300,00', month: '' });
  });

  it('sends only the periods changed, an emptied one as null (removal), in the API form', async () => {
    const { store, update, saved } = limitsForm('de', answer);
    store.type('day', '');
    store.type('month', '1.000,50');
    expect(await store.submit()).toBe(true);
    expect(update.calls).toEqual([[{ deposit_limits: { day: null, month: '1000.50' } }]]);
    expect(saved).toEqual([answer]);
    expect(store.$state.get()).toBe('done');
  });

  it('puts the server’s "deposit_limits.day" errors on that field and saves nothing', async () => {
    const refusal = new ApiError(400, { 'deposit_limits.day': ['Enter an amount.'] });
    const { store, saved } = limitsForm('en', refusal);
    store.type('day', 'lots');
    expect(await store.submit()).toBe(false);
    expect(store.$errors.get()).toEqual({ 'deposit_limits.day': ['Enter an amount.'] });
    expect(saved).toEqual([]);
  });
});

function blockForm(kind: 'time_out' | 'self_exclusion', ...answers: Error[]) {
  const timeOut = recordedCall<[TimeOutRequest], { time_out_until: string }>(...answers, {
    time_out_until: '2026-01-02T00:00:00.000Z',
  });
  const exclusion = recordedCall<[SelfExclusionRequest], { self_excluded_until: string }>(...answers, {
    self_excluded_until: '2026-07-01T00:00:00.000Z',
  });
  let forgotten = 0;
  const store = createRgBlockForm({
    kind,
    t,
    startTimeOut: timeOut.call,
    startSelfExclusion: exclusion.call,
    forgetPlayer: () => void forgotten++,
  });
  return { store, timeOut, exclusion, forgotten: () => forgotten };
}

describe('time-out and self-exclusion form store', () => {
  it('a time-out starts with the shortest period; success forgets the player and says until when', async () => {
    const { store, timeOut, exclusion, forgotten } = blockForm('time_out');
    expect(store.$period.get()).toBe('24h');
    store.$password.set('secret pw');
    expect(await store.submit()).toBe(true);
    expect(timeOut.calls).toEqual([[{ period: '24h', password: 'secret pw' }]]);
    expect(exclusion.calls).toEqual([]);
    expect([store.$until.get(), forgotten()]).toEqual(['2026-01-02T00:00:00.000Z', 1]);
  });

  it('a wrong password keeps the player signed in, with the error on the field', async () => {
    const { store, forgotten } = blockForm('self_exclusion', new ApiError(400, { password: ['Wrong password.'] }));
    store.$period.set('1y');
    store.$password.set('nope');
    store.$confirm.set(true);
    expect(await store.submit()).toBe(false);
    expect(store.$errors.get()).toEqual({ password: ['Wrong password.'] });
    expect([store.$until.get(), forgotten()]).toEqual([undefined, 0]);
  });

  it('a self-exclusion sends its period, the password and the confirmation', async () => {
    const { store, exclusion } = blockForm('self_exclusion');
    expect(store.$period.get()).toBe('6m');
    store.$period.set('5y');
    store.$password.set('pw');
    store.$confirm.set(true);
    expect(await store.submit()).toBe(true);
    expect(exclusion.calls).toEqual([[{ period: '5y', password: 'pw', confirm: true }]]);
    expect(store.$until.get()).toBe('2026-07-01T00:00:00.000Z');
  });
});
