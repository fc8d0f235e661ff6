// The operation log's one writer: an Apollo plugin that records every root mutation field of every
// /graphql request, whatever the resolver, once the response is ready: who (user id and username),
// the tenant, the mutation field, the record it targeted, how long it took, and how it ended (0, or
// the numeric code of its error). Mutations refused before they ran (validation, depth and cost
// limits, bad variables) are logged too, with the request's error code. Arguments are never stored,
// so a password cannot reach the log; sign-in mutations log the username they attempted.
//
// The root mutation fields are timed by a wrapper on their resolvers, put on the schema when the
// server starts, not by Apollo's `willResolveField` hook: a plugin with that hook makes Apollo wrap
// the resolver of every field of the schema, for queries too, from the first mutation on.
import { performance } from 'node:perf_hooks';
import type { ApolloServerPlugin, GraphQLRequestContext } from '@apollo/server';
import type { FastifyBaseLogger } from 'fastify';
import { defaultFieldResolver, getOperationAST, GraphQLError, type GraphQLSchema, Kind, type OperationDefinitionNode, type SelectionSetNode } from 'graphql';
import type { OperationLogEntry } from '../../core/audit/operation-log-service';
import type { Core } from '../../core/core';
import { describeError, type ErrorMessages } from '../../core/errors/describe-error';
import { SYSTEM_TENANT_ID } from '../../core/tenant/tenant-directory';
import type { GraphQLContext } from '../context';

/** The sign-in mutations: run for callers not yet signed in; their arguments and answer say who. */
const SIGN_IN_OPERATIONS: ReadonlySet<string> = new Set(['login', 'refresh']);

interface ResolvedMutation {
  key: string;
  operation: string;
  args: Record<string, unknown>;
  durationMs: number;
  error: unknown;
  result: unknown;
}

const isPromiseLike = (value: unknown): value is PromiseLike<unknown> => typeof (value as PromiseLike<unknown> | null)?.then === 'function';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value !== '') return value;
  return null;
}

/** The `id` argument, else `input.id`, else the id the mutation answered (a number, or an object's id). */
function targetIdOf(args: Record<string, unknown>, result: unknown): string | null {
  return idText(args.id) ?? (isRecord(args.input) ? idText(args.input.id) : null) ?? (isRecord(result) ? idText(result.id) : typeof result === 'number' ? idText(result) : null);
}

/** 0 for success; else the numeric code callers are told, and its message (in their language). */
function outcomeOf(error: unknown, requestId: string, messages: ErrorMessages, languages: readonly string[]): { code: number; message: string | null } {
  if (error === undefined || error === null) return { code: 0, message: null };
  let cause: unknown = error;
  while (cause instanceof GraphQLError && cause.originalError) cause = cause.originalError;
  if (cause instanceof GraphQLError) {
    // GraphQL's own refusals (validation, variables, limits): bad requests unless they carry a code.
    const code = cause.extensions.code;
    return { code: typeof code === 'number' ? code : 400, message: cause.message };
  }
  const description = describeError(cause, requestId, messages, languages);
  return { code: description.code, message: description.message };
}

/** Response keys and field names of the root fields an operation selects. */
function rootFields(selectionSet: SelectionSetNode, fragments: Map<string, SelectionSetNode>, seen = new Set<string>()): { key: string; name: string }[] {
  return selectionSet.selections.flatMap((selection) => {
    if (selection.kind === Kind.FIELD) return [{ key: selection.alias?.value ?? selection.name.value, name: selection.name.value }];
    if (selection.kind === Kind.INLINE_FRAGMENT) return rootFields(selection.selectionSet, fragments, seen);
    const fragment = fragments.get(selection.name.value);
    if (!fragment || seen.has(selection.name.value)) return [];
    return rootFields(fragment, fragments, new Set([...seen, selection.name.value]));
  });
}

function mutationOf(requestContext: GraphQLRequestContext<GraphQLContext>): OperationDefinitionNode | null {
  const { document, request } = requestContext;
  const operation = requestContext.operation ?? (document ? getOperationAST(document, request.operationName) : null);
  return operation?.operation === 'mutation' ? operation : null;
}

/** The root mutation fields each request's operation ran, by its context (the object resolvers receive). */
const resolvedMutations = new WeakMap<object, ResolvedMutation[]>();

