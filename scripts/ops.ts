// `npm run ops -- <procedure> [json]`: calls one /trpc procedure through the typed client, for staff
// scripts. OPENBUY_URL (default http://127.0.0.1:3000) and OPENBUY_TOKEN (a staff access token) come
// from the environment. Whether the procedure is a query or a mutation is read from the router, so
// the caller only names it. The answer is printed as JSON; a refused call prints its error (tRPC code,
// service code, message) on stderr and exits 1; a usage mistake exits 2.
import { TRPCClientError } from '@trpc/client';
import { createClient } from '../src/trpc/client';
import { type AppRouter, appRouter } from '../src/trpc/router';

const USAGE = 'usage: npm run ops -- <procedure> [json input]   e.g. npm run ops -- member.search \'{"pageNo":1,"pageSize":10}\'';

type ProcedureCall = { query?: (input: unknown) => Promise<unknown>; mutate?: (input: unknown) => Promise<unknown> };

class UsageError extends Error {}

type ProcedureType = 'query' | 'mutation' | 'subscription';

/** Every procedure of the router by its dotted path, with its type (walking the routers' records). */
function proceduresOf(record: object, prefix = ''): Map<string, ProcedureType> {
  const procedures = new Map<string, ProcedureType>();
  for (const [key, node] of Object.entries(record)) {
    const type = (node as { _def?: { type?: ProcedureType } })._def?.type;
    if (type) procedures.set(`${prefix}${key}`, type);
    else if (typeof node === 'object' && node !== null) for (const entry of proceduresOf(node, `${prefix}${key}.`)) procedures.set(...entry);
  }
  return procedures;
}

function parseInput(text: string | undefined): unknown {
  if (text === undefined) return undefined;
  try {
    return JSON.parse(text) as unknown;
  } catch (error) {
    throw new UsageError(`the input is not JSON: ${(error as Error).message}`);
  }
}

async function main(argv: readonly string[]): Promise<number> {
  const [path, inputText, ...extra] = argv;
  if (!path || extra.length > 0) throw new UsageError(USAGE);
  const procedures = proceduresOf(appRouter._def.record);
  const type = procedures.get(path);
  if (type !== 'query' && type !== 'mutation') {
    throw new UsageError(`unknown procedure ${path}; procedures: ${[...procedures.keys()].sort().join(', ')}`);
  }
  const input = parseInput(inputText);
  const client = createClient(process.env.OPENBUY_URL || 'http://127.0.0.1:3000', process.env.OPENBUY_TOKEN || undefined);
  // The path is only known at run time: walk the typed client's proxy to the procedure.
  const procedure = path.split('.').reduce<unknown>((node, key) => (node as Record<string, unknown>)[key], client) as ProcedureCall;
  try {
    const result = type === 'query' ? await procedure.query?.(input) : await procedure.mutate?.(input);
    process.stdout.write(`${JSON.stringify(result ?? null, null, 2)}\n`);
    return 0;
  } catch (error) {
    if (!(error instanceof TRPCClientError)) throw error;
    const { data, message } = error as TRPCClientError<AppRouter>;
    process.stderr.write(`${JSON.stringify({ error: { code: data?.code ?? 'NETWORK_ERROR', serviceCode: data?.serviceCode ?? null, message } }, null, 2)}\n`);
    return 1;
  }
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: unknown) => {
    if (error instanceof UsageError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    console.error(error);
    process.exit(1);
  },
);
