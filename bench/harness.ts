// Shared benchmark harness: a seeded scratch database, the servers in a child process, autocannon
// runs bounded in time, and a table of req/s with each route's ratio to the bare Fastify route
// measured in the same run.
import { type ChildProcess, fork } from 'node:child_process';
import { resolve } from 'node:path';
import { connect, type Socket } from 'node:net';
import { cpus } from 'node:os';
import autocannon from 'autocannon';
import { migrationsDir } from '../prisma/schema';
import { seedDatabase } from '../prisma/seed';
import { type Db, openDatabase } from '../src/core/db/client';
import { deployMigrations } from '../src/core/db/migrations';
import { createScratchDatabase, type ScratchDatabase } from '../src/core/db/scratch-database';
import { SEED } from '../test/support/database';
import { TEST_DATABASE, TEST_POSTGRES_URL } from '../test/support/environment';

export const DURATION_SECONDS = Number(process.env.BENCH_SECONDS ?? 10);
export const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 10);

export interface BenchServers {
  appUrl: string;
  bareUrl: string;
  scratch: ScratchDatabase;
  /** The servers' process id (its main thread's id too, for per-thread figures from /proc). */
  pid: number;
  /** CPU time (user + system, µs) the servers' process has used so far. */
  cpuMicros(): Promise<number>;
  /** Asks the servers' process to emit a webhook event through its app's outbox (see server.ts). */
  emitWebhookEvent(event: BenchWebhookEvent): void;
  stop(): Promise<void>;
}

/** A `webhook.test` event of a partner, stamped with the time the server writes it. */
export interface BenchWebhookEvent {
  tenantId: number;
  partnerClientId: string;
  orderingKey: string;
  data: Record<string, unknown>;
}

export interface StartOptions {
  /** Seed the demo member (bound to the seeded partner) and the demo catalog. */
  demoData?: boolean;
  /** Writes what the scenarios need before the servers start. */
  prepare?: (db: Db) => Promise<void>;
  /**
   * Runs the servers of another checkout (its bench/server.ts, e.g. /work/main) on the database prepared
   * here, migrated with that checkout's migrations (its schema may be older than this one's).
   */
  checkout?: string;
}

