// The few scripts that must run before first paint, so they cannot be bundled modules.
// They are inlined verbatim and their SHA-256 hashes go into Astro's CSP (see csp-hashes.mjs),
// which keeps 'unsafe-inline' out of script-src. They are plain strings, never functions, so
// no bundler can rewrite them and break the hash.
import { LOCALES } from '#core/i18n/locales.ts';
import { isCrossOrigin, localeCookieAttributes } from '../locale-cookie.ts';

/** Applies the stored colour mode before first paint and exposes `window.__colorMode`. */
export const themeScript = `(function () {
  var root = document.documentElement;
  var media = window.matchMedia('(prefers-color-scheme: dark)');
  function stored() {
    try {
      var value = localStorage.getItem('color-mode');
      return value === 'light' || value === 'dark' ? value : 'system';
    } catch (e) {
      return 'system';
    }
  }
  function apply(preference) {
    var forced = root.getAttribute('data-force-color-mode');
    var mode = preference;
    if (forced === 'light' || forced === 'dark') mode = forced;
    else if (forced === 'system')
      console.warn(
        '[color-mode] A page cannot force "system"; the stored preference "' + preference + '" is used instead.'
      );
    var dark = mode === 'dark' || (mode === 'system' && media.matches);
    root.classList.toggle('p-dark', dark);
    root.setAttribute('data-color-mode', preference);
  }
  window.__colorMode = { stored: stored, apply: apply };
  apply(stored());
})();`;

const cookieAttributes = localeCookieAttributes(isCrossOrigin(process.env.PUBLIC_COOKIE_CROSS_ORIGIN));

/** On the unprefixed root only: sends a visitor to the locale of their cookie or browser. */
export const localeRedirectScript = `(function () {
  var locales = __LOCALES__;
  var match = document.cookie.match(/(?:^|; )i18n_redirected=([^;]*)/);
  var target = match ? decodeURIComponent(match[1]) : '';
  if (!target) {
    var wanted = navigator.languages && navigator.languages.length ? navigator.languages : [navigator.language || ''];
    for (var i = 0; i < wanted.length && !target; i++) {
      var base = String(wanted[i]).toLowerCase().split('-')[0];
      if (base === 'fil') base = 'tl';
      if (locales.indexOf(base) > -1) target = base;
    }
    target = target || 'en';
    document.cookie = 'i18n_redirected=' + target + __COOKIE_ATTRIBUTES__;
  }
  if (target !== 'en' && locales.indexOf(target) > -1) {
    document.documentElement.hidden = true;
    location.replace('/' + target + '/' + location.search + location.hash);
  }
})();`
  .replace('__LOCALES__', JSON.stringify(LOCALES))
  .replace('__COOKIE_ATTRIBUTES__', JSON.stringify(cookieAttributes));

/**
 * Marks the page signed in or out from the `auth_token` cookie before first paint, so the header
 * never flashes the wrong buttons. On /play?game=crash it marks the page for the shared crash
 * room, whose space is then kept from the first paint (CrashRoom.astro). On exactly `/profile`
 * (any locale) without the cookie it sends the visitor to that locale's home page before anything
 * paints.
 */
export const sessionScript = `(function () {
  var root = document.documentElement;
  var signedIn = /(?:^|; )auth_token=[0-9a-fA-F]{40}(?:;|$)/.test(document.cookie);
  root.setAttribute('data-session', signedIn ? 'in' : 'out');
  if (/[?&]game=crash(?:&|$)/.test(location.search)) root.setAttribute('data-play-game', 'crash');
  var profile = location.pathname.match(/^\\/(?:(__LOCALE_PATTERN__)\\/)?profile(?:\\.html)?\\/?$/);
  if (profile && !signedIn) {
    root.hidden = true;
    location.replace(profile[1] ? '/' + profile[1] + '/' : '/');
  }
})();`.replace('__LOCALE_PATTERN__', LOCALES.filter((locale) => locale !== 'en').join('|'));
