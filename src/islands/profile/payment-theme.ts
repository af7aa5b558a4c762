/**
 * The payment page is served by the API, which cannot read the colour mode chosen on the site
 * (localStorage): tell it the mode this page shows, so the player is not flashed another one.
 */
export function withSiteTheme(redirectUrl: string): string {
  const url = new URL(redirectUrl, location.href);
  url.searchParams.set('theme', document.documentElement.classList.contains('p-dark') ? 'dark' : 'light');
  return url.href;
}
