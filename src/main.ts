// `npm start`: validate config, apply pending migrations, seed an empty embedded database, listen,
// and shut down gracefully on SIGTERM/SIGINT (stop accepting, finish in-flight requests, close the
// database). `npm start` execs node (no tsx wrapper, no shell in between), so npm forwards a SIGTERM
// it receives straight to this process and nothing is orphaned.
import { migrationsDir } from '../prisma/schema';
import { describeSeedResult, seedDatabase, seedOptionsOf } from '../prisma/seed';
import { ConfigError, databaseTimeoutsOf, loadConfig } from './config';
import { openDatabase } from './core/db/client';
import { databaseTarget } from './core/db/database-url';
import { deployMigrations } from './core/db/migrations';
import { buildApp } from './server';

async function main(): Promise<void> {
  const config = loadConfig();
  const target = databaseTarget(config.DATABASE_URL);
  if (config.MIGRATE_ON_START) {
    const applied = await deployMigrations(target, { dir: migrationsDir(target.provider) });
    if (applied.length > 0) console.log(`Applied ${applied.length} database migration(s).`);
  }
  const database = await openDatabase(target, { timeouts: databaseTimeoutsOf(config) });
  // The embedded database seeds itself on first start so `npm start` is ready to try; a PostgreSQL
  // deployment is seeded deliberately, with npm run db:seed.
  if (config.SEED_ON_START && target.provider === 'sqlite' && (await database.db.tenant.count()) === 0) {
    console.log(describeSeedResult(await seedDatabase(database, seedOptionsOf(config))));
  }
  const { app } = await buildApp({ config, database });

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'shutting down: no new connections, finishing in-flight requests');
    const timer = setTimeout(() => {
      app.log.error('shutdown timed out; exiting');
      process.exit(1);
    }, config.SHUTDOWN_TIMEOUT_MS);
    timer.unref();
    try {
      await app.close();
      await database.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'error during shutdown');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('SIGINT', () => void stop('SIGINT'));

  await app.listen({ host: config.HOST, port: config.PORT });
  const base = `http://${config.HOST.includes(':') ? `[${config.HOST}]` : config.HOST}:${app.server.address() && typeof app.server.address() === 'object' ? (app.server.address() as { port: number }).port : config.PORT}`;
  app.log.info(`OpenBuy is up: REST ${base}/open-api (docs ${base}/open-api/docs), GraphQL ${base}/graphql, tRPC ${base}/trpc`);
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
