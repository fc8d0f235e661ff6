// Prisma's schema engine as WebAssembly, driven through our driver adapters, so migrations need no
// downloaded binary. Four shims make it work on both providers; each says why below.
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { SqlDriverAdapter, SqlMigrationAwareDriverAdapterFactory } from '@prisma/driver-adapter-utils';
import { bindMigrationAwareSqlAdapterFactory } from '@prisma/driver-adapter-utils';
import * as engineBindings from '@prisma/schema-engine-wasm/schema_engine_bg';
import type { SchemaEngine } from '@prisma/schema-engine-wasm';
import { adapterFactory, NO_DATABASE_TIMEOUTS } from './adapters';
import type { DatabaseTarget } from './database-url';

export type { SchemaEngine };

// @types/node for Node 20 does not declare the WebAssembly global; these are the two parts used here.
interface WasmInstance {
  exports: Record<string, unknown>;
}
const { Module: WasmModule, Instance: WasmInstance } = (
  globalThis as unknown as {
    WebAssembly: {
      Module: new (bytes: Uint8Array) => object;
      Instance: new (module: object, imports: Record<string, Record<string, unknown>>) => WasmInstance;
    };
  }
).WebAssembly;

let wasmLoaded = false;

/** Node 20 cannot `import` a .wasm module without an experimental flag, so it is instantiated here. */
function loadEngineWasm(): void {
  if (wasmLoaded) return;
  const require = createRequire(import.meta.url);
  const packageDir = dirname(require.resolve('@prisma/schema-engine-wasm/schema_engine_bg'));
  const module = new WasmModule(readFileSync(join(packageDir, 'schema_engine_bg.wasm')));
  const instance = new WasmInstance(module, { './schema_engine_bg.js': { ...engineBindings } });
  engineBindings.__wbg_set_wasm(instance.exports);
  (instance.exports.__wbindgen_start as () => void)();
  wasmLoaded = true;
}

/**
 * Shim 1 (SQLite): the shadow database replays migration files through `executeRaw`, which
 * better-sqlite3 limits to one statement; a migration file has many, so fall back to a script.
 */
function withScriptFallback(adapter: SqlDriverAdapter): SqlDriverAdapter {
  const executeRaw = adapter.executeRaw.bind(adapter);
  adapter.executeRaw = async (query) => {
    if (query.args.length > 0) return executeRaw(query);
    try {
      return await executeRaw(query);
    } catch (error) {
      if (!/more than one statement/i.test(String((error as Error).message))) throw error;
      await adapter.executeScript(query.sql);
      return 0;
    }
  };
  return adapter;
}

interface PgResult {
  fields: { dataTypeID: number }[];
}

const PG_INTERNAL_CHAR_OID = 18;
const PG_TEXT_OID = 25;
let pgCharTypePatched = false;

/**
 * Shim 2 (PostgreSQL): the engine reads catalog columns of PostgreSQL's internal `"char"` type while
 * describing a schema, and adapter-pg refuses that type. It is a one-byte text, so it is read as text.
 * The patch is on the adapter's query class, shared by its transactions, and only widens what it reads.
 */
async function patchPgCharType(adapter: SqlDriverAdapter): Promise<void> {
  if (pgCharTypePatched) return;
  const queryable = Object.getPrototypeOf(Object.getPrototypeOf(adapter)) as {
    performIO(this: unknown, query: unknown): Promise<PgResult | PgResult[]>;
  };
  const performIO = queryable.performIO;
  queryable.performIO = async function (query) {
    const result = await performIO.call(this, query);
    // A script of several statements (shim 4) answers a result each.
    for (const one of Array.isArray(result) ? result : [result]) for (const field of one.fields) if (field.dataTypeID === PG_INTERNAL_CHAR_OID) field.dataTypeID = PG_TEXT_OID;
    return result;
  };
  pgCharTypePatched = true;
}

