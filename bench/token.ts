// npm run bench: the token endpoint and an authenticated no-op partner operation, each against a
// bare Fastify route in the same run. Targets: the authenticated route at >= 50% of the bare one;
// a flood of distinct wrong secrets at >= 50% of it too (no argon2 per refusal), while a correct
// client keeps getting its tokens (checked and printed; the run exits 1 when either fails).
// The flood and the bare route alternate for BENCH_FLOOD_ROUNDS rounds (default 5); the ratio is
// the median of the rounds' ratios (each flood against the bare run just before it), so that a
// burst of load from elsewhere on the machine does not decide it.
import { SEED } from '../test/support/database';
import { PROBE_URL } from '../test/support/probe-routes';
import { CONNECTIONS, DURATION_SECONDS, report, run, type Scenario, type ScenarioResult, startServers } from './harness';

const FLOOD_ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 5);
/** Distinct wrong secrets per round, split between the connections; a round that sends more repeats them, at the same cost (nothing remembers a wrong secret). */
const FLOOD_POOL = Number(process.env.BENCH_FLOOD_POOL ?? 100_000);
/** How often the correct client asks for a token during the flood. */
const CORRECT_CLIENT_INTERVAL_MS = 100;

const basic = (clientId: string, secret: string) => `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;

const servers = await startServers();
try {
  const tokenUrl = `${servers.appUrl}/open-api/system/oauth2/token?grant_type=client_credentials`;
  const correct = { method: 'POST', headers: { authorization: basic(SEED.partnerClientId, SEED.partnerClientSecret) } };
  const tokenResponse = await fetch(tokenUrl, correct);
  const token = ((await tokenResponse.json()) as { data: { access_token: string } }).data.access_token;

  const bare: Scenario = { name: 'bare Fastify GET /bare', url: `${servers.bareUrl}/bare` };
  // Every request another wrong secret for the demo client, all from one address. The requests are
  // made before each round (a fresh pool per round, split between the connections, each with its
  // own load generator): during the round the load generator only sends the next one, as it does
  // for the bare route.
  const flood = (round: number): Scenario => {
    const perConnection = Math.ceil(FLOOD_POOL / CONNECTIONS);
    return {
      name: 'wrong-secret flood POST /open-api/system/oauth2/token (a distinct secret each)',
      url: tokenUrl,
      method: 'POST',
      requestsPerConnection: Array.from({ length: CONNECTIONS }, (_, connection) =>
        Array.from({ length: perConnection }, (_, i) => ({ headers: { authorization: basic(SEED.partnerClientId, `wrong-${process.pid}-${round}-${connection}-${i}`) } })),
      ),
    };
  };

  // The correct client asks from the same address all through the flood rounds.
  const correctStatuses: number[] = [];
  let flooding = true;
  const correctClient = (async () => {
    while (flooding) {
      correctStatuses.push((await fetch(tokenUrl, correct)).status);
      await new Promise((resolve) => setTimeout(resolve, CORRECT_CLIENT_INTERVAL_MS));
    }
  })();
  const bareRounds: ScenarioResult[] = [];
  const floodRounds: ScenarioResult[] = [];
  /** Server CPU µs per request of each round, bare and flood. */
  const cpuPerRequest: Array<{ bare: number; flood: number }> = [];
  const measured = async (scenario: Scenario, into: ScenarioResult[]) => {
    const before = await servers.cpuMicros();
    const result = await run(scenario);
    into.push(result);
    return ((await servers.cpuMicros()) - before) / Math.max(1, result.total);
  };
  for (let round = 0; round < FLOOD_ROUNDS; round++) {
    const bareCpu = await measured(bare, bareRounds);
    cpuPerRequest.push({ bare: bareCpu, flood: await measured(flood(round), floodRounds) });
  }
  flooding = false;
  await correctClient;

  // The round whose flood/bare ratio is the median one.
  const ratios = floodRounds.map((floodRound, i) => ({ round: i, ratio: floodRound.requestsPerSecond / (bareRounds[i] as ScenarioResult).requestsPerSecond }));
  const { round: medianRound, ratio: floodRatio } = [...ratios].sort((a, b) => a.ratio - b.ratio)[Math.floor(ratios.length / 2)] as { round: number; ratio: number };
  const results = [
    bareRounds[medianRound] as ScenarioResult,
    await run({ name: 'authenticated no-op GET /open-api/probe', url: `${servers.appUrl}${PROBE_URL}`, headers: { authorization: `Bearer ${token}` } }),
    await run({ name: 'token issue POST /open-api/system/oauth2/token', url: tokenUrl, method: 'POST', headers: correct.headers }),
    floodRounds[medianRound] as ScenarioResult,
  ];
  report('OpenBuy token and guard benchmark', results);

  const pairs = ratios.map(({ round, ratio }) => `${floodRounds[round]?.requestsPerSecond}/${bareRounds[round]?.requestsPerSecond} = ${ratio.toFixed(2)}`).join(', ');
  const issued = correctStatuses.filter((status) => status === 200).length;
  const answered2xx = floodRounds.reduce((sum, round) => sum + round.status2xx, 0);
  console.log(`\nwrong-secret flood: ${floodRatio.toFixed(2)} of the bare route, median of ${FLOOD_ROUNDS} alternating rounds (flood/bare req/s: ${pairs}); target >= 0.50`);
  const cpuRatios = cpuPerRequest.map(({ bare: bareCpu, flood: floodCpu }) => bareCpu / floodCpu).sort((a, b) => a - b);
  const cpuRatio = cpuRatios[Math.floor(cpuRatios.length / 2)] as number;
  console.log(
    `server CPU per request, bare vs flood: ${cpuPerRequest.map(({ bare: b, flood: f }) => `${b.toFixed(0)}/${f.toFixed(0)} µs`).join(', ')}; ` +
      `the flood costs ${(1 / cpuRatio).toFixed(2)}x the bare route, i.e. it would run at ${cpuRatio.toFixed(2)} of it on equal CPU (median round)`,
  );
  const sent = floodRounds.map((round) => round.requestsPerSecond * DURATION_SECONDS);
  console.log(`wrong secrets answered 2xx: ${answered2xx}; about ${Math.max(...sent)} sent in the busiest round, from a pool of ${FLOOD_POOL} distinct ones`);
  console.log(`correct client during the flood: ${issued} of ${correctStatuses.length} token requests answered 200`);
  const failures = [
    ...(floodRatio < 0.5 ? ['the wrong-secret flood runs below 0.5 of the bare route'] : []),
    ...(answered2xx !== 0 ? ['a wrong secret was answered 2xx'] : []),
    ...(correctStatuses.length === 0 || issued !== correctStatuses.length ? ['the correct client did not get every token during the flood'] : []),
  ];
  for (const failure of failures) console.error(`FAILED: ${failure}`);
  if (failures.length > 0) process.exitCode = 1;
} finally {
  await servers.stop();
}
