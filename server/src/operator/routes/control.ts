import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Hono } from 'hono';
import type { IncomingMessage } from 'node:http';
import type { AppEnv, Services } from '../../app-env.ts';
import { STATUS_OF_REFUSAL } from '../../base/domain-errors.ts';
import * as v from 'valibot';
import { CONTROL_JSON_EXPECTED, controlBody } from '../../schemas/operator-control.ts';
import { StaffInputError } from '../services/staff.ts';
import { addStaffAccount, runStaffCommandNow, StaffChangeRefused, type StaffCommand } from '../services/staff-admin.ts';
import type { Context } from 'hono';
import { sameSecret } from '../services/session.ts';

/**
 * Embedded PGlite lets one process open DATA_DIR. While the server runs, `npm run operator` must
 * not open it a second time, so it asks the running server instead, through a local-only endpoint
 * guarded by a secret only this file holds. The server writes the file when it starts (before it
 * opens the database) and adds its address once it listens; the command reads it.
 */
export const CONTROL_FILE = 'operator-control.json';
export const CONTROL_PATH = '/operator/control/staff';
export const CONTROL_HEADER = 'x-operator-control';

export interface ControlFile {
  pid: number;
  secret: string;
  /** Where the running server answers; absent while it is starting. */
  url?: string;
}

export const controlFilePath = (dataDir: string) => join(dataDir, CONTROL_FILE);

export function readControlFile(dataDir: string): ControlFile | undefined {
  const path = controlFilePath(dataDir);
  if (!existsSync(path)) return undefined;
  try {
    return JSON.parse(readFileSync(path, 'utf8')) as ControlFile;
  } catch {
    return undefined;
  }
}

/** Whether a process with this id exists (signal 0 only checks). */
export function processAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/** Written by the server at start, readable by its owner only; a new secret on every start. */
export function writeControlFile(dataDir: string, url?: string): void {
  const current = readControlFile(dataDir);
  const secret = current?.pid === process.pid ? current.secret : randomBytes(32).toString('hex');
  writeFileSync(controlFilePath(dataDir), JSON.stringify({ pid: process.pid, secret, ...(url ? { url } : {}) }), {
    mode: 0o600,
  });
}

/** Removed at shutdown, only when it is still this process's. */
export function removeControlFile(dataDir: string): void {
  if (readControlFile(dataDir)?.pid === process.pid) rmSync(controlFilePath(dataDir), { force: true });
}

const LOOPBACK = /^(127\.\d+\.\d+\.\d+|::1|::ffff:127\.\d+\.\d+\.\d+)$/;

/**
 * Whether a request comes from `npm run operator` on this machine: the loopback socket (never a
 * forwarded address), this process's own control file, and its secret in `X-Operator-Control`. Every
 * control endpoint answers a plain 404 to anything else.
 */
export function fromControlCommand(c: Context, services: Services): boolean {
  const socketAddress = (c.env as { incoming?: IncomingMessage } | undefined)?.incoming?.socket?.remoteAddress ?? '';
  const file = readControlFile(services.config.dataDir);
  const sent = c.req.header(CONTROL_HEADER) ?? '';
  const ours = !!file && file.pid === process.pid && typeof file.secret === 'string' && file.secret.length >= 32;
  return LOOPBACK.test(socketAddress) && ours && !!sent && sameSecret(sent, file!.secret);
}

/**
 * `POST /operator/control/staff` `{email, role}` with the secret in `X-Operator-Control`: creates
 * a staff account and answers its one-time password. Only from the machine itself (the socket's
 * own address, never a forwarded one) and only with the secret; anything else is a plain 404.
 * The file must be this process's own (its pid): a file left by `npm run operator` itself, which
 * holds an empty secret while it works without a server, never opens the endpoint; and an empty or
 * missing secret never matches anything. Mounted behind the OPERATOR_ALLOWED_IPS check.
 */
export function controlRoutes(services: Services) {
  const app = new Hono<AppEnv>();
  app.post(CONTROL_PATH, async (c) => {
    if (!fromControlCommand(c, services)) return c.json({ detail: 'Not found.' }, 404);
    let body: unknown;
    try {
      body = await c.req.json();
    } catch {
      return c.json({ detail: CONTROL_JSON_EXPECTED }, 400);
    }
    const parsed = v.safeParse(controlBody, body);
    if (!parsed.success) return c.json({ detail: parsed.issues[0].message }, 400);
    const request = parsed.output;
    // disable / enable / set-role / reset (staff-admin.ts); without an action, add-staff.
    if (request.kind === 'command') return staffCommand(c, services, request.command);
    const input = request.staff;
    try {
      const created = await addStaffAccount(services.db, input, services.clock);
      c.header('Cache-Control', 'no-store');
      return c.json({ id: created.id, email: input.email, role: input.role, password: created.password }, 201);
    } catch (error) {
      if (error instanceof StaffInputError) return c.json({ detail: error.message }, 409);
      throw error;
    }
  });
  return app;
}

/** A staff command sent by `npm run operator` to the running server (checked by `controlBody`): run, answered. */
async function staffCommand(c: Context<AppEnv>, services: Services, command: StaffCommand) {
  c.header('Cache-Control', 'no-store');
  try {
    return c.json(await runStaffCommandNow(services.db, command, services.clock), 200);
  } catch (error) {
    if (error instanceof StaffChangeRefused) return c.json({ detail: error.message }, STATUS_OF_REFUSAL[error.refusal]);
    throw error;
  }
}
