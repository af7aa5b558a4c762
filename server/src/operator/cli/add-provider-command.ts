import { ensureKeyPair, loadPrivateKeys } from '../../data-dir/key-pair.ts';
import type { ServerConfig } from '../../config/server-config.ts';
import { addGameProvider, checkNewProvider, ProviderChangeRefused } from '../services/game-provider-admin.ts';
import type { CatalogueOutcome } from '../game-provider-model.ts';
import { say } from '../views/messages.ts';
import { PROVIDER_CONTROL_PATH } from '../routes/provider-control.ts';
import type { CommandWork } from './command-work.ts';

export const ADD_PROVIDER_USAGE =
  '       npm run operator -- add-provider <id> --url <base-url> [--allow <address>...]';

type Added = { id: string; secret: string; catalogue: CatalogueOutcome };

/** The values of every `--name <value>` and `--name=<value>` in `args`. */
function optionValues(args: string[], name: string): string[] {
  const values: string[] = [];
  args.forEach((arg, at) => {
    if (arg === name && args[at + 1] !== undefined) values.push(args[at + 1]!);
    else if (arg.startsWith(`${name}=`)) values.push(arg.slice(name.length + 1));
  });
  return values;
}

/** The key files as the server reads them, so the command seals the secret with the server's own key. */
const keyFiles = (config: ServerConfig) => ({
  DATA_DIR: config.dataDir,
  RSA_PRIVATE_KEY_FILE: config.keys.privateKeyFile,
  RSA_PREVIOUS_PRIVATE_KEY_FILE: config.keys.previousPrivateKeyFile,
});

/**
 * `npm run operator -- add-provider <id> --url <base-url> [--allow <address>...]` (docs/operators.md):
 * registers a game provider, prints its secret once and fetches its catalogue. The provider learns
 * its secret only from this output, so a provider that checks signatures refuses that first fetch:
 * the command still succeeds (exit 0), says so, and the console's "Refresh catalogue" fetches it
 * once the provider has its secret. Answers the work, or the exit code (2) of a usage error.
 */
export function addProviderWork(id: string, args: string[], log: (line: string) => void): CommandWork<Added> | number {
  const [url, ...more] = optionValues(args, '--url');
  if (!url || more.length) {
    log('add-provider needs one --url <base-url>.');
    return 2;
  }
  let provider: ReturnType<typeof checkNewProvider>;
  try {
    provider = checkNewProvider(id, url, optionValues(args, '--allow'));
  } catch (error) {
    if (!(error instanceof ProviderChangeRefused)) throw error;
    log(say(error.key, error.params));
    return 2;
  }
  return {
    path: PROVIDER_CONTROL_PATH,
    body: { id: provider.id, url: provider.baseUrl, allow: provider.allowedAddresses },
    okStatus: 201,
    answered: (body) => typeof body.secret === 'string' && typeof body.catalogue === 'object',
    run: async ({ db, config, clock }) => {
      ensureKeyPair(keyFiles(config));
      const services = { db, config, clock, privateKeys: loadPrivateKeys(keyFiles(config)) };
      return { id: provider.id, ...(await addGameProvider(services, provider, null)) };
    },
    done: ({ secret, catalogue }, how, address) => {
      log(`Added game provider ${provider.id} at ${provider.baseUrl} (${how}).`);
      log(`Secret: ${secret}`);
      log('Shown once: give it to the provider now; neither the console nor the command shows it again.');
      if ('games' in catalogue) log(`Catalogue fetched: ${catalogue.games} games.`);
      else
        log(
          `Catalogue not fetched yet (${catalogue.failure}: ${catalogue.message}). Once the provider has its secret, ` +
            `use "Refresh catalogue" at ${address}/operator/games/${provider.id}.`,
        );
      return 0;
    },
  };
}
