import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listed person as the stand-in matches them: the email (any case) and the date of birth. */
export interface ListedPerson {
  email: string;
  date_of_birth: string;
}

export interface StandInRegister {
  url: string;
  /** Every check it answered, in order: a test sees whether (and with what) the server asked. */
  checks: Record<string, unknown>[];
  list(person: ListedPerson): void;
  close(): Promise<void>;
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost']);
const MAX_BODY = 4096;

/**
 * The local stand-in for a national self-exclusion register (GAMSTOP, OASIS, CRUKS), for development and tests:
 * a real HTTP server on loopback speaking the register client's protocol (`POST /check`). It answers only
 * requests addressed to a loopback host (so a page elsewhere cannot reach it through DNS rebinding) and, when
 * given a key, only with that `X-API-Key`.
 */
export async function startStandInRegister({
  port = 0,
  listed = [],
  key,
}: { port?: number; listed?: ListedPerson[]; key?: string } = {}): Promise<StandInRegister> {
  const people = new Set(listed.map(identity));
  const checks: Record<string, unknown>[] = [];
  const server = createServer((req, res) => {
    answer(req, res, { people, checks, key }).catch(() => reply(res, 500, { error: 'failed' }));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const { port: bound } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${bound}`,
    checks,
    list: (person) => void people.add(identity(person)),
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

const identity = (person: { email?: unknown; date_of_birth?: unknown }) =>
  `${String(person.email).toLowerCase()}|${String(person.date_of_birth)}`;

function reply(res: ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
  res.end(JSON.stringify(body));
}

async function answer(
  req: IncomingMessage,
  res: ServerResponse,
  state: { people: Set<string>; checks: Record<string, unknown>[]; key?: string },
) {
  const host = (req.headers.host ?? '').replace(/:\d+$/, '');
  if (!LOOPBACK_HOSTS.has(host)) return reply(res, 421, { error: 'loopback_only' });
  if (req.method !== 'POST' || req.url !== '/check') return reply(res, 404, { error: 'not_found' });
  if (state.key && req.headers['x-api-key'] !== state.key) return reply(res, 401, { error: 'key' });
  let text = '';
  for await (const chunk of req) {
    text += chunk;
    if (text.length > MAX_BODY) return reply(res, 413, { error: 'too_large' });
  }
  let person: Record<string, unknown>;
  try {
    person = JSON.parse(text) as Record<string, unknown>;
  } catch {
    return reply(res, 400, { error: 'json' });
  }
  state.checks.push(person);
  return reply(res, 200, { status: state.people.has(identity(person)) ? 'listed' : 'clear' });
}
