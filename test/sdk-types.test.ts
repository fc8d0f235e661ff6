// sdk/src/openbuy-api.ts must be what `npm run sdk:generate` makes of the live OpenAPI document:
// a route, parameter or answer changed without regenerating fails here. The README's integration
// example is the file tsc checks.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { OpenAPI3 } from 'openapi-typescript';
import { expect, it } from 'vitest';
import { SDK_TYPES_FILE, sdkTypesOf } from '../scripts/sdk-types';
import { useTestApp } from './support/app';

const test = useTestApp('sdk_types');

async function liveDocument(): Promise<OpenAPI3> {
  return (await test.app.inject('/open-api/openapi.json')).json();
}

it('is current against the live document (else run `npm run sdk:generate` and commit it)', async () => {
  expect(readFileSync(SDK_TYPES_FILE, 'utf8') === (await sdkTypesOf(await liveDocument())), 'sdk/src/openbuy-api.ts is stale').toBe(true);
}, 60_000);

it('tells a changed document from the committed file', async () => {
  const document = await liveDocument();
  const search = document.paths?.['/open-api/goods/search'] as { get: { parameters: { name: string }[] } };
  for (const parameter of search.get.parameters) if (parameter.name === 'keyword') parameter.name = 'q';
  const generated = await sdkTypesOf(document);
  expect(generated).toContain('q: string;');
  expect(readFileSync(SDK_TYPES_FILE, 'utf8') === generated).toBe(false);
}, 60_000);

it('the README shows the example integration that tsc checks (sdk/examples/integration.ts) as it is', () => {
  const readme = readFileSync(resolve(import.meta.dirname, '../README.md'), 'utf8');
  const example = readFileSync(resolve(import.meta.dirname, '../sdk/examples/integration.ts'), 'utf8');
  expect(readme).toContain(`\`\`\`ts\n${example}\`\`\``);
});
