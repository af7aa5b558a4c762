import type { Hono } from 'hono';
import type { AppEnv, Services } from '../server/src/app-env.ts';
export declare const TEST_VERIFY_PATH: string;
export declare const TEST_REJECT_PATH: string;
export declare const TEST_GAME_SEEDS_PATH: string;
export declare const TEST_CLOCK_PATH: string;
export declare function addTestHooks(server: { app: Hono<AppEnv>; services: Services }): void;
