// Calls to the order operations as a partner makes them: JSON bodies, and query strings whose
// arrays repeat the name (open-api.md conventions).
import type { FastifyInstance } from 'fastify';
import { basicAuth, envelope, requestToken } from './app';
import type { TestPartner } from './partner-clients';

export function postJson(app: FastifyInstance, token: string, url: string, body: unknown) {
  return app.inject({ method: 'POST', url, headers: { authorization: `Bearer ${token}` }, payload: body as object });
}

export function getQuery(app: FastifyInstance, token: string, url: string, query: Record<string, string | number | readonly string[] | undefined>) {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value === undefined) continue;
    for (const entry of Array.isArray(value) ? value : [value]) search.append(name, String(entry));
  }
  return app.inject({ method: 'GET', url: `${url}?${search}`, headers: { authorization: `Bearer ${token}` } });
}

/** A token of another partner (every scope it was granted). */
export async function tokenOf(app: FastifyInstance, partner: TestPartner): Promise<string> {
  const body = envelope<{ access_token: string }>(await requestToken(app, { authorization: basicAuth(partner.clientId, partner.secret) }));
  if (body.code !== 0) throw new Error(`token request failed: ${body.msg}`);
  return body.data.access_token;
}
