import { ApolloServer } from '@apollo/server';
import { buildSchema, getNullableType, isListType, isObjectType } from 'graphql';
import { beforeAll, describe, expect, it } from 'vitest';
import { buildGraphQLSchema } from '../plugin';
import { LIST_BOUNDS, listBound, watchListBounds } from './list-bounds';

describe('list bounds', () => {
  let schema: Awaited<ReturnType<typeof buildGraphQLSchema>>;
  beforeAll(async () => {
    schema = await buildGraphQLSchema();
  });

  it('bound every list field of the schema, so none is costed at a guess', () => {
    const unbounded: string[] = [];
    for (const type of Object.values(schema.getTypeMap())) {
      if (!isObjectType(type) || type.name.startsWith('__')) continue;
      for (const field of Object.values(type.getFields())) {
        if (isListType(getNullableType(field.type)) && listBound(type, field) === undefined) unbounded.push(`${type.name}.${field.name}`);
      }
    }
    expect(unbounded).toEqual([]);
  });

  it('name only list fields the schema has', () => {
    const stale = Object.keys(LIST_BOUNDS).filter((key) => {
      const [typeName, fieldName] = key.split('.') as [string, string];
      const type = schema.getType(typeName);
      const field = isObjectType(type) ? type.getFields()[fieldName] : undefined;
      return !field || !isListType(getNullableType(field.type));
    });
    expect(stale).toEqual([]);
  });

  it('log a list that answers more than its bound, resolved at once or later', async () => {
    const warnings: unknown[] = [];
    const bound = LIST_BOUNDS['OAuth2Client.scopes']!;
    const scopes = Array.from({ length: bound + 1 }, (_, index) => `s${index}`);
    const schema = buildSchema('type Query { client: OAuth2Client, later: OAuth2Client } type OAuth2Client { scopes: [String!]! }');
    watchListBounds(schema, (details) => warnings.push(details));
    const apollo = new ApolloServer({ schema, rootValue: { client: { scopes }, later: { scopes: async () => scopes } } });
    await apollo.start();
    for (const query of ['{ client { scopes } }', '{ later { scopes } }']) {
      const answer = await apollo.executeOperation({ query });
      expect(answer.body.kind === 'single' && answer.body.singleResult.errors).toBeUndefined();
      expect(answer.body.kind === 'single' && JSON.stringify(answer.body.singleResult.data)).toContain(`"s${bound}"`);
    }
    expect(warnings).toEqual([{ field: 'OAuth2Client.scopes', items: bound + 1, bound }, { field: 'OAuth2Client.scopes', items: bound + 1, bound }]);
    await apollo.stop();
  });
});
