// A ready typed client for internal tools: `createClient(url, token)`. Only the router's type is
// imported, so a tool bundles none of the server.
import { createTRPCClient, httpBatchLink } from '@trpc/client';
import superjson from 'superjson';
import type { AppRouter } from './router';
import { TRPC_MAX_BATCH_SIZE } from './limits';

export type { AppRouter };

/** `url` is the service's base URL (http://host:port) or its /trpc endpoint; `token` an access token. */
export function createClient(url: string, token?: string) {
  const endpoint = url.replace(/\/+$/, '').replace(/(\/trpc)?$/, '/trpc');
  return createTRPCClient<AppRouter>({
    links: [
      httpBatchLink({
        url: endpoint,
        maxItems: TRPC_MAX_BATCH_SIZE,
        transformer: superjson,
        headers: () => (token ? { authorization: `Bearer ${token}` } : {}),
      }),
    ],
  });
}
