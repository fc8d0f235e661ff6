// `npm run sdk:generate`: writes sdk/src/openbuy-api.ts from the OpenAPI document of this checkout,
// read from the real app over a scratch SQLite database. `-- --check` writes nothing and exits 1
// when the file is stale.
import { readFileSync, writeFileSync } from 'node:fs';
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import type { OpenAPI3 } from 'openapi-typescript';
import { migrationsDir } from '../prisma/schema';
import { loadConfig } from '../src/config';
import { ManualClock } from '../src/core/clock';
import { openDatabase } from '../src/core/db/client';
import { deployMigrations } from '../src/core/db/migrations';
import { createScratchDatabase } from '../src/core/db/scratch-database';
import { buildApp } from '../src/server';
import { SDK_TYPES_FILE, sdkTypesOf } from './sdk-types';

async function liveDocument(): Promise<OpenAPI3> {
  const scratch = await createScratchDatabase('sqlite', 'sdk_generate');
  try {
    await deployMigrations(scratch.target, { dir: migrationsDir('sqlite') });
    const database = await openDatabase(scratch.target);
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', WEBHOOK_POLL_INTERVAL_MS: '0', DATABASE_URL: scratch.target.url });
    const { app } = await buildApp({ config, database, clock: new ManualClock() });
    try {
      return (await app.inject('/open-api/openapi.json')).json() as OpenAPI3;
    } finally {
      await app.close();
    }
  } finally {
    await scratch.drop();
  }
}

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false } } });
  const generated = await sdkTypesOf(await liveDocument());
  const shown = relative(process.cwd(), SDK_TYPES_FILE);
  if (!values.check) {
    writeFileSync(SDK_TYPES_FILE, generated);
    console.log(`Wrote ${shown}`);
    return 0;
  }
  if (readFileSync(SDK_TYPES_FILE, 'utf8') === generated) {
    console.log(`${shown} is current.`);
    return 0;
  }
  console.error(`${shown} is stale against the OpenAPI document. Run \`npm run sdk:generate\` and commit the result.`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
