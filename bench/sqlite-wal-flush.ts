// What the WAL flusher (src/core/db/sqlite-wal-flusher.ts) saves the event loop, on the driver alone:
// pay-shaped transactions (a wallet row updated, a ledger row and an outbox row inserted) on
// better-sqlite3 with the server's pragmas, BENCH_OTHER_WORK_US of other work between two (a request's
// parsing and answer; the timer and file callbacks run between them as between requests): rounds on a
// file whose WAL the flusher flushes and on one without (the reference), each on a new file, the
// order alternating. Per round: µs spent in transactions per pay, and the commits that checkpointed (SQLite's
// automatic checkpoint, in the COMMIT that takes the WAL past 1,000 pages): count and mean ms.
//   npx tsx bench/sqlite-wal-flush.ts
//   BENCH_PAYS=40000 BENCH_ROUNDS=6 npx tsx bench/sqlite-wal-flush.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import Sqlite from 'better-sqlite3';
import { flushWalWhileWriting, type SqliteWalFlusher } from '../src/core/db/sqlite-wal-flusher';
import { median } from './stats';

const PAYS = Number(process.env.BENCH_PAYS ?? 20_000);
const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 4);
const OTHER_WORK_US = Number(process.env.BENCH_OTHER_WORK_US ?? 250);
const WALLETS = 10_000;
/** Transactions between two turns of the event loop (~5 ms of work at the defaults). */
const PAYS_PER_TURN = 20;
/** A commit this slow ran a checkpoint (an ordinary one takes tens of µs). */
const CHECKPOINT_US = 500;

const directory = mkdtempSync(join(tmpdir(), 'openbuy-wal-flush-'));

function openPayDatabase(name: string) {
  const file = join(directory, `${name}.db`);
  const connection = new Sqlite(file);
  connection.pragma('journal_mode = WAL');
  connection.pragma('synchronous = NORMAL');
  connection.exec(`
    CREATE TABLE wallet (id INTEGER PRIMARY KEY, balance INTEGER NOT NULL);
    CREATE TABLE ledger (id INTEGER PRIMARY KEY, walletId INTEGER NOT NULL, amount INTEGER NOT NULL, at INTEGER NOT NULL);
    CREATE INDEX ledger_wallet ON ledger (walletId, at);
    CREATE TABLE outbox (id INTEGER PRIMARY KEY, payload TEXT NOT NULL, at INTEGER NOT NULL);`);
  const insertWallet = connection.prepare('INSERT INTO wallet (balance) VALUES (?)');
  connection.transaction(() => {
    for (let wallet = 0; wallet < WALLETS; wallet++) insertWallet.run(1_000_000_000);
  })();
  const debit = connection.prepare('UPDATE wallet SET balance = balance - ? WHERE id = ?');
  const ledger = connection.prepare('INSERT INTO ledger (walletId, amount, at) VALUES (?, ?, ?)');
  const outbox = connection.prepare('INSERT INTO outbox (payload, at) VALUES (?, ?)');
  const payload = JSON.stringify({ type: 'wallet.debited', data: { externalUserId: 'member-0001', amount: 100, balance: 1_000_000, bizNo: 'x'.repeat(400) } });
  const pay = connection.transaction((wallet: number) => {
    debit.run(100, wallet);
    ledger.run(wallet, -100, Date.now());
    outbox.run(payload, Date.now());
  });
  return { name, file, connection, pay };
}

const busyFor = (micros: number) => {
  const until = performance.now() + micros / 1000;
  while (performance.now() < until);
};
const turn = () => new Promise((resolve) => setImmediate(resolve));

async function round(target: ReturnType<typeof openPayDatabase>, offset: number) {
  const times: number[] = [];
  for (let index = 0; index < PAYS; index++) {
    busyFor(OTHER_WORK_US);
    const started = performance.now();
    target.pay(1 + ((offset + index) * 7919) % WALLETS);
    times.push((performance.now() - started) * 1000);
    if (index % PAYS_PER_TURN === 0) await turn();
  }
  const checkpoints = times.filter((micros) => micros >= CHECKPOINT_US);
  return {
    perPay: times.reduce((sum, micros) => sum + micros, 0) / PAYS,
    checkpoints: checkpoints.length,
    checkpointMs: checkpoints.reduce((sum, micros) => sum + micros, 0) / Math.max(1, checkpoints.length) / 1000,
  };
}

type Result = Awaited<ReturnType<typeof round>>;
const results = { flushed: [] as Result[], reference: [] as Result[] };

/** A round on a new file, alone on the disk: ext4 flushes other files' new data with a file it syncs, so two files side by side would share their flushes. */
async function roundOnNewFile(variant: keyof typeof results, index: number): Promise<Result> {
  const target = openPayDatabase(`${variant}-${index}`);
  const flusher: SqliteWalFlusher | undefined = variant === 'flushed' ? flushWalWhileWriting(`${target.file}-wal`) : undefined;
  try {
    return await round(target, index * PAYS);
  } finally {
    await flusher?.stop();
    target.connection.close();
    for (const suffix of ['', '-wal', '-shm']) rmSync(`${target.file}${suffix}`, { force: true });
  }
}

try {
  // One warm-up round each, not counted.
  for (const variant of ['flushed', 'reference'] as const) await roundOnNewFile(variant, 0);
  for (let index = 1; index <= ROUNDS; index++) {
    const order = index % 2 === 1 ? (['flushed', 'reference'] as const) : (['reference', 'flushed'] as const);
    for (const variant of order) results[variant].push(await roundOnNewFile(variant, index));
  }
} finally {
  rmSync(directory, { recursive: true, force: true });
}

console.log(`${PAYS} pay-shaped transactions a round, ${OTHER_WORK_US} µs of other work between two, ${ROUNDS} rounds (load ${loadavg()[0]?.toFixed(1)})`);
console.log('| WAL | µs in transactions per pay, per round | median | checkpointing commits, per round | their mean ms, per round |');
console.log('|---|---|---:|---|---|');
for (const [variant, rounds] of Object.entries(results)) {
  const perPay = rounds.map((result) => result.perPay);
  console.log(
    `| ${variant === 'flushed' ? 'flushed by the flusher' : 'not flushed (reference)'} | ${perPay.map((value) => value.toFixed(1)).join(' / ')} | ${median(perPay).toFixed(1)} | ${rounds.map((result) => result.checkpoints).join(' / ')} | ${rounds.map((result) => result.checkpointMs.toFixed(2)).join(' / ')} |`,
  );
}
const medianPerPay = (rounds: Result[]) => median(rounds.map((result) => result.perPay));
console.log(`speed ratio (reference µs ÷ flushed µs per pay, medians): ${(medianPerPay(results.reference) / medianPerPay(results.flushed)).toFixed(2)}`);
