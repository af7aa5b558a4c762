import type { FrameLocator, Page } from '@playwright/test';
import { expect } from '@playwright/test';
import type { Locale } from '../../core/i18n/locales.ts';

/** Launches a game for real money by keyboard at /play; answers the frame and its session id. */
export async function launchRealByKeyboard(page: Page, locale: Locale, gameId: string) {
  await page.goto(`${locale === 'en' ? '' : `/${locale}`}/play?game=${gameId}`);
  const launch = page.locator('[data-launch=real]');
  await expect(launch).toBeVisible();
  await launch.focus();
  await page.keyboard.press('Enter');
  const frame = page.frameLocator('[data-play-frame]');
  await frame.locator('form.bet').waitFor();
  const src = (await page.locator('[data-play-frame]').getAttribute('src'))!;
  return { frame, sessionId: new URL(src).pathname.split('/').pop()! };
}

/** Rotates the seeds in the page, then verifies the round from the revealed seed in its Verify panel. */
export async function verifyAfterRotation(frame: FrameLocator, roundId: string, clientSeed: string) {
  await frame.locator('input[name=client_seed]').fill(clientSeed);
  await frame.locator('input[name=client_seed]').press('Enter');
  await expect(frame.locator('[data-revealed]')).toBeVisible();
  await frame.locator(`tr[data-round-id="${roundId}"] button`).press('Enter');
  await expect(frame.locator('input[name=server_seed]')).not.toHaveValue('');
  await frame.locator('input[name=server_seed]').press('Enter');
  await expect(frame.locator('.verdict[data-result=match]')).toBeVisible();
}
