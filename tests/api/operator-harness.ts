/**
 * The operator console from a test: staff accounts made as the add-staff command makes them,
 * a browser-like client (cookie jar, the page's CSRF token, form posts), and TOTP codes computed
 * with otpauth on the services' clock.
 */
import { readdir, readFile } from 'node:fs/promises';
import { join } from 'node:path';
import { simpleParser, type ParsedMail } from 'mailparser';

import { expect } from 'vitest';
import { createStaff } from '../../server/src/operator/services/staff.ts';
import type { TestApi } from './harness.ts';
import type { Role } from '../../server/src/operator/operator-env.ts';
import { authenticatorCode } from './two-factor.ts';

export const STAFF_PASSWORD = 'copper-lantern-harbour-41';

export interface ConsoleReply {
  status: number;
  text: string;
  headers: Headers;
  location: string | null;
}

let staffCounter = 0;

/** A cookie jar over the in-process app, as a browser would talk to the console. */
export class ConsoleClient {
  readonly cookies = new Map<string, string>();
  /** The CSRF token of the last page that had one. */
  csrf = '';
  readonly api: TestApi;
  /** Extra headers for every request (an X-Forwarded-For, a player's Authorization). */
  readonly headers: Record<string, string>;
  constructor(api: TestApi, headers: Record<string, string> = {}) {
    this.api = api;
    this.headers = headers;
  }

  private async send(
    method: string,
    path: string,
    body?: URLSearchParams,
    extra: Record<string, string> = {},
  ): Promise<ConsoleReply> {
    const headers: Record<string, string> = { ...this.headers, ...extra };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([name, value]) => `${name}=${value}`).join('; ');
    if (body) headers['content-type'] = 'application/x-www-form-urlencoded';
    const response = await this.api.app.request(path, { method, headers, body: body?.toString() });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = ''] = cookie.split(';');
      const [name = '', value = ''] = pair.split('=');
      if (/Max-Age=0|Expires=Thu, 01 Jan 1970/i.test(cookie) || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    const token = /name="csrf" value="([^"]+)"/.exec(text)?.[1];
    if (token) this.csrf = token;
    return { status: response.status, text, headers: response.headers, location: response.headers.get('location') };
  }

  get(path: string, extra?: Record<string, string>) {
    return this.send('GET', path, undefined, extra);
  }

  /** Posts a form with the page's CSRF token unless `csrf` is given (or false: none). */
  post(path: string, fields: Record<string, string> = {}, { csrf }: { csrf?: string | false } = {}) {
    const body = new URLSearchParams(fields);
    if (csrf !== false) body.set('csrf', csrf ?? this.csrf);
    return this.send('POST', path, body);
  }
}

/** The TOTP code of a secret at the services' clock, `stepOffset` 30-second steps away. */
export function totpCode(api: TestApi, secret: string, stepOffset = 0): string {
  return authenticatorCode(secret, api.services.clock(), stepOffset * 30);
}

export interface StaffMember {
  id: number;
  email: string;
  password: string;
  secret: string;
  client: ConsoleClient;
}

/** A new staff account, as add-staff creates it; answers its one-time password. */
export async function newStaffAccount(api: TestApi, role: Role) {
  staffCounter += 1;
  const email = `${role}${staffCounter}_${Date.now().toString(36)}@staff.example.test`;
  const created = await api.db.transaction((tx) => createStaff(tx, { email, role }, api.services.clock()));
  return { id: created.id, email, oneTimePassword: created.password };
}

/** Signs in with email and password: answers the reply that sends the client to its next stage. */
export async function passwordStep(client: ConsoleClient, email: string, password: string) {
  await client.get('/operator/sign-in');
  return client.post('/operator/sign-in', { email, password });
}

/**
 * A sign-in with a one-time password (a new account's, or a reset's) through to a live session:
 * the one-time password, `password` as their own, the TOTP enrolment. Answers the TOTP secret.
 */
export async function firstSignIn(
  client: ConsoleClient,
  email: string,
  oneTimePassword: string,
  password = STAFF_PASSWORD,
): Promise<string> {
  expect((await passwordStep(client, email, oneTimePassword)).location).toBe('/operator/password');
  await client.get('/operator/password');
  const changed = await client.post('/operator/password', { new_password: password, confirm_password: password });
  expect(changed.location, changed.text).toBe('/operator/two-factor/setup');
  const setup = await client.get('/operator/two-factor/setup');
  const secret = /data-totp-secret>([A-Z2-7]+)</.exec(setup.text)?.[1];
  expect(secret).toBeTruthy();
  const enrolled = await client.post('/operator/two-factor/setup', { code: totpCode(client.api, secret!) });
  expect(enrolled.location, enrolled.text).toBe('/operator');
  return secret!;
}

/** A new staff member through the whole first sign-in. Answers a client with a live console session. */
export async function staffMember(
  api: TestApi,
  role: Role,
  headers: Record<string, string> = {},
): Promise<StaffMember> {
  const account = await newStaffAccount(api, role);
  const client = new ConsoleClient(api, headers);
  const secret = await firstSignIn(client, account.email, account.oneTimePassword);
  return { id: account.id, email: account.email, password: STAFF_PASSWORD, secret, client };
}

/** Audit rows of one target that record a change (not the views of it), oldest first. */
export async function auditOf(api: TestApi, targetType: string, targetId: string | number) {
  return api.db.query<{
    staff_id: number | null;
    action: string;
    before: Record<string, unknown> | null;
    after: Record<string, unknown>;
  }>(
    'SELECT staff_id, action, before, after FROM staff_audit WHERE target_type = $1 AND target_id = $2 AND ' +
      "action NOT IN ('player.view', 'document.view') ORDER BY id",
    [targetType, String(targetId)],
  );
}

/** Mail written to the outbox (no SMTP_URL), parsed, for one recipient. */
export async function mailTo(api: TestApi, email: string): Promise<ParsedMail[]> {
  await api.mailer.settled();
  const dir = api.config.mail.outboxDir;
  const files = await readdir(dir).catch(() => [] as string[]);
  const mails = await Promise.all(files.map(async (file) => simpleParser(await readFile(join(dir, file)))));
  return mails.filter((mail) => !Array.isArray(mail.to) && mail.to?.text.includes(email));
}

/** The player asks for a card withdrawal of `amount` (checked: 201); answers its id. */
export async function cardWithdrawal(api: TestApi, player: { token: string }, amount: string): Promise<number> {
  const reply = await api.request('POST', '/api/user/withdrawal', {
    token: player.token,
    body: { amount, method: 'card', destination: '4242424242424242' },
  });
  expect(reply.status).toBe(201);
  return reply.body.id as number;
}
