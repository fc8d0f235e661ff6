// npm run bench: the token endpoint and an authenticated no-op partner operation, each against a
// bare Fastify route in the same run. Target: the authenticated route at >= 50% of the bare one.
import { SEED } from '../test/support/database';
import { PROBE_URL } from '../test/support/probe-routes';
import { report, run, startServers } from './harness';

const servers = await startServers();
try {
  const basic = `Basic ${Buffer.from(`${SEED.partnerClientId}:${SEED.partnerClientSecret}`).toString('base64')}`;
  const tokenResponse = await fetch(`${servers.appUrl}/open-api/system/oauth2/token?grant_type=client_credentials`, { method: 'POST', headers: { authorization: basic } });
  const token = ((await tokenResponse.json()) as { data: { access_token: string } }).data.access_token;
  const results = [
    await run({ name: 'bare Fastify GET /bare', url: `${servers.bareUrl}/bare` }),
    await run({ name: 'authenticated no-op GET /open-api/probe', url: `${servers.appUrl}${PROBE_URL}`, headers: { authorization: `Bearer ${token}` } }),
    await run({
      name: 'token issue POST /open-api/system/oauth2/token',
      url: `${servers.appUrl}/open-api/system/oauth2/token?grant_type=client_credentials`,
      method: 'POST',
      headers: { authorization: basic },
    }),
  ];
  report('OpenBuy token and guard benchmark', results);
} finally {
  await servers.stop();
}
