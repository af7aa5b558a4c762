import { serve } from '@hono/node-server';
import { fileURLToPath } from 'node:url';
import { createApp } from './app.ts';

const port = Number(process.env.PORT) || 4321;
const host = process.env.HOST || '0.0.0.0';
const distDir = fileURLToPath(new URL('../../dist/', import.meta.url));

const server = serve({ fetch: createApp({ distDir }).fetch, port, hostname: host }, (info) => {
  console.log(`AmberPlay is running at http://localhost:${info.port}`);
});

// Finish in-flight requests on Ctrl+C or a container stop instead of dropping them.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => process.exit(0)));
}
