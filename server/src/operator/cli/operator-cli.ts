import { rmSync, writeFileSync } from 'node:fs';
import { systemClock, type Clock } from '../../base/clock.ts';
import { loadConfig } from '../../config/server-config.ts';
import type { Database, Queryable } from '../../db/database.ts';
import { openDatabase as openRealDatabase, type DatabaseOptions } from '../../db/open.ts';
import { makePrivateDir } from '../../data-dir/private-files.ts';
import { CONTROL_HEADER, CONTROL_PATH, controlFilePath, processAlive, readControlFile } from '../routes/control.ts';
import { runStaffCommand, STAFF_COMMANDS, StaffChangeRefused, type StaffCommand } from '../services/staff-admin.ts';
import { checkStaffInput, createStaff, StaffInputError } from '../services/staff.ts';
import { ProviderChangeRefused } from '../services/game-provider-admin.ts';
import { say } from '../views/messages.ts';
import { addProviderWork, ADD_PROVIDER_USAGE } from './add-provider-command.ts';
import type { CommandWork } from './command-work.ts';

export interface CliDeps {
  env: Record<string, string | undefined>;
  log: (line: string) => void;
  /** How the command opens the database when it may (tests pass a spy). */
  openDatabase: (options: DatabaseOptions) => Promise<Database>;
  /** The one clock, as the server's `services.clock` (tests pass a fixed one). */
  clock?: Clock;
}

const USAGE = [
  'Usage: npm run operator -- add-staff <email> --role admin|support|risk|payments|content|marketing',
  '       npm run operator -- disable|enable <email>',
  '       npm run operator -- set-role <email> admin|support|risk|payments|content|marketing',
  '       npm run operator -- reset <email> [--two-factor]',
  ADD_PROVIDER_USAGE,
].join('\n');

type StaffResult = { message?: string; password?: string };

/** A staff command's work: one transaction. */
const inTransaction =
  (run: (tx: Queryable) => Promise<StaffResult>): CommandWork<StaffResult>['run'] =>
  ({ db }) =>
    db.transaction(run);

/**
 * `npm run operator -- add-staff <email> --role <role>` (permissions.ts): creates a staff account and prints
 * its one-time password; `disable|enable|set-role|reset` manage one (as /operator/staff does). With
 * DATABASE_URL it writes to PostgreSQL itself. With embedded PGlite it never opens DATA_DIR while a
 * server has it: it asks that server (see control.ts); only when no server is running does it open
 * the database itself. Answers the exit code.
 */
