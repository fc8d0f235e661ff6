// npm run bench: the token endpoint and an authenticated no-op partner operation, each against a
// bare Fastify route in the same run. Targets: the authenticated route at >= 50% of the bare one;
// a flood of distinct wrong secrets at >= 50% of it too (no argon2 per refusal), while a correct
// client keeps getting its tokens (checked and printed; the run exits 1 when either fails).
// The flood and the bare route alternate for BENCH_FLOOD_ROUNDS rounds (default 5) of
// BENCH_FLOOD_REQUESTS each, sent by the minimal client; the ratio is the median of the rounds'
// ratios (each flood against the bare run just before it), so that a burst of load from elsewhere on
// the machine does not decide it.
import { SEED } from '../test/support/database';
import { PROBE_URL } from '../test/support/probe-routes';
import { report, run, type Scenario, sendRaw, startServers } from './harness';
import { median } from './stats';

const FLOOD_ROUNDS = Number(process.env.BENCH_FLOOD_ROUNDS ?? 5);
/** Requests per flood round (each a distinct wrong secret) and per bare round. */
const FLOOD_REQUESTS = Number(process.env.BENCH_FLOOD_REQUESTS ?? 30_000);
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
  // The flood rounds send prepared requests from the minimal client (harness.sendRaw), the bare
  // rounds too: autocannon's own CPU per distinct request would bound the flood's rate. Every flood
  // request carries another wrong secret for the demo client, all from one address.
  const bareRequest = Buffer.from(`GET /bare HTTP/1.1\r\nhost: ${new URL(servers.bareUrl).host}\r\n\r\n`);
  const { pathname, search, host } = new URL(tokenUrl);
  const floodRequests = (round: number) =>
    Array.from({ length: FLOOD_REQUESTS }, (_, i) =>
      Buffer.from(`POST ${pathname}${search} HTTP/1.1\r\nhost: ${host}\r\nauthorization: ${basic(SEED.partnerClientId, `wrong-${process.pid}-${round}-${i}`)}\r\n\r\n`),
    );

  // The correct client asks from the same address all through the flood rounds.
  const correctStatuses: number[] = [];
  let flooding = true;
  const correctClient = (async () => {
    while (flooding) {
      correctStatuses.push((await fetch(tokenUrl, correct)).status);
      await new Promise((resolve) => setTimeout(resolve, CORRECT_CLIENT_INTERVAL_MS));
    }
  })();
  /** Each round's rate and server CPU µs per request, bare and flood. */
  const rounds: Array<{ bare: number; flood: number; bareCpu: number; floodCpu: number }> = [];
  const floodStatuses = new Map<number, number>();
  const measured = async (requests: Buffer[], url: string) => {
    const before = await servers.cpuMicros();
    const { statuses, perSecond } = await sendRaw(url, requests);
    return { statuses, perSecond, cpu: ((await servers.cpuMicros()) - before) / requests.length };
  };
  for (let round = 0; round < FLOOD_ROUNDS; round++) {
    const bareRound = await measured(Array.from({ length: FLOOD_REQUESTS }, () => bareRequest), servers.bareUrl);
    const floodRound = await measured(floodRequests(round), servers.appUrl);
    for (const [status, count] of floodRound.statuses) floodStatuses.set(status, (floodStatuses.get(status) ?? 0) + count);
    rounds.push({ bare: bareRound.perSecond, flood: floodRound.perSecond, bareCpu: bareRound.cpu, floodCpu: floodRound.cpu });
  }
  flooding = false;
  await correctClient;

  report('OpenBuy token and guard benchmark', [
    await run(bare),
    await run({ name: 'authenticated no-op GET /open-api/probe', url: `${servers.appUrl}${PROBE_URL}`, headers: { authorization: `Bearer ${token}` } }),
    await run({ name: 'token issue POST /open-api/system/oauth2/token', url: tokenUrl, method: 'POST', headers: correct.headers }),
  ]);

  const floodRatio = median(rounds.map((round) => round.flood / round.bare));
  const pairs = rounds.map((round) => `${round.flood.toFixed(0)}/${round.bare.toFixed(0)} = ${(round.flood / round.bare).toFixed(2)}`).join(', ');
  const issued = correctStatuses.filter((status) => status === 200).length;
  const answered2xx = [...floodStatuses].filter(([status]) => status >= 200 && status < 300).reduce((sum, [, count]) => sum + count, 0);
  console.log(
    `\nwrong-secret flood (${FLOOD_REQUESTS} distinct wrong secrets a round, minimal client): ${floodRatio.toFixed(2)} of the bare route, ` +
      `median of ${FLOOD_ROUNDS} alternating rounds (flood/bare req/s: ${pairs}); target >= 0.50`,
  );
  const cpuRatio = median(rounds.map((round) => round.bareCpu / round.floodCpu));
  console.log(
    `server CPU per request, bare vs flood: ${rounds.map((round) => `${round.bareCpu.toFixed(0)}/${round.floodCpu.toFixed(0)} µs`).join(', ')}; ` +
      `the flood costs ${(1 / cpuRatio).toFixed(2)}x the bare route, i.e. it would run at ${cpuRatio.toFixed(2)} of it on equal CPU (median round)`,
  );
  console.log(`flood answers by status: ${JSON.stringify([...floodStatuses])}; wrong secrets answered 2xx: ${answered2xx}`);
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
