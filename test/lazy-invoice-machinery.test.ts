// Startup memory (issue 12): pdfkit and what it brings (font parsing, line breaking, brotli; about
// 22 MB resident) load on the first invoice, not when the app starts.
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';

const run = promisify(execFile);

/** Files of pdfkit's dependency tree that only it loads. */
const PDF_MACHINERY = /\/node_modules\/(brotli|unicode-trie|linebreak|dfa)\//;

describe('invoice machinery', () => {
  it('is not loaded by the app, and is loaded by pdfkit (so the check can see it)', async () => {
    const { stdout } = await run(process.execPath, ['--import', 'tsx', 'test/support/module-loads.ts', '../../src/server.ts', 'pdfkit'], { cwd: process.cwd(), timeout: 60_000 });
    const [app, pdfkit] = stdout.trim().split('\n').map((line) => JSON.parse(line) as { module: string; loaded: string[] });
    expect(app?.loaded.length).toBeGreaterThan(100);
    expect(app?.loaded.filter((file) => PDF_MACHINERY.test(file))).toEqual([]);
    expect(pdfkit?.loaded.filter((file) => PDF_MACHINERY.test(file)).length).toBeGreaterThan(0);
  });
});
