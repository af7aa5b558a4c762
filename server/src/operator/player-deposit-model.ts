/** One of the player's deposits as the player page lists it, with the provider's reference and any reversal. */
export interface PlayerDeposit {
  id: string;
  amount: string;
  method: string;
  status: string;
  provider_reference: string | null;
  created_at: Date | string;
  /** What a chargeback could take from the balance; null when the deposit was not reversed. */
  recovered: string | null;
  reversal_reason: string | null;
}
