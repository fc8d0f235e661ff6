import { ApolloServer } from '@apollo/server';
import { ApolloServerPluginCacheControlDisabled } from '@apollo/server/plugin/disabled';
import type { FastifyBaseLogger } from 'fastify';
import { buildSchema, type GraphQLObjectType } from 'graphql';
import { describe, expect, it } from 'vitest';
import type { OperationLogEntry } from '../../core/audit/operation-log-service';
import type { Core } from '../../core/core';
import type { GraphQLContext } from '../context';
import { auditPlugin } from './audit-plugin';

describe('the audit plugin', () => {
  it('logs a mutation without wrapping the resolvers of the schema: queries keep theirs', async () => {
    const schema = buildSchema('type Query { name: String } type Mutation { rename(id: Int!): Int }');
    const nameResolver = () => 'ada';
    (schema.getType('Query') as GraphQLObjectType).getFields().name!.resolve = nameResolver;
    (schema.getType('Mutation') as GraphQLObjectType).getFields().rename!.resolve = async (_, { id }: { id: number }) => id;
    const recorded: OperationLogEntry[] = [];
    const core = {
      operationLogs: { record: async (entries: OperationLogEntry[]) => void recorded.push(...entries) },
      permissions: { access: async () => ({ user: { username: 'ada' } }) },
      errorCodes: { messages: {} },
    } as unknown as Core;
    const apollo = new ApolloServer<GraphQLContext>({ schema, plugins: [auditPlugin(core, {} as FastifyBaseLogger), ApolloServerPluginCacheControlDisabled()] });
    await apollo.start();
    const contextValue = {
      ctx: { tenantId: 3, actor: { kind: 'admin', userId: 7 }, requestId: 'audit-unit', ip: '10.0.0.1', now: () => new Date(0) },
      languages: [],
    } as unknown as GraphQLContext;

    const answer = await apollo.executeOperation({ query: 'mutation { first: rename(id: 5) }' }, { contextValue });
    expect(answer.body).toEqual({ kind: 'single', singleResult: { data: { first: 5 } } });
    expect(recorded).toEqual([
      { tenantId: 3, userId: 7, username: 'ada', operation: 'rename', targetId: '5', resultCode: 0, resultMsg: null, durationMs: expect.any(Number), ip: '10.0.0.1', requestId: 'audit-unit', createdAt: new Date(0) },
    ]);
    // Apollo wraps every resolver of the schema once a plugin hooks fields (willResolveField; the
    // cache-control plugin does, hence disabled here as in plugin.ts).
    expect((schema.getType('Query') as GraphQLObjectType).getFields().name!.resolve).toBe(nameResolver);
    await apollo.stop();
  });
});
