import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { useTestApi } from './harness.ts';

const ctx = useTestApi();

/** Every <style> of the page must be allowed by a hash in its CSP, or the browser drops it. */
function stylesAllowed(html: string, csp: string) {
  const styles = [...html.matchAll(/<style>([\s\S]*?)<\/style>/g)].map((match) => match[1]!);
  return (
    styles.length > 0 &&
    styles.every((css) => csp.includes(`'sha256-${createHash('sha256').update(css).digest('base64')}'`))
  );
}

describe('the demo payment page follows the colour mode the site asks for', () => {
  it.each([
    ['dark', 'dark', true],
    ['light', 'light', false],
    ['', 'light dark', true],
    ['%3Cscript%3E', 'light dark', true],
  ])('theme=%s → color-scheme %s', async (theme, scheme, hasDarkRules) => {
    const player = await ctx.api.player();
    const created = await ctx.api.request('POST', '/api/user/payments/create-payment', {
      token: player.token,
      body: { amount: '20', method: 'card' },
    });
    const path = new URL(created.body.redirect_url).pathname;
    const page = await ctx.api.request('GET', theme ? `${path}?theme=${theme}` : path);
    expect(page.status).toBe(200);
    const html = String(page.body);
    const csp = page.headers.get('content-security-policy')!;
    expect(html).toContain(`<meta name="color-scheme" content="${scheme}">`);
    expect(html.includes('background:#17130c')).toBe(hasDarkRules);
    // Dark rules only inside the media query when the page follows the system.
    expect(html.includes('@media (prefers-color-scheme:dark)')).toBe(scheme === 'light dark');
    expect(stylesAllowed(html, csp)).toBe(true);
    expect(csp).not.toContain('unsafe-inline');
    expect(html).not.toContain('<script');
  });
});
