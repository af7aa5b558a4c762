import type { Page } from '@playwright/test';
export declare const JS_BUDGET_KB: { public: number; profile: number };
export declare function measurePageJs(
  page: Page,
  url: string,
): Promise<{ html: Buffer; scripts: number; jsGzip: number; react: boolean }>;
