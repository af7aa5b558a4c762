import type { AppEnv } from '../app-env.ts';

/**
 * The console's shared types: routes, services and views all name them, so they live in a module
 * that imports nothing of the console and the views never reach into a service for a type.
 */
/** The roles and what each may do: permissions.ts (the single source). */
export type { Permission, Role } from './permissions.ts';
import type { Role } from './permissions.ts';
export type Stage = 'password' | 'enrol' | 'code' | 'active';
export interface Staff {
  id: number;
  email: string;
  role: Role;
}

export interface OperatorEnv {
  Variables: AppEnv['Variables'] & {
    /** Set for every request with a live console session. */
    staff: Staff;
    stage: Stage;
    csrf: string;
    sessionHash: string;
  };
}
