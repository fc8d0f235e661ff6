// SQLite checkpoints its WAL inside the COMMIT that takes the WAL past 1,000 pages: on the event loop,
// 3.5-5 ms each time, most of it waiting for the disk to flush the WAL, which synchronous=NORMAL
// writes without flushing until a checkpoint. Flushing the WAL on libuv's thread pool every few
// milliseconds while it is written leaves that wait little to flush: the checkpoint takes ~2 ms
// instead (bench/sqlite-wal-flush.ts; bench/README.md, "WAL checkpoints: the disk flush off the event
// loop"). The checkpoint itself stays where SQLite runs it, and so does what bounds the WAL.
//
// Only the WAL file: SQLite locks the database and -shm files, and closing any descriptor of a file
// drops every POSIX lock the process holds on it; the WAL carries none.
import { type FileHandle, open } from 'node:fs/promises';

/** How soon the WAL is looked at again after it was written, and after it was not. */
const WRITING_INTERVAL_MS = 5;
const IDLE_INTERVAL_MS = 100;

export interface SqliteWalFlusher {
  /** Stops flushing and closes the file; resolves once a flush under way has ended. */
  stop(): Promise<void>;
}

export function flushWalWhileWriting(walFile: string): SqliteWalFlusher {
  let handle: FileHandle | undefined;
  let flushedChange: bigint | undefined;
  let timer: NodeJS.Timeout | undefined;
  let pass: Promise<void> = Promise.resolve();
  let stopped = false;

  /** Flushes the WAL if it changed since the last flush; answers whether it had. */
  const flushIfWritten = async (): Promise<boolean> => {
    // Opened for writing: Windows flushes only a handle that may write. Absent until SQLite first opens it.
    handle ??= await open(walFile, 'r+').catch(() => undefined);
    if (!handle) return false;
    const changed = (await handle.stat({ bigint: true })).mtimeNs;
    if (changed === flushedChange) return false;
    flushedChange = changed;
    await handle.datasync();
    return true;
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      pass = flushIfWritten().then(
        (written) => schedule(written ? WRITING_INTERVAL_MS : IDLE_INTERVAL_MS),
        // A disk that fails a flush fails SQLite's own next; the commit that checkpoints flushes anyway.
        () => schedule(IDLE_INTERVAL_MS),
      );
    }, delayMs);
    // Never what keeps a process alive.
    timer.unref();
  };
  schedule(IDLE_INTERVAL_MS);

  return {
    stop: async () => {
      stopped = true;
      clearTimeout(timer);
      await pass;
      await handle?.close();
      handle = undefined;
    },
  };
}
