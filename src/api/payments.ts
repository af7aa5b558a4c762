import {
  API_PATHS,
  type CreatePaymentRequest,
  type Payment,
  type Withdrawal,
  type WithdrawalRequest,
} from '../../core/api/contract';
import { apiClient } from './instance';

/** `idempotencyKey`: one per form submission, so a double click or a retry acts once. */
export const createPayment = (body: CreatePaymentRequest, idempotencyKey: string, client = apiClient()) =>
  client<Payment>(API_PATHS.createPayment, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });

export const requestWithdrawal = (body: WithdrawalRequest, idempotencyKey: string, client = apiClient()) =>
  client<Withdrawal>(API_PATHS.withdrawal, { method: 'POST', body, headers: { 'Idempotency-Key': idempotencyKey } });
