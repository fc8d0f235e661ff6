// `npm start` as a person runs it: a real process on a fresh embedded database.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { migrationsDir } from '../prisma/schema';
import { readMigrations } from '../src/core/db/migrations';

const workDir = mkdtempSync(join(tmpdir(), 'openbuy-main-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

function start(env: Record<string, string>): { child: ChildProcess; output: () => string; exited: Promise<number | null> } {
  let output = '';
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
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

describe.skipIf(process.env.TEST_DATABASE === 'postgresql')('npm start', () => {
  it('migrates and seeds a new embedded database, serves, and exits cleanly on SIGTERM', async () => {
    const server = start({ DATABASE_URL: `file:${join(workDir, 'first.db')}`, SEED_PARTNER_CLIENT_SECRET: 'process-test-secret-0123' });
    try {
      await waitFor(() => /OpenBuy is up: REST (http:\/\/\S+)\/open-api/.test(server.output()), 30_000);
      const base = /OpenBuy is up: REST (http:\/\/\S+)\/open-api/.exec(server.output())?.[1] as string;
      expect(server.output()).toContain(`Applied ${readMigrations(migrationsDir('sqlite')).migrationDirectories.length} database migration(s).`);
      expect(server.output()).toMatch(/Administrator \(tenant 1\): username admin {2}password \S{16,}/);
      expect(server.output()).toContain('client_id demo-partner  client_secret (from SEED_PARTNER_CLIENT_SECRET)');
      const token = await fetch(`${base}/open-api/system/oauth2/token?grant_type=client_credentials`, {
        method: 'POST',
        headers: { authorization: `Basic ${Buffer.from('demo-partner:process-test-secret-0123').toString('base64')}` },
      });
      expect(((await token.json()) as { code: number }).code).toBe(0);
      server.child.kill('SIGTERM');
      expect(await server.exited).toBe(0);
      expect(server.output()).toContain('shutting down');
    } finally {
      server.child.kill('SIGKILL');
    }
  }, 60_000);

  it('refuses to start on invalid configuration, naming the variable', async () => {
    const server = start({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain('PORT:');
  }, 30_000);
});
