// `npm run operator -- add-staff <email> --role admin|support` (docs/operators.md).
import { defaultCliDeps, runOperatorCommand } from '../server/src/operator/cli/operator-cli.ts';

process.exitCode = await runOperatorCommand(process.argv.slice(2), defaultCliDeps());
