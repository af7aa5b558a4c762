import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** The source files below `folder` (TypeScript and JavaScript, declaration files left out). */
export function sourceFiles(folder: string): string[] {
  return readdirSync(folder, { withFileTypes: true }).flatMap((entry) => {
    const path = join(folder, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(ts|mts|mjs|js)$/.test(entry.name) && !entry.name.endsWith('.d.mts') ? [path] : [];
  });
}
