export declare const themeScript: string;
export declare const localeRedirectScript: string;
export declare const sessionScript: string;
