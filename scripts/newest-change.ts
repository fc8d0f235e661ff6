// Freshness of a build: the newest modification time under a set of sources (files or folders).
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

/** The newest mtime (ms) of `path` and everything under it, skipping `skipped` paths; 0 if absent. */
export function newestChange(path: string, skipped: readonly string[] = []): number {
  if (skipped.includes(path) || !existsSync(path)) return 0;
  const stats = statSync(path);
  if (!stats.isDirectory()) return stats.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((entry) => newestChange(join(path, entry), skipped)));
}

/** The mtime (ms) of a build's output file, 0 when there is none. */
export function builtAt(output: string): number {
  return existsSync(output) ? statSync(output).mtimeMs : 0;
}
