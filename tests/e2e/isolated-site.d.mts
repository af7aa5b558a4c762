export declare const ISOLATED_SITE: string;
export declare const ISOLATED_SPECS: RegExp;
export declare const E2E_DATA_DIR: string;
export declare const E2E_ISOLATED_DATA_DIR: string;
