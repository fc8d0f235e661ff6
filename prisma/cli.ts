// The project's database commands (npm run db:migrate, db:migrate:dev -- --name X, db:status, db:seed).
import { parseArgs } from 'node:util';
import { loadConfig } from '../src/config';
import { databaseTarget, DEFAULT_DATABASE_URL } from '../src/core/db/database-url';
import { createMigration, deployMigrations, migrationStatus, type MigrationSource } from '../src/core/db/migrations';
import { createScratchDatabase } from '../src/core/db/scratch-database';
import { migrationsDir, PROVIDERS, providerSchema, providerSchemaPath, type Provider } from './schema';

export function migrationSource(provider: Provider): MigrationSource {
  return { dir: migrationsDir(provider), schema: { path: providerSchemaPath(provider), content: providerSchema(provider) } };
}

async function main(): Promise<number> {
  const [command, ...rest] = process.argv.slice(2);
  const target = databaseTarget(process.env.DATABASE_URL || DEFAULT_DATABASE_URL);
  const source = migrationSource(target.provider);
  switch (command) {
    case 'deploy': {
      const applied = await deployMigrations(target, source);
      console.log(applied.length ? `Applied ${applied.length} migration(s):\n  ${applied.join('\n  ')}` : 'No pending migrations.');
      return 0;
    }
    case 'dev': {
      const { values } = parseArgs({ args: rest, options: { name: { type: 'string' } } });
      if (!values.name || !/^[a-z0-9_]+$/.test(values.name)) {
        console.error('Usage: npm run db:migrate:dev -- --name some_change   (lower case, digits, underscores)');
        return 2;
      }
      // Both histories are created together, each on a scratch database, so they never drift apart
      // and the developer's own database is untouched (apply with npm run db:migrate).
      for (const provider of PROVIDERS) {
        const scratch = await createScratchDatabase(provider, 'migrate_dev', process.env.POSTGRES_SERVER_URL);
        try {
          const created = await createMigration(scratch.target, migrationSource(provider), values.name);
          console.log(created ? `Created ${provider} migration ${created}` : `${provider}: the schema has no change; no migration created.`);
        } finally {
          await scratch.drop();
        }
      }
      return 0;
    }
    case 'status': {
      const status = await migrationStatus(target, source);
      const problems = status.pending.length + status.failed.length + status.edited.length + status.unknown.length;
      for (const [label, names] of Object.entries(status)) if (names.length) console.log(`${label}: ${names.join(', ')}`);
      if (!problems) console.log('Database schema is up to date.');
      return problems ? 1 : 0;
    }
    case 'seed': {
      // Seeding a database whose schema is not (fully) there would fail on the first missing table
      // with the driver's words; say what to do instead.
      const { pending } = await migrationStatus(target, source);
      if (pending.length > 0) {
        console.error(`The database at DATABASE_URL has ${pending.length} migration(s) not applied: run npm run db:migrate first.`);
        return 1;
      }
      const { runSeedCommand } = await import('./seed');
      await runSeedCommand(loadConfig());
      return 0;
    }
    default:
      console.error('Usage: tsx prisma/cli.ts deploy | dev --name X | status | seed');
      return 2;
  }
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  },
);
