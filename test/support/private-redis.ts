// A redis-server of the test's own on a free port, to stop and start at will (the machine's Redis
// is shared and must never be stopped). Nothing is persisted: a restart starts empty.
import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { closedPort } from './free-port';

const START_TIMEOUT_MS = 10_000;

/** Whether redis-server is installed; under CI it must be (the tests that need it fail rather than skip). */
export const PRIVATE_REDIS_AVAILABLE = spawnSync('redis-server', ['--version']).status === 0;
if (!PRIVATE_REDIS_AVAILABLE && process.env.CI) throw new Error('redis-server is not installed; required under CI');

export class PrivateRedis {
  private process: ChildProcess | undefined;

  private constructor(readonly port: number) {}

  static async start(): Promise<PrivateRedis> {
    const redis = new PrivateRedis(await closedPort());
    await redis.restart();
    return redis;
  }

  get url(): string {
    return `redis://127.0.0.1:${this.port}`;
  }

  /** Starts the server on its port (again, after `stop`); resolves once it accepts connections. */
  async restart(): Promise<void> {
    const child = spawn('redis-server', ['--port', String(this.port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'], {
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    this.process = child;
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`redis-server on port ${this.port} did not start within ${START_TIMEOUT_MS} ms`)), START_TIMEOUT_MS);
      let output = '';
      child.stdout?.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Ready to accept connections')) {
          clearTimeout(timer);
          resolve();
        }
      });
      child.once('error', (error) => {
        clearTimeout(timer);
        reject(error);
      });
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`redis-server on port ${this.port} exited with ${code}: ${output}`));
      });
    });
    child.stdout?.resume();
  }

  /**
   * Freezes the server (SIGSTOP): connections stay open and new ones are accepted by the kernel, but
   * nothing is answered, as with a Redis stalled by a long command or a lost network path.
   */
  pause(): void {
    this.process?.kill('SIGSTOP');
  }

  /** Lets a paused server run on; it answers what it was sent meanwhile. */
  resume(): void {
    this.process?.kill('SIGCONT');
  }

  /** Kills the server (as a crash would) and waits until it is gone. */
  async stop(): Promise<void> {
    const child = this.process;
    this.process = undefined;
    if (!child || child.exitCode !== null) return;
    await new Promise<void>((resolve) => {
      child.once('exit', () => resolve());
      child.kill('SIGKILL');
    });
  }
}
