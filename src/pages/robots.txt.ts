import type { APIRoute } from 'astro';
import { LOCALES } from '../../core/i18n/locales.ts';
import { localizedPath } from '../../core/i18n/urls';

/** Account pages are private; every locale's copy of them is disallowed. */
export const GET: APIRoute = ({ site }) => {
  const disallowed = LOCALES.map((locale) => `Disallow: ${localizedPath('/profile', locale)}`);
  const body = ['User-agent: *', 'Allow: /', ...disallowed, '', `Sitemap: ${new URL('sitemap-index.xml', site)}`, ''];
  return new Response(body.join('\n'), { headers: { 'Content-Type': 'text/plain; charset=utf-8' } });
};
