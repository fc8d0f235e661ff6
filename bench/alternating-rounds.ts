// Rounds of two kinds, without a webhook endpoint and with one, on one server process: its luck (up to
// ~10% from one process to the next, bench/README.md) then weighs on both kinds alike. The endpoint is
// enabled and disabled between rounds through the console's GraphQL API as an administrator does it
// (the server's outbox forgets the partner's endpoints at once), and each round starts on an empty
// SQLite WAL, so that neither kind pays the checkpoint of what the round before it wrote.
import { SEED_ADMIN_USERNAME, SEED_TENANT_NAME } from '../prisma/seed';
import type { Database, Db } from '../src/core/db/client';
import { SEED } from '../test/support/database';

const LOGIN = 'mutation($username: String!, $password: String!, $tenant: String!) { login(username: $username, password: $password, tenant: $tenant) { accessToken } }';
const ENDPOINT_STATUS = 'mutation($input: WebhookEndpointUpdateStatusReqVO!) { updateWebhookEndpointStatus(input: $input) }';

/** Asks a server's GraphQL API; throws on an error. */
async function graphql<T>(appUrl: string, token: string | undefined, query: string, variables: Record<string, unknown>): Promise<T> {
  const response = await fetch(`${appUrl}/graphql`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify({ query, variables }),
  });
  const answer = (await response.json()) as { data?: T; errors?: { message: string }[] };
  if (!answer.data || answer.errors) throw new Error(`GraphQL refused: ${answer.errors?.[0]?.message}`);
  return answer.data;
}

export type EndpointSwitch = (enabled: boolean) => Promise<void>;

/** Signs in to the server at `appUrl` (seeded with the bench's SEED) and answers the switch of its endpoint `endpointId`, now enabled. */
export async function endpointSwitch(appUrl: string, endpointId: number): Promise<EndpointSwitch> {
  const variables = { username: SEED_ADMIN_USERNAME, password: SEED.adminPassword, tenant: SEED_TENANT_NAME };
  const token = (await graphql<{ login: { accessToken: string } }>(appUrl, undefined, LOGIN, variables)).login.accessToken;
  let enabled = true;
  // Enables or disables the endpoint (nothing to do when it already is).
  return async (wanted) => {
    if (wanted === enabled) return;
    await graphql(appUrl, token, ENDPOINT_STATUS, { input: { id: endpointId, status: wanted ? 0 : 1 } });
    enabled = wanted;
  };
}

/**
 * Events written so far, pending and fanned out, read in one statement (one snapshot: a fan-out turns
 * the one into the other in one transaction): a round without an endpoint must write none.
 */
export async function eventsWritten(db: Db): Promise<number> {
  const [row] = await db.$queryRaw<{ written: number | bigint }[]>`SELECT (SELECT COUNT(*) FROM "WebhookPendingEvent") + (SELECT COUNT(*) FROM "WebhookEvent") AS "written"`;
  return Number(row?.written);
}

/**
 * Puts a server in the state a round of its kind starts from: its endpoint switched to `withEndpoint`
 * (a server without one, `enableEndpoint` undefined, has nothing to switch), on an empty WAL.
 */
export async function readyForRound(database: Database, withEndpoint: boolean, enableEndpoint: EndpointSwitch | undefined): Promise<void> {
  await enableEndpoint?.(withEndpoint);
  await emptyWal(database);
}

/**
 * Checkpoints the database's WAL into it and truncates it, here rather than in the server: the next
 * round then starts where every round starts. A no-op on PostgreSQL.
 */
async function emptyWal(database: Database): Promise<void> {
  if (database.target.provider !== 'sqlite') return;
  // Busy while a reader holds an old snapshot (the server's worker polling): again a moment later.
  for (let attempt = 0; attempt < 100; attempt++) {
    const [result] = await database.db.$queryRawUnsafe<{ busy: number | bigint }[]>('PRAGMA wal_checkpoint(TRUNCATE)');
    if (Number(result?.busy) === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
  throw new Error('the WAL stayed busy for a second');
}
