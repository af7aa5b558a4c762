/** The player page's lifetime figures (decimal strings), shared by the service that reads them and the views. */
export interface LifetimeFigures {
  deposits: string;
  withdrawals: string;
  net: string;
  ggr: string;
  bonus_cost: string;
}
