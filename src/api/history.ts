import { API_PATHS, type HistoryQuery, type Paginated, type Transaction } from './contract';
import { apiClient } from './instance';

export const getHistory = (query: HistoryQuery = {}, client = apiClient()) =>
  client<Paginated<Transaction>>(API_PATHS.history, { query: Object.fromEntries(Object.entries(query).filter(([, value]) => value !== undefined && value !== '')) });
