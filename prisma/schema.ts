// The model source (prisma/models/*.prisma, one file per domain) is provider-neutral; Prisma needs one
// schema per provider (`provider = env(...)` is rejected), so each is composed here from the same
// models. Generation and migration creation both read schemas through this module, so the two can
// never disagree.
//
// Rules for the models: keep to what both providers support (no enums, no scalar lists: arrays are
// Json, no native types, no @default on Json: SQLite migrations render it unquoted). Money is
// integer cents. Common status: 0 = enabled, 1 = disabled.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const PRISMA_DIR = dirname(fileURLToPath(import.meta.url));

export const PROVIDERS = ['sqlite', 'postgresql'] as const;
export type Provider = (typeof PROVIDERS)[number];

export function providerSchema(provider: Provider): string {
  const modelsDir = join(PRISMA_DIR, 'models');
  const models = readdirSync(modelsDir)
    .filter((file) => file.endsWith('.prisma'))
    .sort()
    .map((file) => readFileSync(join(modelsDir, file), 'utf8'))
    .join('\n');
  return `// Composed by prisma/schema.ts from prisma/models/*.prisma. Do not edit.
generator client {
  provider     = "prisma-client"
  output       = "../../../src/generated/${provider}"
  moduleFormat = "esm"
  runtime      = "nodejs"
}

datasource db {
  provider = "${provider}"
}

${models}`;
}

export function providerSchemaPath(provider: Provider): string {
  return join(PRISMA_DIR, 'generated', provider, 'schema.prisma');
}

export function migrationsDir(provider: Provider): string {
  return join(PRISMA_DIR, 'migrations', provider);
}
