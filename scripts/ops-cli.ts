// The staff CLI behind `npm run ops` (scripts/ops.ts runs it): calls one /trpc procedure through the
// typed client. Whether the procedure is a query or a mutation, and the fields of its input, are
// read from the router, so help and calls never drift from the server.
import { TRPCClientError } from '@trpc/client';
import { z } from 'zod';
import { createClient } from '../src/trpc/client';
import { type AppRouter, appRouter } from '../src/trpc/router';

const USAGE = [
  'usage: npm run ops -- <procedure> [json input]     call a procedure, e.g. npm run ops -- member.search \'{"pageNo":1,"pageSize":10}\'',
  '       npm run ops -- <procedure> --help           its input fields: names, types, required or optional, bounds',
  '       npm run ops -- --help                       this help',
  'Environment: OPENBUY_URL (default http://127.0.0.1:3000), OPENBUY_TOKEN (a staff access token from the console\'s login).',
  'Exit status: 0 answered (JSON on stdout), 1 refused (the error on stderr), 2 a usage mistake.',
].join('\n');

/** One line per procedure of the router; a test keeps it complete. */
export const PROCEDURE_DESCRIPTIONS: Readonly<Record<string, string>> = {
  'system.health': 'Whether the service and its database answer, with the database latency',
  'member.create': 'Creates a member',
  'member.get': 'A member with its bindings and addresses',
  'member.search': 'A page of members by unionId, nickname or mobile',
  'member.bind': "Binds a member to a partner client's externalUserId",
  'member.unbind': "Removes a partner client's externalUserId binding",
  'member.addAddress': 'Adds a shipping address to a member',
  'member.setDefaultAddress': "Makes one of a member's addresses the default",
  'member.setRepaymentAuthorization': 'Allows or stops automatic debits of supplement bills',
  'wallet.balance': "A member's wallet balance (CNY cents)",
  'wallet.credit': 'Credits a wallet, with a reason; idempotent by adjustmentId',
  'wallet.debit': 'Debits a wallet, with a reason; idempotent by adjustmentId, never below zero',
  'reconciliation.wallets': 'Every wallet whose balance differs from the sum of its ledger',
  'warehouse.list': 'A page of order items in one status, optionally of one member',
  'warehouse.markArrived': 'Records that a purchased item arrived at the warehouse',
  'warehouse.startQc': 'Opens the QC record of an item in the warehouse (or answers the open one)',
  'warehouse.addQcPhotos': 'Adds photos (URLs or uploaded images) to an open QC record',
  'warehouse.completeQc': 'Completes a QC record as passed (1) or failed (2)',
  'warehouse.putInStorage': 'Puts a QC-checked item in storage',
  'bag.get': 'A bag order with its items',
  'bag.create': "Packs stored items of one member into a bag order",
  'bag.weigh': 'Records the weight of a bag',
  'bag.setShipping': 'Sets the shipping line and freight of a bag (a higher freight raises a supplement)',
  'bag.ship': 'Ships a bag with its tracking number',
  'bag.markDelivered': 'Records that a bag was delivered',
  'catalog.import': 'Imports goods with their SKUs (idempotent by source and goodsId)',
  'catalog.updatePrices': 'Updates SKU prices',
  'catalog.registerImages': 'Registers the images of goods for image search',
  'purchasing.awaiting': 'A page of paid items awaiting purchase on their marketplace',
  'purchasing.markPurchased': 'Records the marketplace purchase of an item (a higher price raises a supplement)',
  'purchasing.cancel': 'Cancels an item and refunds it to the wallet once',
  'supplement.raise': 'Raises a supplement bill on a purchase or a bag',
  'supplement.autoDebit': 'Debits unpaid supplement bills of members with repayment authorization (all of the tenant, or one member)',
  'supplement.ofMember': "A member's outstanding supplement bills",
  'paymentOrder.close': 'Closes a pending USD payment order, with a reason',
  'paymentOrder.markPaid': 'Marks a USD payment order paid by hand, with a reason',
};

export class UsageError extends Error {}

type ProcedureType = 'query' | 'mutation' | 'subscription';
interface ProcedureInfo {
  type: ProcedureType;
  inputs: readonly z.ZodType[];
}

/** Every procedure of the router by its dotted path (walking the routers' records). */
export function proceduresOf(record: object = appRouter._def.record, prefix = ''): Map<string, ProcedureInfo> {
  const procedures = new Map<string, ProcedureInfo>();
  for (const [key, node] of Object.entries(record)) {
    const definition = (node as { _def?: { type?: ProcedureType; inputs?: z.ZodType[] } })._def;
    if (definition?.type) procedures.set(`${prefix}${key}`, { type: definition.type, inputs: definition.inputs ?? [] });
    else if (typeof node === 'object' && node !== null) for (const entry of proceduresOf(node, `${prefix}${key}.`)) procedures.set(...entry);
  }
  return procedures;
}

