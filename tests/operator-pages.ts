/** The operator console's main pages, which the API and the browser tests both visit (no test framework here). */
export const CONSOLE_PAGES = [
  '/operator',
  '/operator/withdrawals',
  '/operator/verifications',
  '/operator/players',
  '/operator/news',
  '/operator/audit',
];
