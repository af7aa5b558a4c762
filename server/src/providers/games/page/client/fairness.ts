// The provably fair panel (commitment, client seed, nonce, rotation), the rounds table and the
// Verify panel, which recomputes a round in the browser with WebCrypto from the revealed seed.
import type { FairnessState, RoundView } from '#core/games/protocol.ts';
import { hashServerSeed } from '#core/games/fairness.ts';
import { recomputeRound } from '#core/games/verify.ts';
import type { ProviderApi } from './api.ts';
import { field, h } from './dom.ts';
import { describe, type Ctx } from './mechanic.ts';

const CLIENT_SEED = /^[A-Za-z0-9_-]{1,64}$/;

export function fairnessPanels(
  ctx: Ctx,
  api: ProviderApi,
  initial: FairnessState,
  rounds: RoundView[],
  onError: (error: unknown) => void,
) {
  const { t } = ctx;
  let fairness = initial;

  // Commitment and client seed.
  const hash = h('code', { class: 'seed' });
  // The commitment to the server seed a change of seeds makes active: shown before the player picks
  // the client seed it will be played with, so the server cannot pick its seed after seeing theirs.
  const nextHash = h('code', { class: 'seed', 'data-next-server-hash': true });
  const nonce = h('span');
  const seedInput = h('input', {
    type: 'text',
    name: 'client_seed',
    maxlength: '64',
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const rotateStatus = h('p', { role: 'status', class: 'hint' });
  const revealed = h('dl', { class: 'facts', hidden: true, 'data-revealed': true });
  const rotate = h('button', { type: 'submit', class: 'secondary' }, t('fairness.rotate'));
  const seedForm = h(
    'form',
    { class: 'inline-form', novalidate: true },
    field(t('fairness.client_seed'), seedInput),
    rotate,
  );
  const showFairness = () => {
    hash.textContent = fairness.server_seed_hash;
    nextHash.textContent = fairness.next_server_seed_hash ?? '';
    nonce.textContent = String(fairness.nonce);
    seedInput.value = fairness.client_seed;
  };
  seedForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    seedInput.removeAttribute('aria-invalid');
    if (!CLIENT_SEED.test(seedInput.value)) {
      seedInput.setAttribute('aria-invalid', 'true');
      rotateStatus.textContent = t('errors.client_seed');
      return seedInput.focus();
    }
    rotate.disabled = true;
    try {
      const result = await api.rotate(seedInput.value);
      for (const round of rounds)
        if (round.server_seed_hash === result.revealed.server_seed_hash)
          round.server_seed = result.revealed.server_seed;
      fairness = result.fairness;
      showFairness();
      revealed.replaceChildren(
        h('dt', {}, t('fairness.revealed')),
        h('dd', {}, h('code', { class: 'seed' }, result.revealed.server_seed)),
        h('dt', {}, t('fairness.server_hash')),
        h('dd', {}, h('code', { class: 'seed' }, result.revealed.server_seed_hash)),
      );
      revealed.hidden = false;
      rotateStatus.textContent = t('fairness.rotated');
      renderRounds();
    } catch (error) {
      onError(error);
    } finally {
      rotate.disabled = false;
    }
  });
  showFairness();
  const fairnessSection = h(
    'section',
    { 'aria-labelledby': 'fair-title', class: 'panel' },
    h('h2', { id: 'fair-title', tabindex: '-1' }, t('fairness.title')),
    h('p', { class: 'hint' }, t('fairness.explainer')),
    h(
      'dl',
      { class: 'facts' },
      h('dt', {}, t('fairness.server_hash')),
      h('dd', {}, hash),
      h('dt', {}, t('fairness.next_server_hash')),
      h('dd', {}, nextHash),
      h('dt', {}, t('fairness.nonce')),
      h('dd', {}, nonce),
    ),
    seedForm,
    rotateStatus,
    revealed,
  );

  // Verify.
  const serverSeed = h('input', { type: 'text', name: 'server_seed', autocomplete: 'off', spellcheck: 'false' });
  const verifyClient = h('input', {
    type: 'text',
    name: 'verify_client_seed',
    autocomplete: 'off',
    spellcheck: 'false',
  });
  const verifyNonce = h('input', { type: 'number', name: 'nonce', min: '1', step: '1', inputmode: 'numeric' });
  const verdict = h('p', { role: 'status', class: 'verdict' }, t('verify.pick'));
  const check = h('button', { type: 'submit', class: 'secondary' }, t('verify.check'));
  const verifyForm = h(
    'form',
    { novalidate: true },
    field(t('verify.server_seed'), serverSeed),
    field(t('verify.client_seed'), verifyClient),
    field(t('verify.nonce'), verifyNonce),
    check,
  );
  let chosen: RoundView | undefined;
  verifyForm.addEventListener('submit', async (event) => {
    event.preventDefault();
    if (!chosen) return void (verdict.textContent = t('verify.pick'));
    const round = chosen;
    verdict.dataset.result = '';
    try {
      if ((await hashServerSeed(serverSeed.value.trim())) !== round.server_seed_hash) {
        verdict.dataset.result = 'mismatch';
        return void (verdict.textContent = t('verify.hash_mismatch'));
      }
      const pair = {
        serverSeed: serverSeed.value.trim(),
        clientSeed: verifyClient.value,
        nonce: Number(verifyNonce.value),
      };
      const result = await recomputeRound(pair, round);
      const match = result.match;
      verdict.dataset.result = match ? 'match' : 'mismatch';
      verdict.textContent = match
        ? t('verify.match', { result: describe(result.outcome, ctx), win: ctx.money(result.win) })
        : t('verify.mismatch', { result: describe(result.outcome, ctx) });
    } catch {
      // Not hex, or not a seed at all: it cannot be the published one.
      verdict.dataset.result = 'mismatch';
      verdict.textContent = t('verify.hash_mismatch');
    }
  });
  const verifySection = h(
    'section',
    { 'aria-labelledby': 'verify-title', class: 'panel' },
    h('h2', { id: 'verify-title', tabindex: '-1' }, t('verify.title')),
    h('p', { class: 'hint' }, t('verify.explainer')),
    verifyForm,
    verdict,
  );
  const pick = (round: RoundView) => {
    chosen = round;
    serverSeed.value = round.server_seed ?? '';
    verifyClient.value = round.client_seed;
    verifyNonce.value = String(round.nonce);
    verdict.dataset.result = '';
    verdict.textContent = round.server_seed ? '' : t('verify.hidden');
    (round.server_seed ? check : verifySection.querySelector<HTMLElement>('h2')!).focus();
  };

  // Rounds.
  const body = h('tbody');
  const empty = h('p', { class: 'hint' }, t('rounds.empty'));
  const table = h(
    'table',
    { class: 'rounds' },
    h('caption', { class: 'visually-hidden' }, t('rounds.title')),
    h(
      'thead',
      {},
      h(
        'tr',
        {},
        ...['rounds.round', 'stake', 'rounds.result', 'rounds.win'].map((key) => h('th', { scope: 'col' }, t(key))),
        h('td'),
      ),
    ),
    body,
  );
  function renderRounds() {
    empty.hidden = rounds.length > 0;
    table.hidden = rounds.length === 0;
    body.replaceChildren(
      ...rounds.map((round) => {
        const verify = h('button', { type: 'button', class: 'link' }, t('rounds.verify', { nonce: round.nonce }));
        verify.addEventListener('click', () => pick(round));
        return h(
          'tr',
          { 'data-round-id': round.round_id },
          h('td', {}, String(round.nonce)),
          h('td', {}, ctx.money(round.stake)),
          h('td', {}, describe(round.outcome, ctx)),
          h('td', {}, ctx.money(round.win)),
          h('td', {}, verify),
        );
      }),
    );
  }
  renderRounds();
  const roundsSection = h(
    'section',
    { 'aria-labelledby': 'rounds-title', class: 'panel' },
    h('h2', { id: 'rounds-title' }, t('rounds.title')),
    empty,
    table,
  );

  return {
    sections: [roundsSection, fairnessSection, verifySection],
    /** A new round: first in the table, and the nonce moves on. */
    add(round: RoundView) {
      rounds.unshift(round);
      fairness = { ...fairness, nonce: round.nonce };
      showFairness();
      renderRounds();
    },
  };
}
