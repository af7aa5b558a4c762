// `npm run backup -- <file>`: a consistent dump of the PGlite data, online (docs/deploying.md "Backups").
import { runBackupCommand } from '../server/src/ops/backup.ts';

process.exitCode = await runBackupCommand(process.argv.slice(2), {
  env: process.env,
  log: (line) => console.log(line),
});
