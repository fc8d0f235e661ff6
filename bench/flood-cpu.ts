// Server CPU per wrong-secret refusal against the bare route (and each round's req/s beside it), by a
// fixed number of requests per round (not a fixed time) from a minimal raw-socket client, alternating
// for BENCH_ROUNDS rounds. With BENCH_BASELINE=<another checkout> (e.g. /work/main), that checkout's
// server takes the same flood in each round too, so a change is measured against its baseline in the
// same minutes:
//   npx tsx bench/flood-cpu.ts
//   BENCH_BASELINE=../main npx tsx bench/flood-cpu.ts
// BENCH_FLOOD_ONLY=1 skips the bare route, for a profile of the refusal alone (with BENCH_PERF_PROF=1,
// `perf record -g -p <the server's pid>`; see README).
import { connect, type Socket } from 'node:net';
import { SEED } from '../test/support/database';
import { CONNECTIONS, startBaseline, startServers } from './harness';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);

const basic = (clientId: string, secret: string) => `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

/** Sends `requests` over CONNECTIONS keep-alive sockets, one outstanding per socket; resolves with the status counts. */
async function send(url: string, requests: Buffer[]): Promise<Map<number, number>> {
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
  await Promise.all(Array.from({ length: CONNECTIONS }, connection));
  return statuses;
}


const servers = await startServers();
const baseline = process.env.BENCH_BASELINE ? await startBaseline(process.env.BENCH_BASELINE, servers.scratch.target.url) : undefined;
try {
  const host = new URL(servers.appUrl).host;
  const bareRequests = Array.from({ length: REQUESTS }, () => Buffer.from(`GET /bare HTTP/1.1\r\nhost: ${new URL(servers.bareUrl).host}\r\n\r\n`));
  const floodRequests = (round: number) =>
    Array.from({ length: REQUESTS }, (_, i) =>
      Buffer.from(`POST /open-api/system/oauth2/token?grant_type=client_credentials HTTP/1.1\r\nhost: ${host}\r\nauthorization: ${basic(SEED.partnerClientId, `wrong-${process.pid}-${round}-${i}`)}\r\n\r\n`),
    );
  const cpuPerRequest = async (url: string, requests: Buffer[], cpuMicros = servers.cpuMicros) => {
    const before = await cpuMicros();
    const startedAt = performance.now();
    const statuses = await send(url, requests);
    const perSecond = requests.length / ((performance.now() - startedAt) / 1000);
    return { micros: ((await cpuMicros()) - before) / requests.length, perSecond, statuses };
  };
  await cpuPerRequest(servers.bareUrl, bareRequests.slice(0, 5000));
  await cpuPerRequest(servers.appUrl, floodRequests(-1).slice(0, 5000));
  if (baseline) await cpuPerRequest(baseline.appUrl, floodRequests(-2).slice(0, 5000), baseline.cpuMicros);
  const rounds: Array<{ bare: number; flood: number; baseline: number; bareRate: number; floodRate: number }> = [];
  for (let round = 0; round < ROUNDS; round++) {
    const bare = process.env.BENCH_FLOOD_ONLY ? { micros: NaN, perSecond: NaN } : await cpuPerRequest(servers.bareUrl, bareRequests);
    // Which of the two goes first alternates, so neither always follows the bare route.
    const runBaseline = async () => (baseline ? await cpuPerRequest(baseline.appUrl, floodRequests(round + ROUNDS), baseline.cpuMicros) : { micros: NaN });
    const before = round % 2 === 1 ? await runBaseline() : undefined;
    const flood = await cpuPerRequest(servers.appUrl, floodRequests(round));
    const after = before ?? (await runBaseline());
    rounds.push({ bare: bare.micros, flood: flood.micros, baseline: after.micros, bareRate: bare.perSecond, floodRate: flood.perSecond });
    console.log(
      `round ${round}: bare ${bare.micros.toFixed(1)} µs, flood ${flood.micros.toFixed(1)} µs (${(bare.micros / flood.micros).toFixed(2)}); ` +
        `bare ${bare.perSecond.toFixed(0)} req/s, flood ${flood.perSecond.toFixed(0)} req/s (${(flood.perSecond / bare.perSecond).toFixed(2)}); flood statuses ${JSON.stringify([...flood.statuses])}` +
        (baseline ? `; baseline flood ${after.micros.toFixed(1)} µs (this one is ${(flood.micros / after.micros).toFixed(2)}x)` : ''),
    );
  }
  const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;
  const min = (values: number[]) => Math.min(...values);
  console.log(
    `server CPU per request, median (min) of ${ROUNDS} rounds of ${REQUESTS}: bare ${median(rounds.map((r) => r.bare)).toFixed(1)} (${min(rounds.map((r) => r.bare)).toFixed(1)}) µs, ` +
      `flood ${median(rounds.map((r) => r.flood)).toFixed(1)} (${min(rounds.map((r) => r.flood)).toFixed(1)}) µs; ratio on equal CPU ${median(rounds.map((r) => r.bare / r.flood)).toFixed(2)}; ` +
      `throughput ratio with this minimal client (flood ÷ bare req/s, median of the rounds) ${median(rounds.map((r) => r.floodRate / r.bareRate)).toFixed(2)}` +
      (baseline
        ? `; baseline flood ${median(rounds.map((r) => r.baseline)).toFixed(1)} (${min(rounds.map((r) => r.baseline)).toFixed(1)}) µs, this/baseline per round median ${median(rounds.map((r) => r.flood / r.baseline)).toFixed(2)}`
        : ''),
  );
} finally {
  await baseline?.stop();
  await servers.stop();
}
