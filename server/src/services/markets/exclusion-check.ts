import type { Services } from '../../app-env.ts';
import { Busy, MarketRefusal } from '../../base/domain-errors.ts';
import { raiseAlert } from '../risk/risk-alert-raise.ts';
import { httpExclusionRegister, type PersonToCheck } from '../exclusion-register/register-client.ts';

export type CheckMoment = 'registration' | 'sign_in';

/** Whether the market's profile checks a register at this moment. */
const checksAt = ({ config }: Pick<Services, 'config'>, moment: CheckMoment) => {
  const rule = config.market.profile.exclusionRegister;
  return rule.name !== null && (moment === 'registration' ? rule.atRegistration : rule.atSignIn);
};

/** At sign-in, after the password: the person as the account holds them. */
export async function admitSignInByRegister(services: Pick<Services, 'db' | 'config' | 'clock'>, userId: number) {
  if (!checksAt(services, 'sign_in')) return;
  const [row] = await services.db.query<{
    email: string;
    date_of_birth: string | null;
    first_name: string;
    last_name: string;
  }>('SELECT email, date_of_birth::text, first_name, last_name FROM users WHERE id = $1', [userId]);
  await admitByRegister(services, 'sign_in', {
    userId,
    email: row!.email,
    dateOfBirth: row!.date_of_birth,
    firstName: row!.first_name,
    lastName: row!.last_name,
  });
}

/** How long a refused sign-in is told to wait when the register did not answer. */
const RETRY_AFTER_SECONDS = 300;

/**
 * Asks the market's self-exclusion register (GAMSTOP, OASIS, CRUKS) about the person, where the profile checks it at
 * this moment; a market without one asks nobody. Listed: refused with a message that says only "contact support"
 * (`account_unavailable`: the register's answer is the person's own business). No answer: refused too (the licence
 * forbids letting a listed person play, so a register that cannot answer fails closed), `503` with a neutral
 * message; at sign-in staff see a risk alert on the player, at registration (no player yet) a logged error.
 */
export async function admitByRegister(
  services: Pick<Services, 'db' | 'config' | 'clock'>,
  moment: CheckMoment,
  person: PersonToCheck & { userId?: number },
): Promise<void> {
  const { profile, exclusionRegister } = services.config.market;
  const rule = profile.exclusionRegister;
  if (!checksAt(services, moment)) return;
  const answer = await httpExclusionRegister(exclusionRegister).check(person);
  if (answer === 'clear') return;
  if (answer === 'listed')
    throw new MarketRefusal({
      code: 'account_unavailable',
      key: moment === 'registration' ? 'market.register_refused' : 'market.sign_in_refused',
      params: { email: services.config.mail.supportEmail },
    });
  if (person.userId !== undefined)
    await raiseAlert(services.db, {
      userId: person.userId,
      ruleId: 'market.register_unreachable',
      evidence: { register: rule.name, moment },
      now: services.clock(),
    });
  else console.error(JSON.stringify({ level: 'error', event: 'exclusion_register_unreachable', register: rule.name }));
  throw new Busy('market.register_unreachable', RETRY_AFTER_SECONDS);
}