export async function runOperatorCommand(argv: string[], deps: CliDeps): Promise<number> {
  const { env, log, clock = systemClock } = deps;
  const [command, email, ...rest] = argv;
  const known = ['add-staff', 'add-provider', ...STAFF_COMMANDS];
  if (!command || !email || !known.includes(command)) {
    log(USAGE);
    return 2;
  }
  const config = loadConfig(env);
  // Staff commands and add-provider answer different things; each checks its own answer.
  let work: CommandWork<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
  if (command === 'add-provider') {
    const made = addProviderWork(email, rest, log);
    if (typeof made === 'number') {
      log(USAGE);
      return made;
    }
    work = made;
  } else if (command === 'add-staff') {
    const roleAt = rest.indexOf('--role');
    const role =
      roleAt >= 0 ? rest[roleAt + 1] : rest.find((arg) => arg.startsWith('--role='))?.slice('--role='.length);
    let input: ReturnType<typeof checkStaffInput>;
    try {
      input = checkStaffInput(email, role);
    } catch (error) {
      log(`${(error as Error).message}\n${USAGE}`);
      return 2;
    }
    work = {
      body: input,
      okStatus: 201,
      answered: (body) => !!body.password,
      run: inTransaction((tx) => createStaff(tx, input, clock())),
      done: ({ password }, how, address) => {
        log(`Created ${input.role} staff account ${input.email} (${how}).`);
        log(`One-time password: ${password}`);
        log(
          `Sign in at ${address}/operator/sign-in: the password works once and must be changed at first ` +
            `sign-in, then two-factor sign-in is set up.`,
        );
        return 0;
      },
    };
  } else {
    const action = command as StaffCommand['action'];
    const role = action === 'set-role' ? rest[0] : 'support';
    let staff: ReturnType<typeof checkStaffInput>;
    try {
      staff = checkStaffInput(email, role);
    } catch (error) {
      log(`${(error as Error).message.replace('--role must', 'The role must')}\n${USAGE}`);
      return 2;
    }
    const input: StaffCommand = {
      action,
      email: staff.email,
      ...(action === 'set-role' ? { role: staff.role } : {}),
      twoFactor: rest.includes('--two-factor'),
    };
    work = {
      body: { action, email: input.email, role: input.role, two_factor: input.twoFactor },
      okStatus: 200,
      run: inTransaction((tx) => runStaffCommand(tx, input, clock())),
      done: ({ message, password }, how, address) => {
        log(`${message} (${how})`);
        if (password) {
          log(`One-time password: ${password}`);
          log(
            `Sign in at ${address}/operator/sign-in: the password works once and must be changed at the next sign-in.`,
          );
        }
        return 0;
      },
    };
  }

  if (!config.databaseUrl) {
    const control = readControlFile(config.dataDir);
    if (control && control.pid !== process.pid && processAlive(control.pid)) {
      if (!control.url) {
        log(`The server (process ${control.pid}) is starting and holds ${config.dataDir}; try again in a moment.`);
        return 1;
      }
      let response: Response;
      try {
        response = await fetch(`${control.url}${work.path ?? CONTROL_PATH}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', [CONTROL_HEADER]: control.secret },
          body: JSON.stringify(work.body),
        });
      } catch (error) {
        log(
          `The server (process ${control.pid}) holds ${config.dataDir} but did not answer ` +
            `at ${control.url} (${(error as Error).message}). Not opening the database a second time.`,
        );
        return 1;
      }
      const body = (await response.json().catch(() => ({}))) as Record<string, unknown> & { detail?: string };
      if (response.status !== work.okStatus || (work.answered && !work.answered(body))) {
        log(`The running server refused: ${body.detail ?? response.status}`);
        return 1;
      }
      // The address the running server really listens on (it wrote it when it started listening).
      return work.done(body, `through the running server at ${control.url}`, control.url);
    }
  }

  // No server holds the data folder (or the database is PostgreSQL): open it ourselves. With
  // PGlite, the control file says so for as long as we work, and a server started meanwhile waits.
  const claim = !config.databaseUrl;
  if (claim) makePrivateDir(config.dataDir);
  if (claim)
    writeFileSync(controlFilePath(config.dataDir), JSON.stringify({ pid: process.pid, secret: '', command }), {
      mode: 0o600,
    });
  try {
    const db = await deps.openDatabase({
      databaseUrl: config.databaseUrl,
      dataDir: config.dataDir,
      schema: config.databaseSchema,
    });
    try {
      const result = await work.run({ db, config, clock });
      return work.done(result, config.databaseUrl ? 'in PostgreSQL' : `in ${config.dataDir}`, config.apiUrl);
    } finally {
      await db.close();
    }
  } catch (error) {
    if (error instanceof StaffInputError || error instanceof StaffChangeRefused) {
      log(error.message);
      return 1;
    }
    if (error instanceof ProviderChangeRefused) {
      log(say(error.key, error.params));
      return 1;
    }
    throw error;
  } finally {
    if (claim && readControlFile(config.dataDir)?.pid === process.pid)
      rmSync(controlFilePath(config.dataDir), { force: true });
  }
}

export const defaultCliDeps = (): CliDeps => ({
  env: process.env,
  log: (line) => console.log(line),
  openDatabase: openRealDatabase,
});
