// @vitest-environment happy-dom
/**
 * Issue 38, item 11: the fairness panel shows the committed hash of the next server seed before the
 * player picks a client seed (the server seed that seed will be played with is fixed beforehand),
 * and the following commitment once the seeds are changed.
 */
import { describe, expect, it, vi } from 'vitest';
import { fairnessPanels } from '#server/providers/games/page/client/fairness.ts';
import { translator } from '#server/providers/games/page/client/dom.ts';
import type { ProviderApi } from '#server/providers/games/page/client/api.ts';
import en from '../../../locales/en/games.json';

const ctx = { t: translator(en), money: (a: string) => a, intl: 'en-US', gameId: 'dice', minBet: '0.10' };
const first = { server_seed_hash: 'a'.repeat(64), next_server_seed_hash: 'b'.repeat(64), client_seed: 'x', nonce: 0 };

describe('the fairness panel', () => {
  it('shows the next server seed’s hash next to the current one, and the following one after a change', async () => {
    const api = {
      rotate: async (clientSeed: string) => ({
        revealed: { server_seed: 'c'.repeat(64), server_seed_hash: 'a'.repeat(64), client_seed: 'x', nonce: 0 },
        fairness: {
          server_seed_hash: 'b'.repeat(64),
          next_server_seed_hash: 'd'.repeat(64),
          client_seed: clientSeed,
          nonce: 0,
        },
      }),
    } as unknown as ProviderApi;
    const { sections } = fairnessPanels(ctx, api, first, [], (error) => {
      throw error;
    });
    const panel = sections[1]!;
    document.body.append(panel);
    const next = () => panel.querySelector('[data-next-server-hash]')!;
    expect(next().textContent).toBe('b'.repeat(64));
    // Labelled as the next seed's, beside the current commitment.
    expect(next().parentElement!.previousElementSibling!.textContent).toBe(en.fairness.next_server_hash);
    panel.querySelector<HTMLInputElement>('input[name=client_seed]')!.value = 'mine';
    panel.querySelector('form')!.dispatchEvent(new Event('submit', { cancelable: true }));
    await vi.waitFor(() => expect(next().textContent).toBe('d'.repeat(64)));
  });
});
