// `npm run exclusion-register`: the exclusion register stand-in (docs/markets.md#exclusion-registers) on
// loopback, on EXCLUSION_REGISTER_PORT, listing EXCLUSION_REGISTER_LISTED (`email/YYYY-MM-DD` items) and asking
// for EXCLUSION_REGISTER_KEY when set; point the server's EXCLUSION_REGISTER_URL at it.
import { parseEnv } from '../server/src/config/variables.ts';
import { startStandInRegister } from '../server/src/ops/exclusion-register-stand-in.ts';

const settings = parseEnv(process.env, [
  'EXCLUSION_REGISTER_PORT',
  'EXCLUSION_REGISTER_LISTED',
  'EXCLUSION_REGISTER_KEY',
]);
const listed = (settings.EXCLUSION_REGISTER_LISTED ?? []).map((item) => {
  const [email = '', date_of_birth = ''] = item.split('/');
  return { email, date_of_birth };
});
const register = await startStandInRegister({
  port: settings.EXCLUSION_REGISTER_PORT,
  listed,
  key: settings.EXCLUSION_REGISTER_KEY,
});
console.log(`exclusion register stand-in at ${register.url} (${listed.length} listed)`);
