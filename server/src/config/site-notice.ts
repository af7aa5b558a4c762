import type { ServerConfig } from './server-config.ts';

/**
 * What `npm start` prints under its banner: the SITE_URL in use (mail links and the payment
 * page's way back use it) and how to set it when the site is opened at another address.
 */
export function siteUrlNotice(config: Pick<ServerConfig, 'siteUrl' | 'siteUrlSet'>): string[] {
  if (config.siteUrlSet) return [`Site address (SITE_URL): ${config.siteUrl}`];
  const url = new URL(config.siteUrl);
  const loopback = url.hostname === 'localhost' ? ` (http://127.0.0.1:${url.port || 80} works too)` : '';
  return [
    `Site address (SITE_URL): ${config.siteUrl}, the default${loopback}`,
    `To open the site at another address (a LAN address or a domain), start with it: ` +
      `SITE_URL=http://192.168.1.20:${url.port || 80} npm start`,
  ];
}
