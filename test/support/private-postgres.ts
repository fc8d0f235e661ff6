// A PostgreSQL cluster of the test's own (initdb in a temp folder, on a free port), to stop and start
// at will: the machine's PostgreSQL is shared and must never be stopped. As root, the cluster runs as
// the `postgres` user (PostgreSQL refuses to run as root).
import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { closedPort } from './free-port';

const run = promisify(execFile);
/** The server binaries: TEST_POSTGRES_BIN, else the newest Debian-style /usr/lib/postgresql/<version>/bin. */
function serverBinaries(): string {
  if (process.env.TEST_POSTGRES_BIN) return process.env.TEST_POSTGRES_BIN;
  const root = '/usr/lib/postgresql';
  const versions = existsSync(root) ? readdirSync(root).filter((name) => /^\d+$/.test(name)).sort((a, b) => Number(b) - Number(a)) : [];
  return join(root, versions[0] ?? 'none', 'bin');
}

const BIN = serverBinaries();
const AS_POSTGRES = process.getuid?.() === 0;
const COMMAND_TIMEOUT_MS = 30_000;

/** Whether this machine can run a private cluster (the test skips otherwise; under CI it fails). */
export const PRIVATE_POSTGRES_AVAILABLE = existsSync(join(BIN, 'initdb'));
if (!PRIVATE_POSTGRES_AVAILABLE && process.env.CI) throw new Error(`PostgreSQL server binaries are not installed in ${BIN}; required under CI`);

export class PrivatePostgres {
  private constructor(
    private readonly folder: string,
    readonly port: number,
  ) {}

  static async start(): Promise<PrivatePostgres> {
    const folder = mkdtempSync(join(tmpdir(), 'openbuy-pg-'));
    if (AS_POSTGRES) {
      const { stdout } = await run('id', ['-u', 'postgres']);
      chownSync(folder, Number(stdout.trim()), -1);
    }
    const cluster = new PrivatePostgres(folder, await closedPort());
    await cluster.tool('initdb', ['-D', cluster.dataDir, '-A', 'trust', '-U', 'postgres', '--no-sync', '-E', 'UTF8']);
    await cluster.restart();
    return cluster;
  }

  /** A URL of the cluster's `postgres` database (createScratchDatabase makes its own databases there). */
  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  private get dataDir(): string {
    return join(this.folder, 'data');
  }

  /** Starts the server (again); resolves once it accepts connections. */
  async restart(): Promise<void> {
    const options = `-p ${this.port} -k ${this.folder} -c listen_addresses=127.0.0.1 -c fsync=off`;
    await this.tool('pg_ctl', ['-D', this.dataDir, '-o', options, '-l', join(this.folder, 'server.log'), '-w', 'start']);
  }

  /** Stops the server, disconnecting every client at once (`fast` mode, as a restart by an operator). */
  async stop(): Promise<void> {
    await this.tool('pg_ctl', ['-D', this.dataDir, '-m', 'fast', '-w', 'stop']);
  }

  /** Stops the server if it runs, and deletes the cluster. */
  async destroy(): Promise<void> {
    await this.tool('pg_ctl', ['-D', this.dataDir, '-m', 'immediate', 'stop']).catch(() => undefined);
    rmSync(this.folder, { recursive: true, force: true });
  }

  private async tool(name: string, args: string[]): Promise<void> {
    const command = join(BIN, name);
    if (AS_POSTGRES) await run('runuser', ['-u', 'postgres', '--', command, ...args], { timeout: COMMAND_TIMEOUT_MS });
    else await run(command, args, { timeout: COMMAND_TIMEOUT_MS });
  }
}
