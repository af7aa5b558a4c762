// `npm run restore -- <file>`: unpacks a backup into an empty DATA_DIR, with no server running.
import { runRestoreCommand } from '../server/src/ops/backup.ts';

process.exitCode = await runRestoreCommand(process.argv.slice(2), {
  env: process.env,
  log: (line) => console.log(line),
});
