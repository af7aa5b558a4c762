import { afterEach, describe, expect, it, vi } from 'vitest';
import { cleanStores } from 'nanostores';
import type { User } from '../../../core/api/contract';
import { followLiveBalance, type LiveSource } from '../../../src/stores/live-balance';
import { $liveState, $playerStream, onLiveEvent } from '../../../src/stores/live-events';
import { $token, $user } from '../../../src/stores/session';

class FakeSource implements LiveSource {
  onerror: ((event: Event) => void) | null = null;
  closed = false;
  private readonly listeners = new Map<string, (event: MessageEvent<string>) => void>();
  readonly ticket: string;
  readonly lastEventId: string | undefined;
  constructor(ticket: string, lastEventId: string | undefined) {
    this.ticket = ticket;
    this.lastEventId = lastEventId;
  }
  addEventListener(name: string, listener: (event: MessageEvent<string>) => void) {
    this.listeners.set(name, listener);
  }
  close() {
    this.closed = true;
  }
  balance(id: string, balance: string) {
    const data = JSON.stringify({ balance, bonus_balance: '1.00', currency: 'EUR' });
    this.emit('balance', id, data);
  }
  emit(name: string, id: string, data: string) {
    this.listeners.get(name)?.(new MessageEvent(name, { data, lastEventId: id }));
  }
}

const USER = { username: 'amber', balance: '10.00', bonus_balance: '0.00', currency: 'EUR' } as User;

afterEach(() => {
  vi.useRealTimers();
  cleanStores($user, $token, $liveState, $playerStream);
});

describe('the live balance', () => {
  it('sets the balance of each event, and reconnects with a new ticket after the last event id', async () => {
    vi.useFakeTimers();
    $token.set('a'.repeat(40));
    $user.set(USER);
    const sources: FakeSource[] = [];
    let issued = 0;
    const stop = followLiveBalance({
      ticket: async () => `ticket-${++issued}`,
      open: (ticket, lastEventId) => {
        sources.push(new FakeSource(ticket, lastEventId));
        return sources.at(-1)!;
      },
      retryMs: 3000,
    });
    await vi.advanceTimersByTimeAsync(0);
    expect(sources.map((s) => [s.ticket, s.lastEventId])).toEqual([['ticket-1', undefined]]);
    sources[0]!.balance('41', '8.00');
    expect($user.get()).toMatchObject({ username: 'amber', balance: '8.00', bonus_balance: '1.00' });

    sources[0]!.onerror!(new Event('error'));
    expect(sources[0]!.closed).toBe(true);
    await vi.advanceTimersByTimeAsync(2999);
    expect(sources).toHaveLength(1);
    await vi.advanceTimersByTimeAsync(1);
    expect(sources.map((s) => [s.ticket, s.lastEventId])).toEqual([
      ['ticket-1', undefined],
      ['ticket-2', '41'],
    ]);
    stop();
    expect(sources[1]!.closed).toBe(true);
  });

  it('stops when the token goes, and when a ticket is refused', async () => {
    $token.set('b'.repeat(40));
    const sources: FakeSource[] = [];
    followLiveBalance({
      ticket: async () => 't',
      open: (t, id) => sources.at(sources.push(new FakeSource(t, id)) - 1)!,
    });
    await Promise.resolve();
    await Promise.resolve();
    $token.set(null);
    expect(sources[0]!.closed).toBe(true);

    let asked = 0;
    followLiveBalance({
      ticket: async () => {
        asked += 1;
        throw new Error('401');
      },
      open: () => {
        throw new Error('never opened');
      },
    });
    await Promise.resolve();
    expect(asked).toBe(1);
  });

  it('hands the page the other events of the same stream, resuming after them, and says when it is down', async () => {
    vi.useFakeTimers();
    $token.set('c'.repeat(40));
    const sources: FakeSource[] = [];
    const heard: [string, unknown][] = [];
    const unlisten = onLiveEvent((name, data) => heard.push([name, data]));
    const stop = followLiveBalance({
      ticket: async () => 't',
      open: (t, id) => sources.at(sources.push(new FakeSource(t, id)) - 1)!,
    });
    expect($playerStream.get()).toBe('on');
    await vi.advanceTimersByTimeAsync(0);
    sources[0]!.emit('open', '', '');
    expect($liveState.get()).toBe('open');
    sources[0]!.emit('bet', '7', '{"round":"r1"}');
    sources[0]!.emit('notification', '8', '{"id":3}');
    sources[0]!.emit('withdrawal', '9', '{"id":4,"status":"completed"}');
    sources[0]!.emit('decision', '10', '{"kind":"limit"}');
    expect(heard).toEqual([
      ['bet', { round: 'r1' }],
      ['notification', { id: 3 }],
      ['withdrawal', { id: 4, status: 'completed' }],
      ['decision', { kind: 'limit' }],
    ]);
    sources[0]!.onerror!(new Event('error'));
    expect($liveState.get()).toBe('reconnecting');
    await vi.advanceTimersByTimeAsync(3000);
    expect(sources[1]!.lastEventId).toBe('10');
    stop();
    unlisten();
    expect($playerStream.get()).toBe('ended');
  });
});