interface JsonSchema {
  type?: string | string[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  enum?: unknown[];
  const?: unknown;
  format?: string;
  default?: unknown;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: number;
  exclusiveMaximum?: number;
  minItems?: number;
  maxItems?: number;
}

/** Integer bounds as wide as a safe integer say nothing. */
const meaningful = (bound: number | undefined) => bound !== undefined && Math.abs(bound) < Number.MAX_SAFE_INTEGER;

function typeOf(schema: JsonSchema): string {
  if (schema.enum) return schema.enum.map((value) => JSON.stringify(value)).join(' | ');
  if (schema.const !== undefined) return JSON.stringify(schema.const);
  if (schema.anyOf) return [...new Set(schema.anyOf.map(typeOf))].join(' | ');
  if (schema.type === 'array') return `${schema.items ? typeOf(schema.items) : 'any'}[]`;
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : (schema.type ?? 'any');
  return schema.format ? `${type} (${schema.format})` : type;
}

function boundsOf(schema: JsonSchema): string[] {
  const bounds: string[] = [];
  if (schema.minLength !== undefined || schema.maxLength !== undefined) bounds.push(`${schema.minLength ?? 0}..${schema.maxLength ?? ''} chars`);
  const low = meaningful(schema.exclusiveMinimum) ? `>${schema.exclusiveMinimum}` : meaningful(schema.minimum) ? `>=${schema.minimum}` : undefined;
  const high = meaningful(schema.exclusiveMaximum) ? `<${schema.exclusiveMaximum}` : meaningful(schema.maximum) ? `<=${schema.maximum}` : undefined;
  if (low || high) bounds.push([low, high].filter(Boolean).join(' '));
  if (schema.minItems !== undefined || schema.maxItems !== undefined) bounds.push(`${schema.minItems ?? 0}..${schema.maxItems ?? ''} items`);
  if (schema.default !== undefined) bounds.push(`default ${JSON.stringify(schema.default)}`);
  return bounds;
}

/** One line per input field, nested objects (and objects in arrays) as dotted names. */
function fieldLines(schema: JsonSchema, prefix = ''): string[][] {
  const required = new Set(schema.required ?? []);
  const rows: string[][] = [];
  for (const [name, field] of Object.entries(schema.properties ?? {})) {
    const path = `${prefix}${name}`;
    rows.push([path, typeOf(field).replace(/^object(\[\])?$/, 'object$1'), required.has(name) ? 'required' : 'optional', boundsOf(field).join(', ')]);
    if (field.properties) rows.push(...fieldLines(field, `${path}.`));
    if (field.items?.properties) rows.push(...fieldLines(field.items, `${path}[].`));
  }
  return rows;
}

function table(rows: readonly string[][]): string {
  const widths = rows.reduce<number[]>((max, row) => row.map((cell, index) => Math.max(max[index] ?? 0, cell.length)), []);
  return rows.map((row) => `  ${row.map((cell, index) => cell.padEnd(widths[index] ?? 0)).join('  ')}`.trimEnd()).join('\n');
}

/** `--help`: the usage and every procedure with its description. */
export function helpText(): string {
  const rows = [...proceduresOf()].map(([path, { type }]) => [path, type, PROCEDURE_DESCRIPTIONS[path] ?? '']);
  return `${USAGE}\n\nProcedures:\n${table(rows)}\n`;
}

/** `<procedure> --help`: what it does and the fields of its input. */
export function procedureHelpText(path: string, procedure: ProcedureInfo): string {
  const head = `${path} (${procedure.type}): ${PROCEDURE_DESCRIPTIONS[path] ?? ''}`;
  const [input] = procedure.inputs;
  if (!input) return `${head}\nInput: none.\n`;
  const schema = z.toJSONSchema(input, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  const rows = fieldLines(schema);
  if (rows.length === 0) return `${head}\nInput: ${typeOf(schema)}.\n`;
  return `${head}\nInput fields (a JSON object):\n${table(rows)}\n`;
}

function parseInput(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`the input is not JSON: ${(error as Error).message}`);
  }
}

export interface OpsIo {
  env: Record<string, string | undefined>;
  stdout: (text: string) => void;
  stderr: (text: string) => void;
}

const isHelp = (argument: string | undefined) => argument === '--help' || argument === '-h';

/** Runs the CLI on `argv` (the arguments after the script); answers the exit status. */
export async function runOps(argv: readonly string[], io: OpsIo): Promise<number> {
  try {
    return await dispatch(argv, io);
  } catch (error) {
    if (!(error instanceof UsageError)) throw error;
    io.stderr(`${error.message}\n`);
    return 2;
  }
}

async function dispatch(argv: readonly string[], io: OpsIo): Promise<number> {
  const [path, inputText, ...extra] = argv;
  if (isHelp(path)) {
    io.stdout(helpText());
    return 0;
  }
  if (!path || extra.length > 0) throw new UsageError(`${USAGE}\n(run npm run ops -- --help for the procedures)`);
  const procedure = proceduresOf().get(path);
  if (!procedure || procedure.type === 'subscription') {
    throw new UsageError(`unknown procedure ${path}; npm run ops -- --help lists them`);
  }
  if (isHelp(inputText)) {
    io.stdout(procedureHelpText(path, procedure));
    return 0;
  }
  const input = parseInput(inputText);
  const client = createClient(io.env.OPENBUY_URL || 'http://127.0.0.1:3000', io.env.OPENBUY_TOKEN || undefined);
  // The path is only known at run time: walk the typed client's proxy to the procedure.
  const call = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], client) as {
    query: (input: unknown) => Promise<unknown>;
    mutate: (input: unknown) => Promise<unknown>;
  };
  try {
    const result = procedure.type === 'query' ? await call.query(input) : await call.mutate(input);
    io.stdout(`${JSON.stringify(result ?? null, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const { data, message } = error as TRPCClientError<AppRouter>;
    io.stderr(`${JSON.stringify({ error: { code: data?.code ?? 'NETWORK_ERROR', serviceCode: data?.serviceCode ?? null, message } }, null, 2)}\n`);
    return 1;
  }
}
