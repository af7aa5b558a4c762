/**
 * Self-exclusion sends a confirmation mail in the player's language with the end
 * date, the returned amount and where it goes (or that there was nothing to return).
 */
import { describe, expect, it } from 'vitest';
import { manualClock } from '../../server/src/base/clock.ts';
import { useTestApi } from './harness.ts';
import { mailTo } from './operator-harness.ts';

const clock = manualClock(new Date('2026-03-10T15:00:00Z'));
const ctx = useTestApi({}, { clock });
const exclude = (player: { token: string; password: string }) =>
  ctx.api.request('POST', '/api/user/self-exclusion', {
    token: player.token,
    body: { period: '1y', confirm: true, password: player.password },
  });

describe('self-exclusion confirmation mail', () => {
  it("in the player's language: end date, the returned balance and its method", async () => {
    const player = await ctx.api.player({ balance: '42.50' });
    await ctx.api.request('POST', '/auth/token/login/', {
      body: { email: player.email, password: player.password },
      headers: { 'accept-language': 'fr' },
    });
    expect((await exclude(player)).status).toBe(200);
    const [mail] = (await mailTo(ctx.api, player.email)).filter(
      (each) => each.subject === 'Votre auto-exclusion d’AmberPlay a commencé',
    );
    expect(mail, 'the confirmation mail').toBeDefined();
    const paragraphs = mail!.text!.trim().split('\n\n');
    expect(paragraphs[1]).toBe(
      'Vous vous êtes exclu·e des jeux d’argent sur AmberPlay jusqu’au 10 mars 2027 à 15:00 UTC. D’ici là, ' +
        'vous ne pouvez ni vous connecter ni ouvrir un nouveau compte, et nous ne vous envoyons aucune ' +
        'offre. Vous avez été déconnecté·e sur tous vos appareils.',
    );
    expect(paragraphs[2]).toBe(
      'Votre solde de 42,50\u00a0€ vous est restitué par Virement bancaire, le moyen de votre dernier ' +
        'dépôt ; il figure dans votre historique comme retrait en attente jusqu’à son envoi.',
    );
  });

  it('says there is nothing to return for an empty balance', async () => {
    const player = await ctx.api.player();
    expect((await exclude(player)).status).toBe(200);
    const [mail] = (await mailTo(ctx.api, player.email)).filter(
      (each) => each.subject === 'Your AmberPlay self-exclusion has started',
    );
    expect(mail!.text!.trim().split('\n\n')[2]).toBe('Your balance was empty, so there is nothing to return.');
  });
});
