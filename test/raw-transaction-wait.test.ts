// A transaction on the driver (db/raw-sql.ts, the wallet pay's) waits to start no longer than
// Prisma's interactive transactions do: on SQLite's one connection, behind another transaction, it is
// refused as the database being unavailable after TRANSACTION_MAX_WAIT_MS, and the connection is not
// left held by it when it starts after all.
import { Prisma } from '../src/core/db/client';
import { TRANSACTION_MAX_WAIT_MS } from '../src/core/db/raw-sql';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { describe, expect, it } from 'vitest';
import { useTestDatabase } from './support/app';
import { TEST_DATABASE } from './support/environment';

const testDb = useTestDatabase('raw_tx_wait');

// SQLite's one connection is what a transaction waits for; PostgreSQL's pool is bounded by its own settings.
describe.skipIf(TEST_DATABASE !== 'sqlite')('a transaction on the driver', () => {
  it('is refused 503 when it cannot start in time, and holds nothing once it starts after all', async () => {
    const database = () => testDb.database;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    let entered!: () => void;
    const inside = new Promise<void>((resolve) => (entered = resolve));
    // Another transaction holds SQLite's one connection for longer than the wait allows.
    const holder = database().db.$transaction(
      async (tx) => {
        await tx.$queryRaw`SELECT 1`;
        entered();
        await held;
      },
      { timeout: TRANSACTION_MAX_WAIT_MS * 3 },
    );
    await inside;
    const startedAt = Date.now();
    const refused = await database()
      .sql.transaction((sql) => sql.query(Prisma.sql`SELECT 1 AS "one"`))
      .catch((error: unknown) => error);
    const waited = Date.now() - startedAt;
    expect(refused).toMatchObject({ definition: ErrorCatalogue.SERVICE_UNAVAILABLE });
    expect(waited).toBeGreaterThanOrEqual(TRANSACTION_MAX_WAIT_MS - 50);
    expect(waited).toBeLessThan(TRANSACTION_MAX_WAIT_MS * 2);
    release();
    await holder;
    // The refused transaction started once the connection was free and was ended at once: the next one runs.
    const rows = await database().sql.transaction((sql) => sql.query(Prisma.sql`SELECT 1 AS "one"`));
    expect(rows.map((row) => Number(row.one))).toEqual([1]);
    expect(await database().db.$queryRaw`SELECT 2 AS "two"`).toHaveLength(1);
  });
});
