import { createHash } from 'node:crypto';

/**
 * What is wrong with a page's `<meta>` CSP: missing, allowing 'unsafe-inline', or not hashing
 * an inline script (or hashing it after the script already ran). Empty when the page is fine.
 * A CDN that rewrites HTML (minifiers, injected scripts) shows up here.
 */
export function cspProblems(html: string): string[] {
  const csp = /<meta http-equiv="content-security-policy" content="([^"]+)"/.exec(html)?.[1];
  if (!csp) return ['no <meta http-equiv="content-security-policy">'];
  const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1];
  if (!scriptSrc) return ['the CSP has no script-src'];
  const problems = scriptSrc.includes('unsafe-inline') ? ["script-src allows 'unsafe-inline'"] : [];
  const cspAt = html.indexOf('http-equiv="content-security-policy"');
  for (const match of html.matchAll(/<script(?![^>]*\bsrc=)[^>]*>([\s\S]*?)<\/script>/g)) {
    const hash = createHash('sha256').update(match[1]!).digest('base64');
    const start = JSON.stringify(match[1]!.slice(0, 50));
    if (!scriptSrc.includes(`'sha256-${hash}'`)) problems.push(`inline script not hashed: ${start}`);
    if (match.index < cspAt) problems.push(`inline script before the CSP meta: ${start}`);
  }
  return problems;
}
