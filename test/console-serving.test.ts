// The administration console as the API process serves it at /console/: the built app with a policy
// that lets its own scripts and antd's inline styles run and nothing from elsewhere, deep links
// answered with the app, hashed assets cached for good and the page never, and no other origin
// named by the build. (The console itself is driven in Chromium by test/e2e/console.e2e.ts.)
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { gzipSync } from 'node:zlib';
import { join } from 'node:path';
import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { CONSOLE_DIST, consoleRoutes } from '../src/http/console-routes';
import { useTestApp } from './support/app';

const test = useTestApp('console_serving');

const get = (url: string) => test.app.inject({ method: 'GET', url });

describe('the console at /console/', () => {
  it('answers the app page with its own policy: own scripts, inline styles, calls to this origin only', async () => {
    const response = await get('/console/');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^text\/html/);
    expect(response.body).toContain('<div id="root"></div>');
    const policy = String(response.headers['content-security-policy']);
    expect(policy).toContain("script-src 'self'");
    expect(policy).toContain("style-src 'self' 'unsafe-inline'");
    expect(policy).toContain("connect-src 'self'");
    expect(policy).toContain("frame-ancestors 'none'");
    expect(policy).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers['cache-control']).toBe('no-cache');
  });

  it('answers a deep link with the app page, and /console with a redirect to it', async () => {
    const deep = await get('/console/system/user?page=2');
    expect(deep.statusCode).toBe(200);
    expect(deep.body).toBe((await get('/console/')).body);
    const bare = await get('/console');
    expect(bare.statusCode).toBe(301);
    expect(bare.headers.location).toBe('/console/');
  });

  it('caches hashed assets for a year, and answers a missing asset with 404, not the page', async () => {
    const script = /src="\/console\/(assets\/[^"]+\.js)"/.exec((await get('/console/')).body)?.[1];
    expect(script, 'the entry script of index.html').toBeDefined();
    const asset = await get(`/console/${script}`);
    expect(asset.statusCode).toBe(200);
    expect(asset.headers['content-type']).toMatch(/javascript/);
    expect(asset.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    const missing = await get('/console/assets/gone-0000.js');
    expect(missing.statusCode).toBe(404);
  });

  it('keeps the first load of the sign-in page under 400 kB of compressed JavaScript; the screens load later', () => {
    const page = readFileSync(join(CONSOLE_DIST, 'index.html'), 'utf8');
    const firstLoad = [...page.matchAll(/(?:src|href)="\/console\/(assets\/[^"]+\.js)"/g)].map((match) => match[1]!);
    expect(firstLoad.length).toBeGreaterThan(0);
    const compressed = firstLoad.reduce((sum, file) => sum + gzipSync(readFileSync(join(CONSOLE_DIST, file))).length, 0);
    expect(compressed).toBeLessThan(400 * 1024);
    expect(firstLoad.some((file) => /ResourceScreen|ConsoleLayout/.test(file)), 'screens are split off the first load').toBe(false);
  });

  it('keeps the API answers under the API policy', async () => {
    const response = await get('/healthz');
    expect(response.headers['content-security-policy']).toContain("default-src 'none'");
  });

  it('loads nothing from another origin: no absolute URL in the page, and none in a style sheet', () => {
    expect(readFileSync(join(CONSOLE_DIST, 'index.html'), 'utf8')).not.toMatch(/(src|href)="(https?:)?\/\//);
    const sheets = readdirSync(join(CONSOLE_DIST, 'assets')).filter((file) => file.endsWith('.css') || file.endsWith('.js'));
    expect(sheets.length).toBeGreaterThan(0);
    for (const file of sheets) {
      expect(readFileSync(join(CONSOLE_DIST, 'assets', file), 'utf8'), file).not.toMatch(/url\(\s*["']?(https?:)?\/\/|@import\s+["'](https?:)?\/\//);
    }
  });

  it('says how to build the console when there is no build, instead of serving nothing', async () => {
    const empty = mkdtempSync(join(tmpdir(), 'console-unbuilt-'));
    const app = Fastify();
    await app.register(consoleRoutes, { root: empty });
    const response = await app.inject({ method: 'GET', url: '/console/' });
    await app.close();
    rmSync(empty, { recursive: true });
    expect(response.statusCode).toBe(503);
    expect(response.body).toContain('npm run console:build');
  });
});
