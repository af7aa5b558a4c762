// The player page's history as the console's routes, services and views share it: the filters a page
// takes and the page it answers. Neutral, so views need not import a service.

/** The kinds of history item the player page filters by, and the item types each covers. */
export const HISTORY_KINDS = {
  deposits: ['deposit'],
  withdrawals: ['withdrawal'],
  rounds: ['game'],
  bonuses: ['bonus', 'referral'],
  adjustments: ['adjustment'],
} as const;
export type HistoryKind = keyof typeof HISTORY_KINDS;

/** A page of the player's history: the filters, and where it starts (a history item id). */
export interface HistoryQuery {
  kind: HistoryKind | '';
  /** [start, end) instants of the chosen UTC days; null where open. */
  start: string | null;
  end: string | null;
  /** A game's id (rounds only), or ''. */
  game: string;
  /** Older than this item (the "Older" link), or newer than it ("Newer"); neither: the newest page. */
  before: number | null;
  after: number | null;
}

export interface HistoryRow {
  id: number;
  created_at: Date;
  type: string;
  template: string;
  params: Record<string, string>;
  amount: string;
  status: string;
  /** A settled round of our own games or of a provider (services/round-void.ts). */
  voidable: boolean;
}

export interface HistoryPage {
  rows: HistoryRow[];
  /** The first item of an older page (this page's last row), when there is one; likewise newer. */
  older: number | null;
  newer: number | null;
}

export const HISTORY_PAGE = 50;
