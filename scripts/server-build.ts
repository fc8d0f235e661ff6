// Builds the server (src/ → dist/server, see server-bundle.ts) when its build is missing or older than
// any source it was built from; `--force` builds regardless. Runs after `npm install` and before
// `npm start`, so a stale server is never served.
import { relative } from 'node:path';
import { buildServer, SERVER_BUILD_DIR, serverBuildIsStale } from './server-bundle';

if (process.argv.includes('--force') || serverBuildIsStale(SERVER_BUILD_DIR)) {
  const started = performance.now();
  await buildServer(SERVER_BUILD_DIR);
  console.log(`Built the server (${relative(process.cwd(), SERVER_BUILD_DIR) || SERVER_BUILD_DIR}) in ${Math.round(performance.now() - started)} ms.`);
} else {
  console.log('The server build is up to date.');
}
