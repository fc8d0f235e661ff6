// For module-loads.ts: opens and closes the database of DATABASE_URL as the app does, so what the
// provider's client, adapter and driver load is seen.
import { openDatabase } from '../../src/core/db/client';
import { databaseTarget } from '../../src/core/db/database-url';

export async function afterImport(): Promise<void> {
  const database = await openDatabase(databaseTarget(process.env.DATABASE_URL as string));
  await database.close();
}