/** Wraps each root mutation field's resolver to note, in its request's list, how it ended and how long it took. */
function timeRootMutations(schema: GraphQLSchema): void {
  for (const field of Object.values(schema.getMutationType()?.getFields() ?? {})) {
    const resolve = field.resolve ?? defaultFieldResolver;
    field.resolve = (source, args: Record<string, unknown>, context: object, info) => {
      const resolved = resolvedMutations.get(context);
      if (!resolved) return resolve(source, args, context, info);
      const started = performance.now();
      const done = (error: unknown, result?: unknown) => {
        resolved.push({ key: String(info.path.key), operation: info.fieldName, args, durationMs: Math.round(performance.now() - started), error, result });
      };
      let result: unknown;
      try {
        result = resolve(source, args, context, info);
      } catch (error) {
        done(error);
        throw error;
      }
      if (isPromiseLike(result)) {
        return Promise.resolve(result).then(
          (value: unknown) => {
            done(null, value);
            return value;
          },
          (error: unknown) => {
            done(error);
            throw error;
          },
        );
      }
      done(null, result);
      return result;
    };
  }
}

export function auditPlugin(core: Core, log: FastifyBaseLogger): ApolloServerPlugin<GraphQLContext> {
  /** Who a row is for: the signed-in administrator, or whom a sign-in mutation was for. */
  async function subjectOf(ctx: GraphQLContext['ctx'], mutation: Pick<ResolvedMutation, 'operation' | 'args' | 'result'> | null) {
    let tenantId = ctx.tenantId;
    let userId = ctx.actor.kind === 'admin' ? ctx.actor.userId : null;
    let username: string | null = null;
    if (mutation && SIGN_IN_OPERATIONS.has(mutation.operation)) {
      const accessToken = isRecord(mutation.result) ? mutation.result.accessToken : undefined;
      const session = typeof accessToken === 'string' ? await core.tokens.find(accessToken) : null;
      if (session) ({ tenantId, userId } = session);
      if (typeof mutation.args.username === 'string') username = mutation.args.username;
      if (tenantId === null && typeof mutation.args.tenant === 'string') {
        tenantId = (await core.database.db.tenant.findUnique({ where: { name: mutation.args.tenant }, select: { id: true } }))?.id ?? null;
      }
    }
    if (username === null && tenantId !== null && userId !== null) username = (await core.permissions.access(tenantId, userId))?.user.username ?? null;
    // Requests that name no known tenant (a failed refresh, a login to an unknown tenant) are the platform's.
    return { tenantId: tenantId ?? SYSTEM_TENANT_ID, userId, username };
  }

  return {
    async serverWillStart({ schema }) {
      timeRootMutations(schema);
    },

    async requestDidStart({ contextValue }) {
      const started = performance.now();
      const resolved: ResolvedMutation[] = [];
      resolvedMutations.set(contextValue, resolved);
      return {
        async willSendResponse(requestContext) {
          const operation = mutationOf(requestContext);
          if (!operation) return;
          const { ctx, languages } = requestContext.contextValue;
          const now = ctx.now();
          const entryOf = async (mutation: Omit<ResolvedMutation, 'key'>, error: unknown): Promise<OperationLogEntry> => {
            const outcome = outcomeOf(error, ctx.requestId, core.errorCodes.messages, languages);
            return {
              ...(await subjectOf(ctx, mutation)),
              operation: mutation.operation,
              targetId: targetIdOf(mutation.args, mutation.result),
              resultCode: outcome.code,
              resultMsg: outcome.message,
              durationMs: mutation.durationMs,
              ip: ctx.ip,
              requestId: ctx.requestId,
              createdAt: now,
            };
          };
          try {
            const entries = await Promise.all(resolved.map((mutation) => entryOf(mutation, mutation.error)));
            // Root fields that never ran: the request was refused as a whole, with its first error. One
            // row per mutation name, so a refused request of many aliases cannot flood the log.
            const ran = new Set(resolved.map((mutation) => mutation.key));
            const refusedNames = new Set<string>();
            const fragments = new Map(
              (requestContext.document?.definitions ?? []).flatMap((definition) =>
                definition.kind === Kind.FRAGMENT_DEFINITION ? [[definition.name.value, definition.selectionSet] as const] : [],
              ),
            );
            const refusal = requestContext.errors?.[0] ?? new GraphQLError('The mutation did not run');
            for (const field of rootFields(operation.selectionSet, fragments)) {
              if (ran.has(field.key) || refusedNames.has(field.name) || field.name.startsWith('__')) continue;
              refusedNames.add(field.name);
              entries.push(await entryOf({ operation: field.name, args: {}, durationMs: Math.round(performance.now() - started), error: refusal, result: undefined }, refusal));
            }
            await core.operationLogs.record(entries);
          } catch (error) {
            // The mutation has happened; a lost log row must not turn its answer into an error.
            log.error({ err: error, reqId: ctx.requestId }, 'writing the operation log failed');
          }
        },
      };
    },
  };
}
