// `npm start` as a person runs it: a real process on a fresh embedded database.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../prisma/schema';
import { buildServer, SERVER_BUILD_DIR, serverBuildIsStale } from '../scripts/server-bundle';
import { readMigrations } from '../src/core/db/migrations';
import { closedPort } from './support/free-port';

const workDir = mkdtempSync(join(tmpdir(), 'openbuy-main-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
// What `npm start` runs: the compiled server, built first when stale (as its prestart does).
beforeAll(async () => {
  if (serverBuildIsStale(SERVER_BUILD_DIR)) await buildServer(SERVER_BUILD_DIR);
}, 120_000);

interface Started {
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

/** The command of package.json's start script (`exec node <flags> <compiled entry>`), with this node. */
function serverCommand(): string[] {
  const { scripts } = JSON.parse(readFileSync('package.json', 'utf8')) as { scripts: { start: string } };
  const [, node, ...rest] = scripts.start.split(' ');
  expect(node).toBe('node');
  return [process.execPath, ...rest];
}

/** The server itself (as `npm start` runs it, without npm), or `npm start` as users run it. */
function start(env: Record<string, string>, command: readonly string[] = serverCommand()): Started {
  let output = '';
  const child = spawn(command[0] as string, command.slice(1), {
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PAYMENT_CHANNEL_SECRET: 'process-test-channel-secret-0123456789',
      LOG_LEVEL: 'info',
      HOST: '127.0.0.1',
      PORT: '0',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += String(chunk)));
  child.stderr?.on('data', (chunk) => (output += String(chunk)));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function waitFor(condition: () => boolean, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!condition()) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

/** The REST base address the server prints once it is up. */
async function baseOf(server: Started): Promise<string> {
  const up = /OpenBuy is up: REST (http:\/\/\S+)\/open-api/;
  await waitFor(() => up.test(server.output()), 30_000);
  return up.exec(server.output())?.[1] as string;
}

describe.skipIf(process.env.TEST_DATABASE === 'postgresql')('npm start', () => {
  it('migrates and seeds a new embedded database, serves, and exits cleanly on SIGTERM', async () => {
    const server = start({ DATABASE_URL: `file:${join(workDir, 'first.db')}`, SEED_PARTNER_CLIENT_SECRET: 'process-test-secret-0123' });
    try {
      const base = await baseOf(server);
      expect(server.output()).toContain(`Applied ${readMigrations(migrationsDir('sqlite')).migrationDirectories.length} database migration(s).`);
      expect(server.output()).toMatch(/Administrator \(tenant 1\): username admin {2}password \S{16,}/);
      expect(server.output()).toContain('client_id demo-partner  client_secret (from SEED_PARTNER_CLIENT_SECRET)');
      const token = await fetch(`${base}/open-api/system/oauth2/token?grant_type=client_credentials`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('demo-partner:process-test-secret-0123').toString('base64')}` },
      });
      expect(((await token.json()) as { code: number }).code).toBe(0);
      // The docs address exactly as printed, with every asset its page references.
      const docs = /\(docs (http:\/\/\S+)\)/.exec(server.output())?.[1] as string;
      expect(docs).toBe(`${base}/open-api/docs`);
      const page = await fetch(docs);
      expect(page.status).toBe(200);
      const assets = [...(await page.text()).matchAll(/\s(?:src|href)="([^"]+)"/g)].map((match) => new URL(match[1] as string, docs).href);
      expect(assets).toContain(`${base}/open-api/docs/static/swagger-ui-bundle.js`);
      // Read to the end, as a browser does: a response still being written holds the shutdown.
      for (const asset of assets) {
        const response = await fetch(asset);
        await response.arrayBuffer();
        expect(response.status, asset).toBe(200);
      }
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
      expect(server.output()).toContain('shutting down');
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 60_000);

  // A request still arriving is in flight: shutdown waits for it, but no longer than SHUTDOWN_TIMEOUT_MS.
  it('waits at most SHUTDOWN_TIMEOUT_MS for a request in flight, then exits 1 saying so', async () => {
    const server = start({ DATABASE_URL: `file:${join(workDir, 'held.db')}`, SHUTDOWN_TIMEOUT_MS: '500' });
    const held = new Socket();
    try {
      const port = Number(new URL(await baseOf(server)).port);
      await new Promise<void>((resolve) => held.connect(port, '127.0.0.1', resolve));
      // Half the body it announces: the server waits for the rest.
      held.write('POST /open-api/system/oauth2/token HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 20\r\n\r\n{"grant_');
      await new Promise((resolve) => setTimeout(resolve, 200));
      const signalled = Date.now();
      server.child.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(1);
      expect(Date.now() - signalled).toBeGreaterThanOrEqual(450);
      expect(server.output()).toContain('shutdown timed out; exiting');
    } finally {
      held.destroy();
      server.child.kill('SIGKILL');
    }
  }, 60_000);

  it('refuses to start on invalid configuration, naming the variable', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT:');
  }, 30_000);
});

/** Whether a process with this id is still there (signal 0 only checks). */
function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function portOpen(port: number): Promise<boolean> {
  return fetch(`http://127.0.0.1:${port}/healthz`, { signal: AbortSignal.timeout(2_000) }).then(
    () => true,
    () => false,
  );
}

// Process managers and containers signal the main process only: whichever of npm and the server gets
// SIGTERM, the server shuts down gracefully and nothing is left behind.
describe.skipIf(process.env.TEST_DATABASE === 'postgresql')('SIGTERM through npm start', () => {
  for (const target of ['npm', 'server'] as const) {
    it(`sent to the ${target} process stops the server and leaves no process`, async () => {
      const port = await closedPort();
      const npm = start({ DATABASE_URL: `file:${join(workDir, `signal-${target}.db`)}`, PORT: String(port) }, ['npm', 'start']);
      let serverPid: number | undefined;
      try {
        await waitFor(() => /OpenBuy is up/.test(npm.output()), 60_000);
        serverPid = Number(/"pid":(\d+)[^\n]*OpenBuy is up/.exec(npm.output())?.[1]);
        expect(serverPid).not.toBe(npm.child.pid);
        expect(await portOpen(port)).toBe(true);
        process.kill(target === 'npm' ? (npm.child.pid as number) : serverPid, 'SIGTERM');
        expect(await npm.exited, npm.output()).toBe(0);
        await waitFor(() => !alive(serverPid as number), 10_000);
        expect(npm.output()).toContain('"signal":"SIGTERM"');
        expect(await portOpen(port)).toBe(false);
      } finally {
        npm.child.kill('SIGKILL');
        if (serverPid && alive(serverPid)) process.kill(serverPid, 'SIGKILL');
      }
    }, 90_000);
  }
});