/** The servers' database: SQLite, or with TEST_DATABASE=postgresql a database of TEST_POSTGRES_URL's server (as the tests choose). */
export async function startServers(options: StartOptions = {}): Promise<BenchServers> {
  const scratch = await createScratchDatabase(TEST_DATABASE, 'bench', TEST_POSTGRES_URL);
  await deployMigrations(scratch.target, { dir: options.checkout ? resolve(options.checkout, 'prisma/migrations', TEST_DATABASE) : migrationsDir(TEST_DATABASE) });
  const database = await openDatabase(scratch.target);
  await seedDatabase(database, { ...SEED, demoData: options.demoData ?? false });
  await options.prepare?.(database.db);
  await database.close();
  const child: ChildProcess = fork(options.checkout ? resolve(options.checkout, 'bench/server.ts') : new URL('./server.ts', import.meta.url).pathname, [], {
    cwd: options.checkout,
    // BENCH_CPU_PROF=<dir>: the servers write a V8 CPU profile there when they stop (see README).
    execArgv: ['--import', 'tsx', ...(process.env.BENCH_CPU_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_CPU_PROF}`] : []), ...(process.env.BENCH_PERF_PROF ? ['--perf-basic-prof'] : [])],
    env: { ...process.env, DATABASE_URL: scratch.target.url },
  });
  const urls = await new Promise<{ appUrl: string; bareUrl: string }>((resolve, reject) => {
    child.once('message', (message) => resolve(message as { appUrl: string; bareUrl: string }));
    child.once('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  return {
    ...urls,
    scratch,
    pid: child.pid as number,
    cpuMicros: () =>
      new Promise<number>((resolve) => {
        const listener = (message: unknown) => {
          if (typeof message === 'object' && message !== null && 'cpuMicros' in message) {
            child.off('message', listener);
            resolve((message as { cpuMicros: number }).cpuMicros);
          }
        };
        child.on('message', listener);
        child.send('cpu');
      }),
    emitWebhookEvent: (event) => child.send({ emitWebhookEvent: event }),
    stop: async () => {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.send('stop');
      await exited;
      await scratch.drop();
    },
  };
}

export interface Scenario {
  name: string;
  url: string;
  method?: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  /** Builds each request (for bodies that must differ per request). */
  requests?: autocannon.Request[];
  /**
   * Prebuilt requests, one list per connection, each connection cycling through its own list (a
   * load generator per connection). For requests that must all differ: a `setupRequest` rebuilds
   * every request, which costs the load generator about as much as the server's answer.
   */
  requestsPerConnection?: autocannon.Request[][];
  /** A fixed number of requests instead of a duration (for scenarios that consume prepared records). */
  amount?: number;
}

export interface ScenarioResult {
  name: string;
  requestsPerSecond: number;
  p99Ms: number;
  /** Responses received. */
  total: number;
  status2xx: number;
  non2xx: number;
  /** Answers whose envelope code was not 0 (business rejections travel as HTTP 200). */
  rejected: number;
  errors: number;
}

const SUCCESS = /^\{"code":0[,}]/;

/**
 * `onLastAnswer` runs when a fixed-amount scenario's last answer arrives: autocannon resolves on its
 * once-a-second tick, up to a second later, and what a server does meanwhile is not the requests' doing.
 */
export async function run(scenario: Scenario, onLastAnswer?: () => void): Promise<ScenarioResult> {
  let rejected = 0;
  let answered = 0;
  const started = performance.now();
  let lastAnswerAt = started;
  const countRejected = (status: number, body: string) => {
    lastAnswerAt = performance.now();
    if (status === 200 && !SUCCESS.test(body)) rejected += 1;
    if (++answered === scenario.amount) onLastAnswer?.();
  };
  const load = (requests: autocannon.Request[], connections: number) =>
    autocannon({
      url: scenario.url,
      method: scenario.method ?? 'GET',
      headers: scenario.headers,
      body: scenario.body,
      requests: requests.map((request) => ({ ...request, onResponse: countRejected })),
      connections,
      ...(scenario.amount ? { amount: scenario.amount } : { duration: DURATION_SECONDS }),
    });
  const results = scenario.requestsPerConnection
    ? await Promise.all(scenario.requestsPerConnection.map((requests) => load(requests, 1)))
    : [await load(scenario.requests ?? [{}], CONNECTIONS)];
  const sum = (value: (result: autocannon.Result) => number) => results.reduce((total, result) => total + value(result), 0);
  return {
    name: scenario.name,
    // Answers over the time until the last one: autocannon's own rate and duration end on its
    // once-a-second tick, so a fixed-amount run of 4.2 s or 4.9 s would both read as 1/5 of its amount.
    requestsPerSecond: Math.round(sum((result) => result.requests.total) / ((lastAnswerAt - started) / 1000)),
    // Of several load generators, the slowest one's p99 (an upper bound of the whole run's).
    p99Ms: Math.max(...results.map((result) => result.latency.p99)),
    total: sum((result) => result.requests.total),
    status2xx: sum((result) => result['2xx']),
    non2xx: sum((result) => result.non2xx),
    rejected,
    errors: sum((result) => result.errors),
  };
}

/**
 * Sends prepared raw HTTP/1.1 requests over CONNECTIONS keep-alive sockets, one outstanding per
 * socket; resolves with the status counts and the rate. A load generator costing far less per request
 * than autocannon, whose per-request CPU on a flood of distinct requests exceeded what the server
 * spends refusing them (bench/README.md, wrong-secret flood): on two cores the client then bounds
 * the rate it reports.
 */
export async function sendRaw(url: string, requests: Buffer[]): Promise<{ statuses: Map<number, number>; perSecond: number }> {
  const { hostname, port } = new URL(url);
  const statuses = new Map<number, number>();
  let next = 0;
  const connection = () =>
    new Promise<void>((resolve, reject) => {
      const socket: Socket = connect(Number(port), hostname);
      let buffered = Buffer.alloc(0);
      const write = () => {
        if (next >= requests.length) return socket.end(), resolve();
        socket.write(requests[next++] as Buffer);
      };
      socket.on('connect', write);
      socket.on('error', reject);
      socket.on('data', (chunk) => {
        buffered = buffered.length === 0 ? chunk : Buffer.concat([buffered, chunk]);
        for (;;) {
          const end = buffered.indexOf('\r\n\r\n');
          if (end < 0) return;
          const head = buffered.subarray(0, end).toString('latin1');
          const length = Number(/content-length: *(\d+)/i.exec(head)?.[1] ?? 0);
          if (buffered.length < end + 4 + length) return;
          const status = Number(head.slice(9, 12));
          statuses.set(status, (statuses.get(status) ?? 0) + 1);
          buffered = buffered.subarray(end + 4 + length);
          write();
        }
      });
    });
  const startedAt = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  return { statuses, perSecond: requests.length / ((performance.now() - startedAt) / 1000) };
}

/** Prints the table; the first result is the bare route every ratio is taken against. */
export function report(title: string, results: ScenarioResult[]): void {
  const [bare] = results;
  if (!bare) return;
  console.log(`\n${title}`);
  console.log(`node ${process.version}, ${cpus().length} x ${cpus()[0]?.model ?? 'cpu'}, ${CONNECTIONS} connections, ${DURATION_SECONDS} s per route\n`);
  console.log('| route | req/s | p99 ms | ratio to bare | non-2xx | rejected | errors |');
  console.log('|---|---:|---:|---:|---:|---:|---:|');
  for (const result of results) {
    const ratio = (result.requestsPerSecond / bare.requestsPerSecond).toFixed(2);
    console.log(`| ${result.name} | ${result.requestsPerSecond} | ${result.p99Ms} | ${ratio} | ${result.non2xx} | ${result.rejected} | ${result.errors} |`);
  }
}

/** The baseline checkout's app server on the same database, and its CPU clock. */
export async function startBaseline(checkout: string, databaseUrl: string) {
  const child = fork(resolve(checkout, 'bench/server.ts'), [], { cwd: checkout, execArgv: ['--import', 'tsx'], env: { ...process.env, DATABASE_URL: databaseUrl } });
  const { appUrl } = await new Promise<{ appUrl: string }>((done) => child.once('message', (message) => done(message as { appUrl: string })));
  const cpuMicros = () =>
    new Promise<number>((done) => {
      child.once('message', (message) => done((message as { cpuMicros: number }).cpuMicros));
      child.send('cpu');
    });
  const stop = () => new Promise((done) => (child.once('exit', done), child.send('stop')));
  return { appUrl, cpuMicros, stop };
}
