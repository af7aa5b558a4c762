// The real server (server/src/index.ts) plus the test-only routes of scripts/test-hooks.mjs, for
// the e2e suite and the benches. Configured by the environment, exactly like `npm start`.
import { addTestHooks } from './test-hooks.mjs';

addTestHooks(await import('../server/src/index.ts'));
