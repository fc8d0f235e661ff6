// A typed client generated from the live /open-api/openapi.json (openapi-typescript) must carry a
// whole partner flow written with openapi-fetch and no casts (fixtures/partner-client/flow.ts):
// the generated types are type-checked with the flow in memory, so a document a partner cannot
// use breaks the suite.
import { resolve } from 'node:path';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { expect, it } from 'vitest';
import { useTestApp } from './support/app';

const test = useTestApp('openapi_client');

const FLOW = resolve(import.meta.dirname, 'fixtures/partner-client/flow.ts');
const GENERATED = resolve(import.meta.dirname, 'fixtures/partner-client/openbuy-api.d.ts');

/** tsc's diagnostics of the flow over `generated` (held in memory, never written to the checkout). */
function typeCheckFlow(generated: string): string[] {
  const options: ts.CompilerOptions = {
    target: ts.ScriptTarget.ES2022,
    lib: ['lib.es2023.d.ts', 'lib.dom.d.ts'],
    module: ts.ModuleKind.ESNext,
    moduleResolution: ts.ModuleResolutionKind.Bundler,
    strict: true,
    noUncheckedIndexedAccess: true,
    skipLibCheck: true,
    noEmit: true,
    types: [],
  };
  const host = ts.createCompilerHost(options);
  const { getSourceFile, fileExists, readFile } = host;
  host.fileExists = (file) => file === GENERATED || fileExists.call(host, file);
  host.readFile = (file) => (file === GENERATED ? generated : readFile.call(host, file));
  host.getSourceFile = (file, language, ...rest) =>
    file === GENERATED ? ts.createSourceFile(file, generated, language) : getSourceFile.call(host, file, language, ...rest);
  const program = ts.createProgram([FLOW], options, host);
  return ts.getPreEmitDiagnostics(program).map((diagnostic) => {
    const where = diagnostic.file && diagnostic.start !== undefined ? diagnostic.file.getLineAndCharacterOfPosition(diagnostic.start) : undefined;
    return `${diagnostic.file?.fileName ?? ''}:${where ? where.line + 1 : '?'} ${ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n')}`;
  });
}

it('generates a client from the live document that type-checks a whole partner flow without casts', async () => {
  const document = (await test.app.inject('/open-api/openapi.json')).json();
  const generated = astToString(await openapiTS(document));
  expect(generated).toContain('goodsQcPage: {');
  expect(typeCheckFlow(generated)).toEqual([]);
}, 60_000);

it('breaks when the document drifts from what the flow writes', async () => {
  const document = (await test.app.inject('/open-api/openapi.json')).json();
  // As if every page had renamed its pageSize.
  const generated = astToString(await openapiTS(document)).replace(/\bpageSize: number;/g, 'rowsPerPage: number;');
  expect(typeCheckFlow(generated).join('\n')).toMatch(/rowsPerPage/);
}, 60_000);
