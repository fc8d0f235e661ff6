// A local HTTP server standing in for an outside service: on 127.0.0.1 and a free port, listening
// from the test file's next hook until after its tests.
import { createServer, type RequestListener } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface StubServer {
  /** `http://127.0.0.1:<port>`, once the server listens. */
  readonly base: string;
}

export function useStubServer(handler: RequestListener): StubServer {
  const server = createServer(handler);
  let base = '';
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    server.closeAllConnections();
    await new Promise<void>((resolve, reject) => server.close((error) => (error ? reject(error) : resolve())));
  });
  return {
    get base() {
      return base;
    },
  };
}
