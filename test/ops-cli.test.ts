// The staff CLI (`npm run ops`): help for the whole CLI and for each procedure, read from the router,
// usage mistakes, and every `npm run ops` example of the README run as written against a database
// seeded with the demo data, after the README's partner walkthrough.
import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedDatabase } from '../prisma/seed';
import { PROCEDURE_DESCRIPTIONS, proceduresOf, runOps } from '../scripts/ops-cli';
import { seededAdminToken } from './support/admin';
import { envelope, partnerToken, postJson, useTestApp } from './support/app';
import { SEED } from './support/database';

const test = useTestApp('ops_cli', { prepare: (database) => seedDatabase(database, { ...SEED, demoData: true }).then(() => undefined) });

async function ops(argv: readonly string[], env: Record<string, string> = {}) {
  let stdout = '';
  let stderr = '';
  const code = await runOps(argv, { env, stdout: (text) => (stdout += text), stderr: (text) => (stderr += text) });
  return { code, stdout, stderr };
}

describe('help', () => {
  it('lists every procedure of the router with its type and a one-line description', async () => {
    const help = await ops(['--help']);
    expect({ code: help.code, stderr: help.stderr }).toEqual({ code: 0, stderr: '' });
    const paths = [...proceduresOf().keys()];
    expect(Object.keys(PROCEDURE_DESCRIPTIONS).sort()).toEqual([...paths].sort());
    for (const [path, { type }] of proceduresOf()) {
      const line = help.stdout.split('\n').find((text) => text.trim().startsWith(`${path} `));
      expect({ path, line: line?.trim().split(/\s{2,}/) }).toEqual({ path, line: [path, type, PROCEDURE_DESCRIPTIONS[path]] });
    }
    expect((await ops(['-h'])).stdout).toBe(help.stdout);
  });

  it("prints a procedure's input fields: names, types, required or optional, bounds", async () => {
    const help = await ops(['member.bind', '--help']);
    expect(help.code).toBe(0);
    expect(help.stdout.split('\n').map((line) => line.trim().split(/\s{2,}/))).toEqual([
      [`member.bind (mutation): ${PROCEDURE_DESCRIPTIONS['member.bind']}`],
      ['Input fields (a JSON object):'],
      ['memberId', 'integer', 'required', '>0 <=2147483647'],
      ['partnerClientId', 'string', 'required', '1..64 chars'],
      ['externalUserId', 'string', 'required', '1..64 chars'],
      [''],
    ]);
    const nested = await ops(['catalog.import', '--help']);
    expect(nested.stdout).toMatch(/^\s+goods\s+object\[\]\s+required\s+1\.\.200 items$/m);
    expect(nested.stdout).toMatch(/^\s+goods\[\]\.skus\[\]\.price\s+integer\s+required\s+>=0 <=2147483647$/m);
    expect(nested.stdout).toMatch(/^\s+goods\[\]\.images\s+string\[\]\s+optional\s+0\.\.50 items, default \[\]$/m);
    expect((await ops(['system.health', '--help'])).stdout).toBe(`system.health (query): ${PROCEDURE_DESCRIPTIONS['system.health']}\nInput: none.\n`);
  });

  it('answers usage mistakes with exit 2 and a pointer to --help', async () => {
    expect(await ops(['--nope'])).toEqual({ code: 2, stdout: '', stderr: 'unknown procedure --nope; npm run ops -- --help lists them\n' });
    expect(await ops([])).toMatchObject({ code: 2, stdout: '', stderr: expect.stringContaining('npm run ops -- --help') });
    expect(await ops(['member.get', '{nope'])).toMatchObject({ code: 2, stderr: expect.stringContaining('the input is not JSON') });
    expect(await ops(['member.get', '{}', 'extra'])).toMatchObject({ code: 2 });
  });

  it('answers `npm run ops -- --help` through npm, as staff run it', () => {
    const run = spawnSync('npm', ['run', '--silent', 'ops', '--', '--help'], { encoding: 'utf8', timeout: 60_000 });
    expect({ status: run.status, stderr: run.stderr }).toEqual({ status: 0, stderr: '' });
    expect(run.stdout).toContain('member.create');
    expect(run.stdout).toContain(PROCEDURE_DESCRIPTIONS['paymentOrder.markPaid']);
  }, 60_000);
});

describe("the README's examples", () => {
  let url: string;
  let staffToken: string;
  beforeAll(async () => {
    url = await test.app.listen({ host: '127.0.0.1', port: 0 });
    staffToken = await seededAdminToken(test.core);
  });

  /** `npm run ops -- <procedure> ['json']` lines of the README's ops section, in order. */
  function readmeExamples(): string[][] {
    const readme = readFileSync(new URL('../README.md', import.meta.url), 'utf8');
    return [...readme.matchAll(/^\s*npm run ops -- (\S+)(?: '([^']*)')?(?: (--help))?\s*$/gm)].map(([, path, json, help]) =>
      [path as string, ...(json !== undefined ? [json] : []), ...(help ? [help] : [])],
    );
  }

  it('run as written after the partner walkthrough', async () => {
    // The walkthrough's steps 3 and 4: the demo member buys 2 of SKU 4987002 and pays from the wallet.
    const token = await partnerToken(test.app);
    const items = [{ platformChannel: 1, goodsId: '692787834585', skuId: '4987002', qty: 2 }];
    const created = envelope<{ paymentId: string; payAmount: number }>(
      await postJson(test.app, token, '/open-api/order/purchase/create', { outOrderNo: 'shop-1001', externalUserId: 'demo-user-1', items, expectedPayAmount: 34190 }),
    );
    expect(created.code).toBe(0);
    const paid = await postJson(test.app, token, '/open-api/pay/wallet/pay', { externalUserId: 'demo-user-1', paymentId: created.data.paymentId, payAmount: created.data.payAmount });
    expect(envelope(paid).code).toBe(0);

    const examples = readmeExamples();
    expect(examples.length).toBe(8);
    const results = [];
    for (const argv of examples) {
      const result = await ops(argv, { OPENBUY_URL: url, OPENBUY_TOKEN: staffToken });
      results.push({ argv: argv.join(' '), code: result.code, stderr: result.stderr });
    }
    expect(results).toEqual(examples.map((argv) => ({ argv: argv.join(' '), code: 0, stderr: '' })));
    const arrived = await ops(['warehouse.list', '{"status":30,"pageNo":1,"pageSize":20}'], { OPENBUY_URL: url, OPENBUY_TOKEN: staffToken });
    expect(JSON.parse(arrived.stdout)).toMatchObject({ total: 1, list: [{ orderItemId: 1, status: 30 }] });
  }, 60_000);
});
