// Bulk inserts through the raw driver (better-sqlite3 or pg), for filling a database with volume:
// multi-row INSERT statements, many per transaction, rows made on the fly by index so memory stays
// flat however many rows are written.
import Sqlite from 'better-sqlite3';
import pg from 'pg';
import { type DatabaseTarget, sqliteFilePath } from '../src/core/db/database-url';

/** A column value: Dates, booleans and objects are stored the way Prisma stores them on each provider. */
export type Value = string | number | boolean | null | Date | Buffer | object;

export interface BulkWriter {
  /** Inserts `count` rows of `columns` into `table`, row i made by `row(i)`; `onRows` is told after each statement. */
  insert(table: string, columns: readonly string[], count: number, row: (index: number) => Value[], onRows: (rows: number) => void): Promise<void>;
  /** The highest id of a table (0 when empty): generated ids continue from it. */
  maxId(table: string): Promise<number>;
  count(table: string): Promise<number>;
  /**
   * Moves each table's id sequence past the ids written explicitly, and gathers the planner's
   * statistics and visibility maps (PostgreSQL: as autovacuum would soon after such a load, and must
   * not be waited for, since it can be off); nothing on SQLite, where the app never runs ANALYZE.
   */
  finish(tables: readonly string[]): Promise<void>;
  close(): Promise<void>;
}

/** Parameters per statement: well under SQLite's 32,766 and PostgreSQL's 65,535. */
const PARAMETERS_PER_STATEMENT = 30_000;
/** Statements per transaction. */
const STATEMENTS_PER_TRANSACTION = 20;

const quote = (name: string) => `"${name}"`;

function insertSql(table: string, columns: readonly string[], rows: number, placeholder: (index: number) => string): string {
  const tuples: string[] = [];
  for (let row = 0; row < rows; row += 1) {
    tuples.push(`(${columns.map((_, column) => placeholder(row * columns.length + column)).join(', ')})`);
  }
  return `INSERT INTO ${quote(table)} (${columns.map(quote).join(', ')}) VALUES ${tuples.join(', ')}`;
}

const rowsPerStatement = (columns: readonly string[]) => Math.max(1, Math.min(1000, Math.floor(PARAMETERS_PER_STATEMENT / columns.length)));

export async function openBulkWriter(target: DatabaseTarget): Promise<BulkWriter> {
  return target.provider === 'sqlite' ? sqliteWriter(target) : postgresWriter(target);
}

function sqliteWriter(target: DatabaseTarget): BulkWriter {
  const db = new Sqlite(sqliteFilePath(target.url));
  db.pragma('journal_mode = WAL');
  db.pragma('busy_timeout = 5000');
  // Integer milliseconds for DateTime, as the adapter's unixepoch-ms format stores them.
  const sqliteValue = (value: Value) =>
    value instanceof Date ? value.getTime() : typeof value === 'boolean' ? (value ? 1 : 0) : value !== null && typeof value === 'object' && !Buffer.isBuffer(value) ? JSON.stringify(value) : value;
  return {
    async insert(table, columns, count, row, onRows) {
      const perStatement = rowsPerStatement(columns);
      const statements = new Map<number, Sqlite.Statement>();
      const statementFor = (rows: number) => {
        let statement = statements.get(rows);
        if (!statement) statements.set(rows, (statement = db.prepare(insertSql(table, columns, rows, () => '?'))));
        return statement;
      };
      const transaction = db.transaction((from: number) => {
        let next = from;
        for (let statement = 0; statement < STATEMENTS_PER_TRANSACTION && next < count; statement += 1) {
          const rows = Math.min(perStatement, count - next);
          const values: unknown[] = [];
          for (let index = next; index < next + rows; index += 1) for (const value of row(index)) values.push(sqliteValue(value));
          statementFor(rows).run(values);
          next += rows;
          onRows(rows);
        }
        return next;
      });
      for (let next = 0; next < count; ) {
        next = transaction(next);
        // Lets the progress bar draw between transactions.
        await new Promise((resolve) => setImmediate(resolve));
      }
    },
    maxId: async (table) => (db.prepare(`SELECT COALESCE(MAX(id), 0) AS id FROM ${quote(table)}`).get() as { id: number }).id,
    count: async (table) => (db.prepare(`SELECT COUNT(*) AS n FROM ${quote(table)}`).get() as { n: number }).n,
    // AUTOINCREMENT tables record the highest id written by themselves.
    finish: async () => {},
    close: async () => {
      db.close();
    },
  };
}

async function postgresWriter(target: DatabaseTarget): Promise<BulkWriter> {
  const client = new pg.Client({ connectionString: target.url });
  await client.connect();
  // timestamp(3) columns hold UTC wall-clock time, as Prisma writes them.
  const postgresValue = (value: Value) =>
    value instanceof Date ? value.toISOString().replace('Z', '') : value !== null && typeof value === 'object' && !Buffer.isBuffer(value) ? JSON.stringify(value) : value;
  return {
    async insert(table, columns, count, row, onRows) {
      const perStatement = rowsPerStatement(columns);
      for (let next = 0; next < count; ) {
        await client.query('BEGIN');
        try {
          for (let statement = 0; statement < STATEMENTS_PER_TRANSACTION && next < count; statement += 1) {
            const rows = Math.min(perStatement, count - next);
            const values: unknown[] = [];
            for (let index = next; index < next + rows; index += 1) for (const value of row(index)) values.push(postgresValue(value));
            await client.query({ name: `bulk_${table}_${rows}`, text: insertSql(table, columns, rows, (index) => `$${index + 1}`), values });
            next += rows;
            onRows(rows);
          }
          await client.query('COMMIT');
        } catch (error) {
          await client.query('ROLLBACK');
          throw error;
        }
      }
    },
    maxId: async (table) => Number((await client.query<{ id: string }>(`SELECT COALESCE(MAX(id), 0) AS id FROM ${quote(table)}`)).rows[0]?.id ?? 0),
    count: async (table) => Number((await client.query<{ n: string }>(`SELECT COUNT(*) AS n FROM ${quote(table)}`)).rows[0]?.n ?? 0),
    async finish(tables) {
      for (const table of tables) {
        await client.query(`SELECT setval(pg_get_serial_sequence($1, 'id'), (SELECT MAX(id) FROM ${quote(table)}))`, [quote(table)]);
      }
      // Without statistics the planner guesses row counts, and at millions of rows its guesses pick
      // plans a production database (autovacuum on) would not: every read measured at volume slows.
      await client.query('VACUUM ANALYZE');
    },
    close: () => client.end(),
  };
}
