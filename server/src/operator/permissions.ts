/**
 * What each staff role may do in the console: the single source of roles and their permissions.
 * Every console route names the permission it needs (routes/route-permissions.ts); pages offer
 * only the controls the signed-in role may use (`may`). Imports nothing, so every layer may use it.
 */

/** Every permission, derived from what the console does; each route needs exactly one. */
export const PERMISSIONS = [
  /** The dashboard (the console's home). */
  'dashboard.view',
  'players.view',
  /** Notes and recorded interactions on a player: a record, not a change to the account. */
  'players.note',
  /** Suspend, reinstate, close, limits, time-outs, sessions, two-factor, email. */
  'players.edit',
  'adjustments.request',
  /** The second admin of the four eyes. */
  'adjustments.approve',
  'bonuses.grant',
  'payments.view',
  /** Withdrawals (approve, reject, refund, bulk), chargebacks, deposit refunds, releasing held withdrawals. */
  'payments.decide',
  'rounds.void',
  'verifications.view',
  'verifications.decide',
  'risk.view',
  /** Risk alerts (assign, notes, resolve) and source-of-funds requests. */
  'risk.work',
  'reports.view',
  'exports.ledger',
  'audit.view',
  /** The news. */
  'content.edit',
  'offers.manage',
  /** Game providers and their games. */
  'games.manage',
  'staff.manage',
] as const;
export type Permission = (typeof PERMISSIONS)[number];

/** Looking at the players, the payments, the risk desk and the reports, and writing notes. */
const LOOK: readonly Permission[] = [
  'dashboard.view',
  'players.view',
  'players.note',
  'payments.view',
  'verifications.view',
  'risk.view',
  'reports.view',
  'audit.view',
];

/** Each role's permissions; `admin` holds them all. */
export const ROLE_PERMISSIONS = {
  admin: PERMISSIONS,
  support: LOOK,
  risk: [...LOOK, 'risk.work'],
  payments: [...LOOK, 'payments.decide', 'exports.ledger'],
  content: ['dashboard.view', 'content.edit'],
  marketing: ['dashboard.view', 'reports.view', 'offers.manage'],
} as const satisfies Record<string, readonly Permission[]>;

export type Role = keyof typeof ROLE_PERMISSIONS;
export const ROLES = Object.keys(ROLE_PERMISSIONS) as Role[];

const SETS = new Map<Role, ReadonlySet<Permission>>(
  ROLES.map((role) => [role, new Set<Permission>(ROLE_PERMISSIONS[role])]),
);

export const isRole = (value: unknown): value is Role => typeof value === 'string' && SETS.has(value as Role);

/** Whether a staff member of `role` may do what `permission` names. */
export const may = ({ role }: { role: Role }, permission: Permission) => SETS.get(role)?.has(permission) ?? false;
