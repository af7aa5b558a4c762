import { API_PATHS, type BonusStatus, type CashbackStatus, type OfferTerms, type User } from '../../core/api/contract';
import { apiClient } from './instance';

/** The active bonus and its wagering progress. */
export const getBonus = (client = apiClient()) => client<BonusStatus>(API_PATHS.bonus);

/** Forfeits the active bonus; answers the updated user. */
export const cancelBonus = (client = apiClient()) => client<User>(API_PATHS.bonusCancel, { method: 'POST', body: {} });

/** The offers the player may take, with their computed terms (none without marketing consent). */
export const getOffers = (client = apiClient()) => client<OfferTerms[]>(API_PATHS.offers);

/** Takes an offer: it waits for the next deposit. */
export const acceptOffer = (id: number, client = apiClient()) =>
  client<void>(API_PATHS.offerAccept.replace(':id', String(id)), { method: 'POST', body: {} });

/** The player's cashback offers for their last whole period. */
export const getCashback = (client = apiClient()) => client<CashbackStatus[]>(API_PATHS.cashback);

/** Claims a cashback: paid as cash once; answers the offer, now paid. */
export const claimCashback = (id: number, client = apiClient()) =>
  client<CashbackStatus>(API_PATHS.cashbackClaim.replace(':id', String(id)), { method: 'POST', body: {} });
