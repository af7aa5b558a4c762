/** The id of the build this page belongs to, compared with `builds/latest.json`. */
declare const __BUILD_ID__: string;
/** The API's RSA-OAEP public key as base64 SPKI, or '' when the build had none. */
declare const __RSA_PUBLIC_KEY__: string;

interface ImportMetaEnv {
  /** Minutes between checks of `builds/latest.json` (default 60). */
  readonly PUBLIC_BUILD_CHECK_MINUTES?: string;
  /** `1` when the site and the API are on different origins. */
  readonly PUBLIC_COOKIE_CROSS_ORIGIN?: string;
  /** The API base address; defaults to the site's own origin. */
  readonly PUBLIC_API_BASE?: string;
  /** The game provider's origin when it is not the site's own (frame-src and message checks). */
  readonly PUBLIC_GAME_PROVIDER_ORIGIN?: string;
}

interface Window {
  /** Set by the inline theme script in the head, before first paint. */
  __colorMode: {
    stored(): 'system' | 'light' | 'dark';
    apply(preference: 'system' | 'light' | 'dark'): void;
  };
}
