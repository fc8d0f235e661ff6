// Every operation of the console's GraphQL schema is guarded: the test walks the built schema (so an
// operation added later is walked too) and calls each root field's resolver the way GraphQL does,
// with a context that records what the guard asks for and stops there. Only PUBLIC_OPERATIONS may
// reach their resolver without the guard; every other operation asks for a signed-in administrator
// and at most one permission, which must be one of the menu catalogue's.
import { type GraphQLField, type GraphQLObjectType, type GraphQLResolveInfo, type GraphQLSchema } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { LocalInvalidationBus } from '../src/core/cache/invalidation-bus';
import { ManualClock } from '../src/core/clock';
import type { Core } from '../src/core/core';
import type { Db } from '../src/core/db/client';
import { isServiceError } from '../src/core/errors/service-error';
import { catalogPermissions } from '../src/core/permission/menu-catalogue';
import { PermissionService } from '../src/core/permission/permission-service';
import { type Actor, RequestContext } from '../src/core/request-context';
import type { TenantDirectory } from '../src/core/tenant/tenant-directory';
import { PUBLIC_OPERATIONS } from '../src/graphql/auth/auth-checker';
import type { GraphQLContext } from '../src/graphql/context';
import { buildGraphQLSchema } from '../src/graphql/plugin';

class GuardReached {
  constructor(readonly permission: string | null) {}
}
class ResolverReached extends Error {}

/** Any use of the core or the database, except the guard's own call, means the resolver body runs. */
function probeContext(actor: Actor, permissions: Pick<PermissionService, 'authorize'>): GraphQLContext {
  const core = new Proxy({} as Core, {
    get: (_target, name) => {
      if (name === 'permissions') return permissions;
      throw new ResolverReached(`core.${String(name)}`);
    },
  });
  return {
    ctx: new RequestContext('guard-probe', actor.kind === 'anonymous' ? null : 1, actor, '127.0.0.1', new ManualClock()),
    core,
    get loaders(): never {
      throw new ResolverReached('loaders');
    },
    get db(): never {
      throw new ResolverReached('db');
    },
    accessToken: null,
    languages: [],
  };
}

async function call(schema: GraphQLSchema, type: GraphQLObjectType, field: GraphQLField<unknown, GraphQLContext>, context: GraphQLContext): Promise<unknown> {
  const info = { fieldName: field.name, parentType: type, returnType: field.type, schema, path: { key: field.name, prev: undefined, typename: type.name } };
  try {
    return await field.resolve!(undefined, {}, context, info as unknown as GraphQLResolveInfo);
  } catch (error) {
    return error;
  }
}

interface Operation {
  name: string;
  kind: 'query' | 'mutation' | 'subscription';
  type: GraphQLObjectType;
  field: GraphQLField<unknown, GraphQLContext>;
}

let schema: GraphQLSchema;
let operations: Operation[];

beforeAll(async () => {
  schema = await buildGraphQLSchema();
  const roots = [
    ['query', schema.getQueryType()],
    ['mutation', schema.getMutationType()],
    ['subscription', schema.getSubscriptionType()],
  ] as const;
  operations = roots.flatMap(([kind, type]) =>
    type ? Object.values(type.getFields()).map((field) => ({ name: field.name, kind, type, field: field as GraphQLField<unknown, GraphQLContext> })) : [],
  );
});

describe('the GraphQL schema', () => {
  it('has operations to walk, login and refresh among them', () => {
    expect(operations.map((operation) => operation.name)).toEqual(expect.arrayContaining(['login', 'refresh', 'logout', 'me', 'errorCodes']));
  });

  it('guards every operation except login and refresh, and each names at most one catalogue permission', async () => {
    const catalogue = new Set(catalogPermissions());
    const asked: (string | null)[] = [];
    const recorder = {
      authorize: async (_ctx: RequestContext, permission: string | null): Promise<never> => {
        asked.push(permission);
        throw new GuardReached(permission);
      },
    };
    const unguarded: string[] = [];
    const declarations: Record<string, string | null> = {};
    for (const operation of operations) {
      const outcome = await call(schema, operation.type, operation.field, probeContext({ kind: 'admin', userId: 1 }, recorder));
      if (outcome instanceof GuardReached) declarations[operation.name] = outcome.permission;
      else unguarded.push(operation.name);
    }
    expect(unguarded.sort()).toEqual([...PUBLIC_OPERATIONS].sort());
    expect(PUBLIC_OPERATIONS.every((name) => operations.find((operation) => operation.name === name)?.kind === 'mutation')).toBe(true);
    for (const [name, permission] of Object.entries(declarations)) {
      expect(permission === null || catalogue.has(permission), `${name} needs ${permission}, which is not in the menu catalogue`).toBe(true);
    }
    expect(declarations).toMatchObject({ me: null, logout: null, errorCodes: 'system:error-code:query' });
    expect(asked).toHaveLength(operations.length - PUBLIC_OPERATIONS.length);
  });

  it('answers 401 to an anonymous caller of every guarded operation, before any resolver runs', async () => {
    const permissions = new PermissionService({} as Db, {} as TenantDirectory, new LocalInvalidationBus());
    for (const operation of operations.filter((candidate) => !PUBLIC_OPERATIONS.includes(candidate.name))) {
      const outcome = await call(schema, operation.type, operation.field, probeContext({ kind: 'anonymous' }, permissions));
      expect(isServiceError(outcome) && outcome.code, operation.name).toBe(401);
    }
  });

  it('lets login and refresh reach their resolvers without signing in', async () => {
    for (const name of PUBLIC_OPERATIONS) {
      const operation = operations.find((candidate) => candidate.name === name)!;
      const outcome = await call(schema, operation.type, operation.field, probeContext({ kind: 'anonymous' }, { authorize: () => Promise.reject(new Error('guarded')) }));
      expect(outcome, name).toBeInstanceOf(ResolverReached);
    }
  });
});
