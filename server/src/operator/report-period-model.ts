/** The console's report periods, shared by the period reading (routes) and the period picker (views). */
export const PERIODS = ['today', '7d', '30d', 'range'] as const;
export type Period = (typeof PERIODS)[number];