/**
 * Shim 3 (PostgreSQL): adapter-pg's own shadow database drops the database while its pool still holds
 * connections ("being accessed by other users"); this one closes the pool first, then drops.
 */
async function pgShadowDatabase(target: DatabaseTarget): Promise<SqlDriverAdapter> {
  const [{ default: pg }, { PrismaPg }] = await Promise.all([import('pg'), import('@prisma/adapter-pg')]);
  const admin = new pg.Pool({ connectionString: target.url, max: 1 });
  const name = `prisma_shadow_${process.pid}_${randomBytes(4).toString('hex')}`;
  await admin.query(`CREATE DATABASE "${name}"`);
  const url = new URL(target.url);
  url.pathname = `/${name}`;
  const shadow = await new PrismaPg({ connectionString: url.toString() }).connect();
  await patchPgCharType(shadow);
  const dispose = shadow.dispose.bind(shadow);
  let disposed: Promise<void> | undefined;
  shadow.dispose = () =>
    (disposed ??= (async () => {
      await dispose();
      await admin.query(`DROP DATABASE IF EXISTS "${name}"`);
      await admin.end();
    })());
  return shadow;
}

/**
 * Shim 4 (PostgreSQL): adapter-pg runs a script statement by statement, split at every semicolon, which
 * cuts apart the body of a function (a trigger's: db/committed-inserts.ts). Sent whole, as one query
 * without parameters (PostgreSQL's simple protocol), the script is split by PostgreSQL itself.
 */
function withWholeScripts(adapter: SqlDriverAdapter): SqlDriverAdapter {
  adapter.executeScript = async (script) => {
    await adapter.executeRaw({ sql: script, args: [], argTypes: [] });
  };
  return adapter;
}

/** The adapter factory the engine connects through; every connection it opens is kept for `close`. */
async function migrationAwareFactory(target: DatabaseTarget, opened: SqlDriverAdapter[]): Promise<SqlMigrationAwareDriverAdapterFactory> {
  const factory = await adapterFactory(target, NO_DATABASE_TIMEOUTS);
  const track = (adapter: SqlDriverAdapter) => {
    opened.push(adapter);
    return adapter;
  };
  if (target.provider === 'sqlite') {
    const sqlite = factory as SqlMigrationAwareDriverAdapterFactory;
    return {
      provider: factory.provider,
      adapterName: factory.adapterName,
      connect: async () => track(await sqlite.connect()),
      connectToShadowDb: async () => track(withScriptFallback(await sqlite.connectToShadowDb())),
    };
  }
  return {
    provider: factory.provider,
    adapterName: factory.adapterName,
    connect: async () => {
      const adapter = await factory.connect();
      await patchPgCharType(adapter);
      return track(withWholeScripts(adapter));
    },
    connectToShadowDb: async () => track(withWholeScripts(await pgShadowDatabase(target))),
  };
}

export interface OpenSchemaEngine {
  engine: SchemaEngine;
  /** Frees the engine and closes every connection it opened (the engine itself closes none). */
  close(): Promise<void>;
}

/** Opens a schema engine on the database; `datamodel` is the provider schema, when the command needs one. */
export async function openSchemaEngine(target: DatabaseTarget, datamodel?: { path: string; content: string }): Promise<OpenSchemaEngine> {
  loadEngineWasm();
  const log = process.env.PRISMA_ENGINE_LOG ? (line: string) => console.error(line) : () => {};
  const opened: SqlDriverAdapter[] = [];
  const engine = await engineBindings.SchemaEngine.new(
    { datamodels: datamodel ? [[datamodel.path, datamodel.content]] : undefined },
    log,
    bindMigrationAwareSqlAdapterFactory(await migrationAwareFactory(target, opened)),
  );
  return {
    engine,
    close: async () => {
      engine.free();
      await Promise.allSettled(opened.map((adapter) => adapter.dispose()));
    },
  };
}
