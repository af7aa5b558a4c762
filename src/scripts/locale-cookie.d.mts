export declare const LOCALE_COOKIE: 'i18n_redirected';
export declare function localeCookieAttributes(crossOrigin: boolean): string;
export declare function isCrossOrigin(value: string | undefined): boolean;
