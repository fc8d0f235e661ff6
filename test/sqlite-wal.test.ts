// The SQLite WAL (db/sqlite-wal-flusher.ts, db/client.ts): flushed to disk on libuv's thread pool while
// writes come, so the commit that checkpoints it finds little to wait for, and left alone while none
// do; still checkpointed where SQLite does it, so it starts over under steady writes and after a
// reader's snapshot ends and stays bounded; closing the database closes every file of it, and the
// last connection removes the WAL. What the WAL holds is read from SQLite's WAL index (the -shm file,
// https://sqlite.org/walformat.html); the flushes are counted on Node's file handles.
import { existsSync, readdirSync, readFileSync, readlinkSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import { endianness } from 'node:os';
import Sqlite from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { sqliteFilePath } from '../src/core/db/database-url';
import { useTestDatabase } from './support/app';
import { createTestDatabase } from './support/database';
import { TEST_DATABASE } from './support/environment';
import { until } from './support/until';

/** SQLite's default wal_autocheckpoint, in pages: the commit that takes the WAL past it checkpoints. */
const AUTOCHECKPOINT_PAGES = 1000;
const PAGE_SIZE = 4096;
/** A WAL frame: a page and its 24-byte header. */
const FRAME_BYTES = PAGE_SIZE + 24;

/** The frames in the WAL: the WAL index's mxFrame, in the machine's byte order. */
function walFrames(file: string): number {
  const index = readFileSync(`${file}-shm`);
  return endianness() === 'LE' ? index.readUInt32LE(16) : index.readUInt32BE(16);
}

/** The files of a database (itself, -wal, -shm) this process holds open (Linux: /proc/self/fd). */
function filesOpen(file: string): string[] {
  return readdirSync('/proc/self/fd')
    .map((fd) => {
      try {
        return readlinkSync(`/proc/self/fd/${fd}`);
      } catch {
        return ''; // closed since it was listed
      }
    })
    .filter((path) => path.startsWith(file));
}

/** The files flushed (fdatasync) through Node's file handles so far, in order. */
const flushed: string[] = [];
const flushesOf = (path: string) => flushed.filter((file) => file === path).length;
/** Waits (at most 2 s) until `path` has been flushed more than `times` times. */
const flushedMoreThan = (path: string, times: number) => until(`${path} flushed more than ${times} times`, async () => (flushesOf(path) > times ? true : undefined), 2000);

const test = useTestDatabase('sqlite_wal');
const file = () => sqliteFilePath(test.database.target.url);
/** One transaction of about five pages: four rows of a page each. */
const writeFourPages = () => test.db.$executeRawUnsafe('INSERT INTO "wal_probe" ("body") SELECT randomblob(3500) FROM (SELECT 1 UNION ALL SELECT 2 UNION ALL SELECT 3 UNION ALL SELECT 4)');

describe.skipIf(TEST_DATABASE !== 'sqlite')('the SQLite WAL', () => {
  beforeAll(async () => {
    const probe = await open(import.meta.filename);
    const fileHandle = Object.getPrototypeOf(probe) as { datasync(this: { fd: number }): Promise<void> };
    await probe.close();
    const datasync = fileHandle.datasync;
    vi.spyOn(fileHandle, 'datasync').mockImplementation(function (this: { fd: number }) {
      flushed.push(readlinkSync(`/proc/self/fd/${this.fd}`));
      return datasync.call(this);
    });
    await test.db.$executeRawUnsafe('CREATE TABLE "wal_probe" ("id" INTEGER PRIMARY KEY, "body" BLOB NOT NULL)');
  });
  afterAll(() => {
    vi.restoreAllMocks();
  });

  it('is flushed to disk while writes come, before any commit checkpoints it, and left alone while none do', async () => {
    const wal = `${file()}-wal`;
    const before = flushesOf(wal);
    for (let write = 0; write < 40; write += 1) await writeFourPages();
    // Fewer frames than the autocheckpoint: no commit has checkpointed (and flushed the WAL itself).
    expect(walFrames(file())).toBeLessThan(AUTOCHECKPOINT_PAGES);
    await flushedMoreThan(wal, before);
    const settled = flushesOf(wal);
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(flushesOf(wal)).toBe(settled);
    await writeFourPages();
    await flushedMoreThan(wal, settled);
  });

  it('lets the WAL start over under steady writes, so it stays within about the autocheckpoint', async () => {
    let largest = 0;
    // About 25,000 frames: 100 MB of WAL if it never started over.
    for (let write = 0; write < 5000; write += 1) {
      await writeFourPages();
      if (write % 50 === 0) largest = Math.max(largest, walFrames(file()));
    }
    expect(largest).toBeLessThan(AUTOCHECKPOINT_PAGES * 2);
    expect(statSync(`${file()}-wal`).size).toBeLessThan(AUTOCHECKPOINT_PAGES * 2 * FRAME_BYTES);
    expect(await test.db.$queryRawUnsafe('PRAGMA integrity_check')).toEqual([{ integrity_check: 'ok' }]);
  });

  it("keeps the frames a reader's snapshot needs, and starts the WAL over once the reader is done", async () => {
    const reader = new Sqlite(file(), { readonly: true });
    try {
      reader.exec('BEGIN');
      const rowsSeen = reader.prepare('SELECT count(*) AS "rows" FROM "wal_probe"').get() as { rows: number };
      for (let write = 0; write < 500; write += 1) await writeFourPages();
      // The snapshot pins the WAL: it grew past the autocheckpoint, and the reader still sees its rows.
      expect(walFrames(file())).toBeGreaterThan(AUTOCHECKPOINT_PAGES * 2);
      expect(reader.prepare('SELECT count(*) AS "rows" FROM "wal_probe"').get()).toEqual(rowsSeen);
      reader.exec('COMMIT');
    } finally {
      reader.close();
    }
    for (let write = 0; write < 300 && walFrames(file()) >= AUTOCHECKPOINT_PAGES; write += 1) await writeFourPages();
    expect(walFrames(file())).toBeLessThan(AUTOCHECKPOINT_PAGES);
  });

  it('closes every file of the database, and the last connection removes the WAL', async () => {
    const own = await createTestDatabase('sqlite_wal_close');
    const ownFile = sqliteFilePath(own.database.target.url);
    try {
      await own.database.db.$executeRawUnsafe('CREATE TABLE "wal_probe" ("id" INTEGER PRIMARY KEY, "body" BLOB NOT NULL)');
      await own.database.db.$executeRawUnsafe('INSERT INTO "wal_probe" ("body") VALUES (randomblob(100))');
      expect(existsSync(`${ownFile}-wal`)).toBe(true);
      // The flusher has the WAL open once it has flushed the insert.
      await flushedMoreThan(`${ownFile}-wal`, 0);
      await own.database.close();
      expect(filesOpen(ownFile)).toEqual([]);
      expect(existsSync(`${ownFile}-wal`)).toBe(false);
      const reopened = new Sqlite(ownFile, { readonly: true });
      expect(reopened.prepare('SELECT count(*) AS "rows" FROM "wal_probe"').get()).toEqual({ rows: 1 });
      reopened.close();
    } finally {
      await own.drop();
    }
  });
});
