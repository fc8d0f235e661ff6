// `npm install` runs this (postinstall): it writes each provider's schema and generates its client.
// It must work offline: `prisma generate` never runs the schema engine but insists on finding one,
// so any executable stands in for it, and telemetry is off so nothing outside npm is contacted.
import { execFileSync } from 'node:child_process';
import { mkdirSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { PRISMA_DIR, PROVIDERS, providerSchema, providerSchemaPath } from './schema';

const require = createRequire(import.meta.url);
const prismaCli = join(dirname(require.resolve('prisma/package.json')), 'build', 'index.js');
const env = {
  ...process.env,
  CHECKPOINT_DISABLE: '1',
  PRISMA_HIDE_UPDATE_MESSAGE: '1',
  PRISMA_SCHEMA_ENGINE_BINARY: process.env.PRISMA_SCHEMA_ENGINE_BINARY ?? process.execPath,
};

for (const provider of PROVIDERS) {
  const path = providerSchemaPath(provider);
  mkdirSync(dirname(path), { recursive: true });
  writeFileSync(path, providerSchema(provider));
  execFileSync(process.execPath, [prismaCli, 'generate', '--schema', path], {
    cwd: join(PRISMA_DIR, '..'),
    env,
    stdio: ['ignore', 'inherit', 'inherit'],
  });
}
