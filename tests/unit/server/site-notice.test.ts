import { describe, expect, it } from 'vitest';
import { loadConfig } from '#server/config/server-config.ts';
import { siteUrlNotice } from '#server/config/site-notice.ts';

describe('npm start: the SITE_URL in use', () => {
  it('names the default and says how to set another address', () => {
    const env = { PORT: '4321' };
    expect(siteUrlNotice(loadConfig(env))).toEqual([
      'Site address (SITE_URL): http://localhost:4321, the default (http://127.0.0.1:4321 works too)',
      'To open the site at another address (a LAN address or a domain), start with it: ' +
        'SITE_URL=http://192.168.1.20:4321 npm start',
    ]);
  });

  it('names a configured SITE_URL only', () => {
    const env = { SITE_URL: 'https://play.example', PORT: '8080' };
    expect(siteUrlNotice(loadConfig(env))).toEqual(['Site address (SITE_URL): https://play.example']);
  });
});
