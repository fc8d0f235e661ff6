// Builds the administration console (console/ → console/dist) when its build is missing or older
// than any of its sources or the GraphQL schema it is typed from; `--force` builds regardless. Runs
// after `npm install` and before `npm start`, so a stale console is never served.
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { builtAt, newestChange } from './newest-change';

const CONSOLE = join(import.meta.dirname, '..', 'console');
const BUILT = join(CONSOLE, 'dist', 'index.html');
const SOURCES = ['src', 'index.html', 'vite.config.ts', 'codegen.ts', 'package.json', 'tsconfig.json', '../schema.graphql'];
/** Written by the build itself (codegen), so never a reason to build again. */
const GENERATED = join(CONSOLE, 'src', 'gql');

function run(command: string, args: string[]): void {
  const result = spawnSync(command, args, { cwd: CONSOLE, stdio: 'inherit', shell: process.platform === 'win32' });
  if (result.status !== 0) process.exit(result.status ?? 1);
}

const sourcesAt = Math.max(...SOURCES.map((source) => newestChange(join(CONSOLE, source), [GENERATED])));
if (process.argv.includes('--force') || sourcesAt > builtAt(BUILT)) {
  console.log('Building the administration console (console/dist)…');
  run('npm', ['run', 'build']);
} else {
  console.log('The administration console build is up to date.');
}
