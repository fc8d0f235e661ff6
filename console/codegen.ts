// GraphQL Code Generator: every document written with `graphql(...)` in src is typed from the
// server's checked-in schema, so a schema change that breaks a screen breaks `npm run typecheck`.
import type { CodegenConfig } from '@graphql-codegen/cli';

const config: CodegenConfig = {
  schema: '../schema.graphql',
  documents: ['src/**/*.{ts,tsx}', '!src/gql/**'],
  ignoreNoDocuments: true,
  generates: {
    'src/gql/': {
      preset: 'client',
      // Documents as plain strings: no GraphQL parser in the browser bundle.
      config: {
        documentMode: 'string',
        useTypeImports: true,
        enumsAsTypes: true,
        scalars: { Int64: 'number', DateTimeISO: 'string', JSON: 'unknown', JSONObject: 'Record<string, unknown>' },
      },
      presetConfig: { fragmentMasking: false },
    },
  },
};

export default config;
