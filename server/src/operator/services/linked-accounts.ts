import type { Queryable } from '../../db/database.ts';
import { possibleDuplicates } from './player-search.ts';
import type { LinkedAccount, LinkType } from '../risk-alert-model.ts';

/** Other accounts that uploaded an identity document file with the same SHA-256 as one of the player's. */
const sameDocument = (db: Queryable, userId: number) =>
  db.query<{ id: number; username: string; email: string }>(
    `SELECT DISTINCT u.id, u.username, u.email
     FROM identity_verifications mine_v
     JOIN identity_documents mine ON mine.verification_id = mine_v.id AND mine.sha256 IS NOT NULL
     JOIN identity_documents theirs ON theirs.sha256 = mine.sha256
     JOIN identity_verifications theirs_v ON theirs_v.id = theirs.verification_id
     JOIN users u ON u.id = theirs_v.user_id
     WHERE mine_v.user_id = $1 AND theirs_v.user_id <> $1
     ORDER BY u.username LIMIT 50`,
    [userId],
  );

/**
 * What two accounts may share, as a table, its column and which of its rows count (all, where
 * empty): the number staff read on an approved document (doc.shared_number), a browser's device id
 * (link.shared_device), the hash of a completed deposit's card or IBAN
 * (link.shared_payment_instrument). Constants only.
 */
const SHARED = {
  document_number: { table: 'identity_verifications', column: 'document_number', rows: '' },
  device: { table: 'risk_devices', column: 'device_id', rows: '' },
  instrument: { table: 'payments', column: 'instrument_hash', rows: "status = 'completed'" },
} as const;
type Shared = (typeof SHARED)[keyof typeof SHARED];

/** Other accounts sharing a value of one of `SHARED`'s columns with one of the player's rows. */
const sharing = (db: Queryable, userId: number, { table, column, rows }: Shared) =>
  db.query<{ id: number; username: string; email: string }>(
    `SELECT DISTINCT u.id, u.username, u.email
     FROM ${table} mine
     JOIN ${table} theirs ON theirs.${column} = mine.${column} AND theirs.user_id <> $1${rows && ` AND theirs.${rows}`}
     JOIN users u ON u.id = theirs.user_id
     WHERE mine.user_id = $1 AND mine.${column} IS NOT NULL${rows && ` AND mine.${rows}`}
     ORDER BY u.username LIMIT 50`,
    [userId],
  );

/**
 * The accounts linked to a player for the risk panel, strongest link first: the same identity
 * document file, the same document number, the same browser (device id), the same card or IBAN
 * on deposits, the same payout destination, then a shared network (a weak signal: a household,
 * an office or a provider's NAT share one). An account linked several ways is listed under each.
 */
export async function linkedAccounts(db: Queryable, userId: number): Promise<LinkedAccount[]> {
  const [documents, numbers, devices, instruments, others] = await Promise.all([
    sameDocument(db, userId),
    sharing(db, userId, SHARED.document_number),
    sharing(db, userId, SHARED.device),
    sharing(db, userId, SHARED.instrument),
    possibleDuplicates(db, userId),
  ]);
  const byLink = (link: LinkType) =>
    others.filter((row) => row.reason === link).map(({ id, username, email }) => ({ id, username, email, link }));
  return [
    ...documents.map((row) => ({ ...row, link: 'document' as const })),
    ...numbers.map((row) => ({ ...row, link: 'document_number' as const })),
    ...devices.map((row) => ({ ...row, link: 'device' as const })),
    ...instruments.map((row) => ({ ...row, link: 'instrument' as const })),
    ...byLink('destination'),
    ...byLink('address'),
  ];
}
