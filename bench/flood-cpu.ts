// Server CPU per wrong-secret refusal against the bare route (and each round's req/s beside it), by a
// fixed number of requests per round (not a fixed time) from a minimal raw-socket client, alternating
// for BENCH_ROUNDS rounds. With BENCH_BASELINE=<another checkout> (e.g. /work/main), that checkout's
// server takes the same flood in each round too, so a change is measured against its baseline in the
// same minutes:
//   npx tsx bench/flood-cpu.ts
//   BENCH_BASELINE=../main npx tsx bench/flood-cpu.ts
// BENCH_FLOOD_ONLY=1 skips the bare route, for a profile of the refusal alone (with BENCH_PERF_PROF=1,
// `perf record -g -p <the server's pid>`; see README).
import { SEED } from '../test/support/database';
import { sendRaw, startBaseline, startServers } from './harness';
import { median } from './stats';

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 7);
const REQUESTS = Number(process.env.BENCH_REQUESTS ?? 20_000);

const basic = (clientId: string, secret: string) => `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

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
    const { statuses, perSecond } = await sendRaw(url, requests);
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
