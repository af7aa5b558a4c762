export declare const ISOLATED_SITE: string;
export declare const ISOLATED_SPECS: RegExp;
