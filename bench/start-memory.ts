// `npm run bench:memory` (issue 12: RSS < 250 MB after a 60-second load at 50 connections, not growing
// over three runs): starts the server as `npm start` does, on a fresh embedded database in a temp
// dir, and prints the time to ready, the server's resident memory 3 s after ready, and after each of
// BENCH_MEMORY_RUNS loads of BENCH_SECONDS at BENCH_CONNECTIONS on partner reads (wallet balance, goods
// detail and a goods search through Prisma, in turn), with the server's CPU time per request (all its
// threads, from /proc: unlike wall time, not inflated by a busy machine). BENCH_START_COMMAND overrides
// the command (e.g. `node --import tsx src/main.ts` to compare with transpiling at start); several
// commands separated by ` | ` start one server each, and every run then loads each server in turn
// (the order alternating from run to run), so their CPU per request is compared under the same noise.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import autocannon from 'autocannon';
import { closedPort } from '../test/support/free-port';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 60);
const CONNECTIONS = Number(process.env.BENCH_CONNECTIONS ?? 50);
const RUNS = Number(process.env.BENCH_MEMORY_RUNS ?? 3);
const COMMANDS = (process.env.BENCH_START_COMMAND ?? 'npm start').split(' | ').map((command) => command.trim().split(/ +/));
const SECRET = 'bench-memory-secret-0123456789';

/** CPU time (user + system, all threads) a process has used, µs. */
function cpuMicros(pid: number): number {
  // Fields after the parenthesised command name; utime and stime are the 12th and 13th of them.
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
  return ((Number(fields[11]) + Number(fields[12])) * 1_000_000) / CLOCK_TICKS_PER_SECOND;
}
const CLOCK_TICKS_PER_SECOND = 100;

/** Resident set size of a process, MB, as the kernel counts it. */
function rssMb(pid: number): number {
  const kb = Number(/VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1]);
  return Math.round(kb / 1024);
}

/** The server's V8 heap (used / total) and external memory, MB, from its Prometheus default metrics. */
async function heapOf(base: string): Promise<string> {
  const metrics = await (await fetch(`${base}/metrics`)).text();
  const mb = (name: string) => Math.round(Number(new RegExp(`^${name} (\\S+)`, 'm').exec(metrics)?.[1]) / 1048576);
  return `heap ${mb('nodejs_heap_size_used_bytes')} / ${mb('nodejs_heap_size_total_bytes')} MB, external ${mb('nodejs_external_memory_bytes')} MB`;
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const load = () => loadavg().map((value) => value.toFixed(1)).join(' ');

interface Server {
  name: string;
  child: ChildProcess;
  workDir: string;
  pid: number;
  base: string;
}

/** Starts one server on its own fresh database and waits until it is up. */
async function startServer(command: string[], started: Server[]): Promise<void> {
  const workDir = mkdtempSync(join(tmpdir(), 'openbuy-memory-'));
  const port = await closedPort();
  const startedAt = performance.now();
  const child: ChildProcess = spawn(command[0] as string, command.slice(1), {
    env: { ...process.env, DATABASE_URL: `file:${join(workDir, 'openbuy.db')}`, PORT: String(port), HOST: '127.0.0.1', SEED_PARTNER_CLIENT_SECRET: SECRET },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  let serverPid: number | undefined;
  const onOutput = (chunk: Buffer) => {
    if (serverPid !== undefined) return;
    output += String(chunk);
    serverPid = Number(/"pid":(\d+)[^\n]*OpenBuy is up/.exec(output)?.[1]) || undefined;
  };
  child.stdout?.on('data', onOutput);
  child.stderr?.on('data', onOutput);
  const server: Server = { name: command.join(' '), child, workDir, pid: 0, base: `http://127.0.0.1:${port}` };
  started.push(server);
  while (serverPid === undefined) {
    if (child.exitCode !== null || performance.now() - startedAt > 300_000) throw new Error(`the server did not start:\n${output}`);
    await sleep(20);
  }
  server.pid = serverPid;
  console.log(`command: ${server.name}; ready in ${((performance.now() - startedAt) / 1000).toFixed(1)} s (load ${load()})`);
  await sleep(3_000);
  console.log(`  idle RSS 3 s after ready: ${rssMb(server.pid)} MB (${await heapOf(server.base)})`);
}

async function partnerHeaders(server: Server): Promise<Record<string, string>> {
  const token = (await (
    await fetch(`${server.base}/open-api/system/oauth2/token?grant_type=client_credentials`, {
      method: 'POST',
      headers: { authorization: `Basic ${Buffer.from(`demo-partner:${SECRET}`).toString('base64')}` },
    })
  ).json()) as { data: { access_token: string } };
  return { authorization: `Bearer ${token.data.access_token}` };
}

async function loadOnce(server: Server, headers: Record<string, string>, run: number): Promise<void> {
  const cpuBefore = cpuMicros(server.pid);
  const result = await autocannon({
    url: server.base,
    connections: CONNECTIONS,
    duration: SECONDS,
    requests: [
      { method: 'GET', path: '/open-api/pay/wallet/balance?externalUserId=demo-user-1', headers },
      { method: 'GET', path: '/open-api/goods/detail?goodsId=692787834585&source=1', headers },
      { method: 'GET', path: '/open-api/goods/search?keyword=hoodie&page=1&source=1', headers },
    ],
  });
  const failed = result.non2xx + result.errors + result.timeouts;
  const cpuPerRequest = Math.round((cpuMicros(server.pid) - cpuBefore) / result.requests.total);
  const label = COMMANDS.length > 1 ? `${server.name}: ` : '';
  console.log(
    `${label}run ${run}: ${Math.round(result.requests.average)} req/s, ${cpuPerRequest} µs server CPU per request, p99 ${result.latency.p99} ms, ${failed} failed; RSS after: ${rssMb(server.pid)} MB; 3 s later: ${(await sleep(3_000), rssMb(server.pid))} MB (${await heapOf(server.base)}; load ${load()})`,
  );
}

const servers: Server[] = [];
try {
  for (const command of COMMANDS) await startServer(command, servers);
  const headers = await Promise.all(servers.map(partnerHeaders));
  for (let run = 1; run <= RUNS; run++) {
    const order = servers.map((_, index) => index);
    if (run % 2 === 0) order.reverse();
    for (const index of order) await loadOnce(servers[index] as Server, headers[index] as Record<string, string>, run);
  }
} finally {
  for (const server of servers) {
    server.child.kill('SIGTERM');
    await new Promise((resolve) => (server.child.exitCode !== null ? resolve(null) : server.child.once('exit', resolve)));
    rmSync(server.workDir, { recursive: true, force: true });
  }
}
