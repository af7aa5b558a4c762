import { expect, test } from './fixtures';

test('the header balance follows a round played elsewhere, without a reload or polling', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const { token } = await signedInPlayer({ prefix: 'live', deposit: '10.00' });
  const calls: string[] = [];
  page.on('request', (req) => calls.push(`${req.method()} ${new URL(req.url()).pathname}`));
  // The header badge counts unread notifications once per page (two lists); on a busy machine those
  // may go out after the stream opens, so the page's own loading is over only once both have answered.
  const unreadCounted = Promise.all(
    ['own', 'mass'].map((mode) =>
      page.waitForResponse((res) => res.url().includes(`/api/user/notification?mode=${mode}`)),
    ),
  );
  await page.goto('/faq');
  const balance = page.locator('.site-header [data-session-balance]');
  await expect(balance).toHaveText('€10.00');
  await expect(page.locator('html[data-live-balance="open"]')).toHaveCount(1);
  await unreadCounted;
  const loads = calls.length;

  // Another tab (here the API itself) plays a real round: the stake leaves the wallet.
  const launched = await request.post('/gmnggate/api', {
    headers: { authorization: `Token ${token}` },
    data: { method: 'game_launch', game_id: 'dice', mode: 'real' },
  });
  const sessionId = (await launched.json()).session_id as string;
  const round = await request.post(`/demo-games/api/sessions/${sessionId}/rounds`, {
    // Over 50.49 pays exactly 2×, a bet that takes any stake.
    data: { bet: { type: 'dice', amount: '2.00', target: '50.49', direction: 'over' } },
  });
  const after = (await round.json()).balance as string;
  expect(['8.00', '12.00']).toContain(after);

  await expect(balance).toHaveText(`€${after}`);
  // Nothing was fetched for it: the stream carried the balance.
  expect(calls.slice(loads)).toEqual([]);
});
