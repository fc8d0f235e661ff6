import { mkdirSync } from 'node:fs';
import { dirname, resolve } from 'node:path';

export type DatabaseProvider = 'sqlite' | 'postgresql';

export const DEFAULT_DATABASE_URL = 'file:./data/openbuy.db';

export interface DatabaseTarget {
  provider: DatabaseProvider;
  url: string;
}

/** Reads which database a URL names: `postgres(ql)://` is PostgreSQL, `file:` is the embedded SQLite. */
export function databaseTarget(url: string): DatabaseTarget {
  if (/^postgres(ql)?:\/\//i.test(url)) return { provider: 'postgresql', url };
  if (url.startsWith('file:')) return { provider: 'sqlite', url };
  throw new Error(`DATABASE_URL must start with file: (SQLite) or postgres:// (PostgreSQL), got "${url}"`);
}

/**
 * The SQLite file path of a `file:` URL, resolved against the working directory; its folder is
 * created. Any other URL is refused: read as a path, a PostgreSQL URL would create folders.
 */
export function sqliteFilePath(url: string): string {
  // The message leaves the URL out: it may carry a password.
  if (!url.startsWith('file:')) throw new Error('A SQLite file path needs a file: URL, not the URL of another database');
  const path = url.slice('file:'.length).replace(/\?.*$/, '');
  if (path === ':memory:') return path;
  const absolute = resolve(path);
  mkdirSync(dirname(absolute), { recursive: true });
  return absolute;
}

/**
 * Which database this is, without credentials: host, port and name for PostgreSQL, the file for
 * SQLite. Processes sharing a database share it; deployments sharing one Redis do not.
 */
export function databaseIdentity(target: DatabaseTarget): string {
  if (target.provider === 'sqlite') return `sqlite:${sqliteFilePath(target.url)}`;
  const url = new URL(target.url);
  return `postgresql:${url.hostname}:${url.port || '5432'}${url.pathname}`;
}
