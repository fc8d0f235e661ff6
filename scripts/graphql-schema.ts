// `npm run graphql:schema`: writes schema.graphql from the resolvers. `-- --check` writes nothing
// and exits 1 when the file is stale (CI); `--file <path>` names another file (tests).
import { relative } from 'node:path';
import { parseArgs } from 'node:util';
import { checkSchemaFile, SCHEMA_FILE, writeSchemaFile } from '../src/graphql/schema-file';

async function main(): Promise<number> {
  const { values } = parseArgs({ options: { check: { type: 'boolean', default: false }, file: { type: 'string' } } });
  const file = values.file ?? SCHEMA_FILE;
  const shown = relative(process.cwd(), file) || file;
  if (!values.check) {
    await writeSchemaFile(file);
    console.log(`Wrote ${shown}`);
    return 0;
  }
  const difference = await checkSchemaFile(file);
  if (difference === null) {
    console.log(`${shown} is current.`);
    return 0;
  }
  console.error(`${shown} is stale: the resolvers build another schema. Run \`npm run graphql:schema\` and commit the result.\n${difference}`);
  return 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    console.error(error);
    process.exit(2);
  },
);
