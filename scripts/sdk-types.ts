// The partner SDK's generated file (sdk/src/openbuy-api.ts), made from the OpenAPI document the
// server answers at /open-api/openapi.json: openapi-typescript's types of every operation, and the
// paths that are reads (GET, and the same read in its POST form), which the SDK may send again.
import { resolve } from 'node:path';
import openapiTS, { astToString, type OpenAPI3 } from 'openapi-typescript';

export const SDK_TYPES_FILE = resolve(import.meta.dirname, '../sdk/src/openbuy-api.ts');

const HEADER = '// Generated from /open-api/openapi.json by `npm run sdk:generate`: do not edit.\n// test/sdk-types.test.ts fails when this file is stale against the live document.\n\n';

export async function sdkTypesOf(document: OpenAPI3): Promise<string> {
  const readPaths = Object.entries(document.paths ?? {})
    .filter(([, operations]) => operations !== null && typeof operations === 'object' && 'get' in operations)
    .map(([path]) => path)
    .sort();
  const types = astToString(await openapiTS(document));
  return `${HEADER}${types}\n/** Paths of the reads: their GET and their POST form may be sent again. */\nexport const READ_PATHS: readonly string[] = ${JSON.stringify(readPaths, null, 2)};\n`;
}
