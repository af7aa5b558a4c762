import { readFileSync } from 'node:fs';

/** The style sheet beside `url` followed by the rules the server's own documents share (shared-styles.css). */
export function withSharedStyles(url: URL): string {
  return `${readFileSync(url, 'utf8')}\n${readFileSync(new URL('./shared-styles.css', import.meta.url), 'utf8')}`;
}
