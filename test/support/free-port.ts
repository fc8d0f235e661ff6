// A port on 127.0.0.1 that was free a moment ago, for tests of an unreachable server.
import { type AddressInfo, createServer } from 'node:net';

export async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
