// `npm test`: the whole suite on the embedded default (SQLite, in-memory rate limits and caches),
// then again on PostgreSQL with Redis. Without those servers the second pass is skipped, and says
// so; under CI it is mandatory, so unreachable services fail the run. In between, the console's
// browser tests (vitest.e2e.config.ts) run once on SQLite. Arguments go to vitest.
//
// A failed test runs once more (--retry=1): on a shared 2-core machine a timing-dependent test can
// lose a race once in many runs, and one such loss would hold everything back. A test that fails
// twice fails the run; one that passed only on its retry is named at the end with its first failure,
// so a flake stays visible and gets fixed rather than hidden.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';

const postgresUrl = process.env.TEST_POSTGRES_URL || 'postgres://postgres@127.0.0.1:5432/postgres';
const redisUrl = process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
const underCi = Boolean(process.env.CI);
const vitestArgs = process.argv.slice(2);

function reachable(url: string): Promise<boolean> {
  const { hostname, port } = new URL(url);
  return new Promise((resolve) => {
    const socket = new Socket();
    const done = (ok: boolean) => {
      socket.destroy();
      resolve(ok);
    };
    socket.setTimeout(2000, () => done(false));
    socket.once('error', () => done(false));
    socket.connect(Number(port), hostname.replace(/^\[|\]$/g, ''), () => done(true));
  });
}

/** The console's browser pass (vitest.e2e.config.ts) ends here at the latest. */
const E2E_PASS_TIMEOUT_MS = 10 * 60_000;

interface Counts {
  passed: number;
  failed: number;
  skipped: number;
}

interface VitestJsonReport {
  numPassedTests: number;
  numFailedTests: number;
  numPendingTests: number;
  numTodoTests: number;
  testResults: { name: string; status: string; message?: string; assertionResults: { fullName: string; status: string; failureMessages?: string[] }[] }[];
}

/** A failure's first lines: CI keeps only the tail of the log, so the summary must name what failed. */
function firstLines(text: string, count = 6): string {
  return text.split('\n').slice(0, count).map((line) => `      ${line}`).join('\n');
}

/** The tests that failed, and those that passed only on their retry (a failure message kept), each with its first failure's lines. */
function outcomesOf(label: string, report: VitestJsonReport): { failures: string[]; flaky: string[] } {
  const failures: string[] = [];
  const flaky: string[] = [];
  const describe = (file: string, test: { fullName: string; failureMessages?: string[] }) =>
    `  [${label}] ${relative(process.cwd(), file)} > ${test.fullName}\n${firstLines(test.failureMessages?.[0] ?? '')}`;
  for (const file of report.testResults) {
    const failedTests = file.assertionResults.filter((test) => test.status === 'failed');
    for (const test of failedTests) failures.push(describe(file.name, test));
    for (const test of file.assertionResults) if (test.status === 'passed' && (test.failureMessages?.length ?? 0) > 0) flaky.push(describe(file.name, test));
    // A file that failed outside any test (an import error, a hook) has no failed assertion to name.
    if (file.status === 'failed' && failedTests.length === 0) failures.push(`  [${label}] ${relative(process.cwd(), file.name)}\n${firstLines(file.message ?? '')}`);
  }
  return { failures, flaky };
}

function runPass(label: string, env: Record<string, string>, config?: string): Counts & { ok: boolean; failures: string[]; flaky: string[] } {
  console.log(`\n=== Test pass: ${label} ===\n`);
  const reportDir = mkdtempSync(join(tmpdir(), 'openbuy-vitest-'));
  const report = join(reportDir, 'report.json');
  const result = spawnSync(
    process.execPath,
    ['node_modules/vitest/vitest.mjs', 'run', ...(config ? ['--config', config] : []), '--retry=1', '--reporter=default', '--reporter=json', `--outputFile.json=${report}`, ...vitestArgs],
    // A browser pass that hangs must not hold the run: it is bounded as a whole.
    { stdio: 'inherit', env: { ...process.env, ...env }, timeout: config ? E2E_PASS_TIMEOUT_MS : undefined },
  );
  let counts: Counts = { passed: 0, failed: 0, skipped: 0 };
  let outcomes: { failures: string[]; flaky: string[] };
  try {
    const json = JSON.parse(readFileSync(report, 'utf8')) as VitestJsonReport;
    counts = { passed: json.numPassedTests, failed: json.numFailedTests, skipped: json.numPendingTests + json.numTodoTests };
    outcomes = outcomesOf(label, json);
  } catch {
    counts.failed = 1; // no report: vitest itself failed
    outcomes = { failures: [`  [${label}] vitest wrote no report (exit status ${result.status}, signal ${result.signal})`], flaky: [] };
  }
  rmSync(reportDir, { recursive: true, force: true });
  if (result.status !== 0 && outcomes.failures.length === 0) outcomes.failures.push(`  [${label}] vitest exited with status ${result.status} (signal ${result.signal})`);
  return { ...counts, ok: result.status === 0, ...outcomes };
}

async function main(): Promise<number> {
  const passes = [runPass('SQLite (embedded default), in-memory limits and caches', { TEST_DATABASE: 'sqlite', TEST_REDIS_URL: '' })];
  // The console in a real browser, once, on SQLite, after a build when its sources changed. Not when
  // arguments choose tests: `npx vitest run --config vitest.e2e.config.ts` runs this pass alone.
  if (vitestArgs.length === 0) {
    spawnSync(process.execPath, ['--import', 'tsx', 'scripts/console-build.ts'], { stdio: 'inherit' });
    passes.push(runPass('the console in Chromium (SQLite)', { TEST_DATABASE: 'sqlite', TEST_REDIS_URL: '' }, 'vitest.e2e.config.ts'));
  }
  const [postgresUp, redisUp] = await Promise.all([reachable(postgresUrl), reachable(redisUrl)]);
  if (postgresUp && redisUp) {
    passes.push(runPass('PostgreSQL and Redis', { TEST_DATABASE: 'postgresql', TEST_POSTGRES_URL: postgresUrl, TEST_REDIS_URL: redisUrl }));
  } else {
    const missing = [!postgresUp && `PostgreSQL at ${postgresUrl}`, !redisUp && `Redis at ${redisUrl}`].filter(Boolean).join(' and ');
    if (underCi) {
      console.error(`\nCI requires the PostgreSQL + Redis pass, but ${missing} is unreachable.`);
      return 1;
    }
    console.log(`\nSkipped the PostgreSQL + Redis pass: ${missing} is unreachable (set TEST_POSTGRES_URL / TEST_REDIS_URL).`);
  }
  const total = passes.reduce((sum, pass) => ({ passed: sum.passed + pass.passed, failed: sum.failed + pass.failed, skipped: sum.skipped + pass.skipped }), {
    passed: 0,
    failed: 0,
    skipped: 0,
  });
  const [failures, flaky] = [passes.flatMap((pass) => pass.failures), passes.flatMap((pass) => pass.flaky)];
  if (flaky.length > 0) console.log(`\nFlaky: failed, then passed on the retry (fix these):\n${flaky.join('\n')}`);
  if (failures.length > 0) console.log(`\nFailed:\n${failures.join('\n')}`);
  console.log(`\ntests: ${total.passed} passed, ${total.failed} failed, ${total.skipped} skipped`);
  return passes.every((pass) => pass.ok) && total.passed > 0 ? 0 : 1;
}

main().then((code) => process.exit(code));
