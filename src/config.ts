// Configuration comes from the environment only, validated once at start so a typo fails loudly
// with the variable's name instead of surfacing later as odd behaviour.
import { z } from 'zod';
import { databaseTarget, DEFAULT_DATABASE_URL } from './core/db/database-url';
import { issuePath } from './core/errors/describe-error';

const booleanFlag = z
  .enum(['true', 'false', '1', '0', 'yes', 'no', 'on', 'off'])
  .transform((value) => ['true', '1', 'yes', 'on'].includes(value));

/** Fastify's trustProxy: off, on, a hop count, or a comma-separated list of proxy addresses/CIDRs. */
const trustProxy = z.string().transform((value, ctx): boolean | number | string[] => {
  const text = value.trim();
  if (/^(false|0|off|no|)$/i.test(text)) return false;
  if (/^(true|on|yes)$/i.test(text)) return true;
  if (/^[1-9]\d*$/.test(text)) return Number(text);
  const list = text.split(',').map((entry) => entry.trim()).filter(Boolean);
  if (list.length === 0) ctx.addIssue({ code: 'custom', message: 'expected true, false, a hop count or a list of addresses' });
  return list;
});

const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().min(1).default('127.0.0.1'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  DATABASE_URL: z
    .string()
    .default(DEFAULT_DATABASE_URL)
    .refine((url) => /^(file:|postgres(ql)?:\/\/)/i.test(url), 'must start with file: (SQLite) or postgres:// (PostgreSQL)'),
  REDIS_URL: z
    .string()
    .refine((url) => /^rediss?:\/\//.test(url), 'must start with redis:// or rediss://')
    .optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  TRUST_PROXY: trustProxy.default(false),
  MIGRATE_ON_START: booleanFlag.default(true),
  SEED_ON_START: booleanFlag.default(true),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  SEED_ADMIN_PASSWORD: z.string().min(8).optional(),
  SEED_PARTNER_CLIENT_ID: z.string().regex(/^[A-Za-z0-9_.-]{3,64}$/, 'letters, digits, _ . - (3..64)').optional(),
  SEED_PARTNER_CLIENT_SECRET: z.string().min(16).optional(),
});

export type Config = z.infer<typeof configSchema>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  // An empty variable means "not set", as in most twelve-factor tools.
  const present = Object.fromEntries(Object.entries(env).filter(([, value]) => value !== undefined && value !== ''));
  const result = configSchema.safeParse(present);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issuePath(issue.path)}: ${issue.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  databaseTarget(result.data.DATABASE_URL);
  return result.data;
}
