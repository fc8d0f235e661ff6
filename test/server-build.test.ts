// `npm start` serves compiled JavaScript (issue 12), and never a stale build: the build is redone
// whenever a source it was built from is newer than it.
import { readFileSync, rmSync, statSync, utimesSync } from 'node:fs';
import { join, relative } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildServer, SERVER_BUILD_DIR, serverBuildIsStale, serverEntry } from '../scripts/server-bundle';

const ROOT = join(import.meta.dirname, '..');
/** A build of its own (inside the project, so the bundle's packages resolve), not the one npm start uses. */
const outDir = join(ROOT, 'dist', `server-build-test-${process.pid}`);
afterAll(() => rmSync(outDir, { recursive: true, force: true }));

describe('the server build', () => {
  it('is what npm start runs, with plain node, after a prestart that builds it when stale', () => {
    const { scripts } = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { scripts: Record<string, string> };
    expect(scripts.start).toMatch(new RegExp(`^exec node (--[a-z-]+(=\\d+)? )*${relative(ROOT, serverEntry(SERVER_BUILD_DIR))}$`));
    expect(scripts.prestart).toContain('tsx scripts/server-build.ts');
    expect(scripts.postinstall).toContain('tsx scripts/server-build.ts');
    expect(scripts.dev).toContain('tsx watch src/main.ts');
  });

  it('is stale when missing, fresh once built, and stale again when any of its sources is newer', async () => {
    expect(serverBuildIsStale(outDir)).toBe(true);
    await buildServer(outDir);
    expect(serverBuildIsStale(outDir)).toBe(false);
    // The recorded sources are every project file the bundle holds, the generated Prisma clients too.
    const inputs = JSON.parse(readFileSync(join(outDir, 'inputs.json'), 'utf8')) as string[];
    expect(inputs).toEqual(expect.arrayContaining(['src/main.ts', 'src/server.ts', 'prisma/schema.ts', 'src/generated/sqlite/client.ts']));
    expect(inputs.filter((input) => input.includes('node_modules'))).toEqual([]);
    // Each source, one at a time, made newer than the build (by making the build older than it).
    const entry = serverEntry(outDir);
    const builtAt = statSync(entry).mtime;
    for (const input of ['src/main.ts', 'src/core/db/client.ts', inputs.at(-1) as string]) {
      const sourceAt = statSync(join(ROOT, input)).mtime;
      utimesSync(entry, sourceAt, new Date(sourceAt.getTime() - 1_000));
      expect(serverBuildIsStale(outDir), input).toBe(true);
      utimesSync(entry, builtAt, builtAt);
      expect(serverBuildIsStale(outDir)).toBe(false);
    }
    rmSync(join(outDir, 'inputs.json'));
    expect(serverBuildIsStale(outDir)).toBe(true);
  }, 120_000);
});
