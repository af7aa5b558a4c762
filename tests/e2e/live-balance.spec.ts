import { expect, test } from './fixtures';
import { playDiceRound } from './helpers';

test('the header balance follows a round played elsewhere, without a reload or polling', async ({
  page,
  request,
  signedInPlayer,
}) => {
  const { token } = await signedInPlayer({ prefix: 'live', deposit: '10.00' });
  const calls: string[] = [];
  // The API's calls only: the site's own files (the build's metadata, loaded a second after start) are not polling.
  page.on('request', (req) => {
    const path = new URL(req.url()).pathname;
    if (/^\/(api|auth)\//.test(path)) calls.push(`${req.method()} ${path}`);
  });
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
  const { balance: after } = await playDiceRound(request, token);
  expect(['8.00', '12.00']).toContain(after);

  await expect(balance).toHaveText(`€${after}`);
  // Nothing was fetched for it: the stream carried the balance.
  expect(calls.slice(loads)).toEqual([]);
});
