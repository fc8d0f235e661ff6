import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { sqliteFilePath } from './database-url';

describe('sqliteFilePath', () => {
  it('resolves a file: URL without its query, and creates the folder', () => {
    const folder = mkdtempSync(join(tmpdir(), 'openbuy-url-'));
    try {
      const file = join(folder, 'nested', 'shop.db');
      expect(sqliteFilePath(`file:${file}?connection_limit=1`)).toBe(file);
      expect(existsSync(join(folder, 'nested'))).toBe(true);
      // A relative path is resolved against the working directory.
      const relativeFile = relative(process.cwd(), join(folder, 'relative', 'x.db'));
      expect(sqliteFilePath(`file:${relativeFile}`)).toBe(join(folder, 'relative', 'x.db'));
      expect(sqliteFilePath('file::memory:')).toBe(':memory:');
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it.each(['postgres://postgres@127.0.0.1:5432/postgres', 'postgresql://user:secret@db/openbuy', './data/openbuy.db', ''])(
    'refuses %j, creating no folder and naming no credentials',
    (url) => {
      // Read as a path, postgres://host/... once made the folder res:/postgres@host/ in the checkout.
      const strayFolder = resolve('res:');
      const strayBefore = existsSync(strayFolder);
      expect(() => sqliteFilePath(url)).toThrow('A SQLite file path needs a file: URL, not the URL of another database');
      expect(existsSync(strayFolder)).toBe(strayBefore);
    },
  );
});
