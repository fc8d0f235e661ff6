// FileStore and the public GET /files/:key route, black-box through the real app.
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config';
import { ErrorCatalogue } from '../src/core/errors/catalogue';
import { MAX_FILE_BYTES } from '../src/core/files/file-store';
import { RequestContext } from '../src/core/request-context';
import { createTestApp, envelope, useTestApp } from './support/app';

const test = useTestApp('files');
const { clock } = test;
const ctx = () => new RequestContext('files-test', 1, { kind: 'anonymous' }, '127.0.0.1', clock);
const PDF_BYTES = Buffer.from('%PDF-1.3\n% a tiny stand-in\n%%EOF\n');

const fileCount = () => test.db.storedFile.count();
const pathOf = (url: string) => new URL(url).pathname;

describe('FileStore.put', () => {
  it('stores the bytes under an unguessable key and answers an absolute URL', async () => {
    const first = await test.core.files.put(ctx(), { contentType: 'application/pdf', fileName: 'invoice.pdf', data: PDF_BYTES });
    const second = await test.core.files.put(ctx(), { contentType: 'application/pdf', fileName: 'invoice.pdf', data: PDF_BYTES });
    expect(first.key).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(second.key).not.toBe(first.key);
    expect(first.url).toBe(`http://127.0.0.1:3000/files/${first.key}`);
    const stored = await test.db.storedFile.findUniqueOrThrow({ where: { key: first.key } });
    expect(stored).toMatchObject({ tenantId: 1, contentType: 'application/pdf', fileName: 'invoice.pdf', size: PDF_BYTES.length });
    expect(stored.createdAt.getTime()).toBe(clock.now());
    expect(Buffer.from(stored.data).equals(PDF_BYTES)).toBe(true);
  });

  it('accepts exactly the size limit and refuses one byte more, writing nothing', async () => {
    const atLimit = await test.core.files.put(ctx(), { contentType: 'image/png', fileName: 'big.png', data: Buffer.alloc(MAX_FILE_BYTES, 7) });
    expect((await test.core.files.get(atLimit.key))?.size).toBe(MAX_FILE_BYTES);
    const before = await fileCount();
    await expect(test.core.files.put(ctx(), { contentType: 'image/png', fileName: 'huge.png', data: Buffer.alloc(MAX_FILE_BYTES + 1) })).rejects.toMatchObject({
      code: ErrorCatalogue.FILE_TOO_LARGE.code,
      message: `File huge.png has ${MAX_FILE_BYTES + 1} bytes; the limit is ${MAX_FILE_BYTES} bytes`,
    });
    expect(await fileCount()).toBe(before);
  });

  it('refuses empty files and content types a browser would run', async () => {
    const before = await fileCount();
    await expect(test.core.files.put(ctx(), { contentType: 'application/pdf', fileName: 'empty.pdf', data: Buffer.alloc(0) })).rejects.toMatchObject({
      code: ErrorCatalogue.FILE_EMPTY.code,
    });
    for (const contentType of ['text/html', 'image/svg+xml', 'application/javascript', 'application/pdf; charset=x']) {
      await expect(test.core.files.put(ctx(), { contentType, fileName: 'x', data: PDF_BYTES })).rejects.toMatchObject({
        code: ErrorCatalogue.FILE_TYPE_NOT_ALLOWED.code,
      });
    }
    expect(await fileCount()).toBe(before);
  });

  it('stores file names reduced to safe ASCII', async () => {
    const { key } = await test.core.files.put(ctx(), { contentType: 'image/jpeg', fileName: 'fotos/../Açaí "QC" 1.jpg', data: PDF_BYTES });
    expect((await test.core.files.get(key))?.fileName).toBe('fotos_.._Acai_QC_1.jpg');
  });
});

describe('GET /files/:key', () => {
  it('serves the bytes to anyone holding the URL, inline, privately cached, never sniffed', async () => {
    const { url } = await test.core.files.put(ctx(), { contentType: 'application/pdf', fileName: 'invoice-B1-en.pdf', data: PDF_BYTES });
    const response = await test.app.inject({ method: 'GET', url: pathOf(url) });
    expect(response.statusCode).toBe(200);
    expect(response.rawPayload.equals(PDF_BYTES)).toBe(true);
    expect(response.headers).toMatchObject({
      'content-type': 'application/pdf',
      'content-length': String(PDF_BYTES.length),
      'content-disposition': 'inline; filename="invoice-B1-en.pdf"',
      'x-content-type-options': 'nosniff',
    });
    expect(response.headers['cache-control']).toMatch(/^private, max-age=\d+/);
    const head = await test.app.inject({ method: 'HEAD', url: pathOf(url) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(PDF_BYTES.length));
  });

  it.each([
    ['an unknown key', 'A'.repeat(43)],
    ['a malformed key', 'not-a-key'],
    ['a key with dots', '..%2F..%2Fetc'],
  ])('answers the 404 envelope for %s', async (_case, key) => {
    const response = await test.app.inject({ method: 'GET', url: `/files/${key}` });
    expect(response.statusCode).toBe(404);
    expect(envelope(response)).toMatchObject({ code: ErrorCatalogue.NOT_FOUND.code, data: null });
  });

  it('is not part of /open-api', async () => {
    const { key } = await test.core.files.put(ctx(), { contentType: 'image/png', fileName: 'a.png', data: PDF_BYTES });
    expect((await test.app.inject({ method: 'GET', url: `/open-api/files/${key}` })).statusCode).not.toBe(200);
  });

  it('uses PUBLIC_BASE_URL for the URLs it hands out', async () => {
    const behindProxy = await createTestApp({ database: test.database, clock, env: { PUBLIC_BASE_URL: 'https://api.openbuy.example/' } });
    try {
      const { key, url } = await behindProxy.core.files.put(ctx(), { contentType: 'image/png', fileName: 'a.png', data: PDF_BYTES });
      expect(url).toBe(`https://api.openbuy.example/files/${key}`);
      // Every process serves every file: the other app instance reads it too.
      expect((await test.app.inject({ method: 'GET', url: pathOf(url) })).statusCode).toBe(200);
    } finally {
      await behindProxy.close();
    }
  });
});

describe('PUBLIC_BASE_URL', () => {
  it('defaults to http://HOST:PORT, and refuses what is not an http(s) URL', () => {
    expect(loadConfig({}).PUBLIC_BASE_URL).toBe('http://127.0.0.1:3000');
    expect(loadConfig({ HOST: '0.0.0.0', PORT: '8080' }).PUBLIC_BASE_URL).toBe('http://localhost:8080');
    expect(loadConfig({ HOST: '::1', PORT: '8080' }).PUBLIC_BASE_URL).toBe('http://[::1]:8080');
    expect(loadConfig({ PUBLIC_BASE_URL: 'https://api.example.com//' }).PUBLIC_BASE_URL).toBe('https://api.example.com');
    expect(() => loadConfig({ PUBLIC_BASE_URL: 'ftp://files.example.com' })).toThrow(/PUBLIC_BASE_URL/);
  });
});
