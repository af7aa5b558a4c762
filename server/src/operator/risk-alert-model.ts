import type { Severity } from '../config/risk-config.ts';
import type { InteractionKind } from '../services/account-admin.ts';

/**
 * The risk alerts' shapes and choices, shared by the console's routes, services and views (so the
 * views never reach into a service for them).
 */
export const ALERT_STATES = ['open', 'assigned', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
export const SEVERITIES: readonly Severity[] = ['high', 'medium', 'low'];
export const OUTCOMES = [
  'no_action',
  'interaction_made',
  'limits_applied',
  'source_of_funds_requested',
  'account_suspended',
  'reported',
] as const;
export type Outcome = (typeof OUTCOMES)[number];

export interface AlertRow {
  id: number;
  user_id: number;
  username: string;
  email: string;
  rule_id: string;
  severity: Severity;
  evidence: Record<string, unknown>;
  state: AlertState;
  assignee: string | null;
  outcome: Outcome | null;
  /** The interaction a resolution "interaction made" points to. */
  interaction_id: number | null;
  created_at: Date;
  resolved_at: Date | null;
}

/** A customer interaction recorded from an alert. */
export interface AlertInteraction {
  id: number;
  kind: InteractionKind;
  note: string;
  email: string;
  created_at: Date;
}

/** How another account is linked to the player (the player page's risk panel). */
export type LinkType = 'document' | 'document_number' | 'device' | 'instrument' | 'destination' | 'address';

export interface LinkedAccount {
  id: number;
  username: string;
  email: string;
  link: LinkType;
}
