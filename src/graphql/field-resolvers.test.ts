import 'reflect-metadata';
import { execute, type GraphQLObjectType, parse } from 'graphql';
import { Arg, Authorized, buildSchema, type BuildSchemaOptions, Ctx, Field, FieldResolver, Info, type MiddlewareFn, ObjectType, Query, Resolver, Root, UseMiddleware } from 'type-graphql';
import { describe, expect, it } from 'vitest';
import { callFieldResolversDirectly, ResolverInstances } from './field-resolvers';
import { buildGraphQLSchema } from './plugin';

const watched: string[] = [];
const watch: MiddlewareFn = async ({ info }, next) => {
  watched.push(info.fieldName);
  return next();
};

@ObjectType('FieldResolversProbe')
class Probe {
  @Field(() => String)
  name!: string;
}

@Resolver(() => Probe)
class ProbeResolver {
  /** Which instance answered: the query's and the direct field resolvers' must be one. */
  readonly instanceId = Math.random().toString(36);

  @Query(() => Probe)
  fieldResolversProbe(): Probe & { answeredBy: string } {
    return { name: 'p', answeredBy: this.instanceId };
  }

  @FieldResolver(() => String)
  plain(@Root() probe: Probe & { answeredBy: string }, @Ctx() context: { prefix: string }, @Info() info: { fieldName: string }): string {
    return `${context.prefix}${probe.name}:${info.fieldName}:${probe.answeredBy === this.instanceId}`;
  }

  @FieldResolver(() => String)
  fromContextProperty(@Root('name') name: unknown, @Ctx('prefix') prefix: string): Promise<string> {
    return Promise.resolve(`${prefix}${String(name)}`);
  }

  @FieldResolver(() => String)
  withArgument(@Root() probe: Probe, @Arg('suffix', () => String) suffix: string): string {
    return probe.name + suffix;
  }

  @Authorized('probe:read')
  @FieldResolver(() => String)
  guarded(): string {
    return 'g';
  }

  @UseMiddleware(watch)
  @FieldResolver(() => String)
  watchedField(): string {
    return 'w';
  }
}

const PROBE = '{ fieldResolversProbe { name plain fromContextProperty withArgument(suffix: "!") guarded watchedField } }';

async function probeSchema(granted: boolean, direct: boolean) {
  const container = new ResolverInstances();
  const options: BuildSchemaOptions = { resolvers: [ProbeResolver], validate: false, authChecker: () => granted, container };
  const schema = await buildSchema(options);
  const fields = (schema.getType('FieldResolversProbe') as GraphQLObjectType).getFields();
  const before = Object.fromEntries(Object.entries(fields).map(([name, field]) => [name, field.resolve]));
  if (direct) callFieldResolversDirectly(schema, options, container);
  const replaced = Object.keys(fields).filter((name) => fields[name]!.resolve !== before[name]);
  return { schema, replaced };
}

describe('field resolvers called directly', () => {
  it('replaces the wrapper of field resolvers taking root, context and info only, unguarded and unwatched', async () => {
    expect((await probeSchema(true, true)).replaced).toEqual(['plain', 'fromContextProperty']);
  });

  it('answers as type-graphql does, on the same resolver instance; guards and middlewares still run', async () => {
    for (const granted of [true, false]) {
      const answers = [];
      for (const direct of [false, true]) {
        watched.length = 0;
        const result = await execute({ schema: (await probeSchema(granted, direct)).schema, document: parse(PROBE), contextValue: { prefix: '>' } });
        answers.push({ result: JSON.parse(JSON.stringify(result)) as unknown, watched: [...watched] });
      }
      expect(answers[1]).toEqual(answers[0]);
      expect(answers[1]!.watched).toEqual(['watchedField']);
      expect(answers[1]!.result).toMatchObject(
        granted
          ? { data: { fieldResolversProbe: { plain: '>p:plain:true', fromContextProperty: '>p', withArgument: 'p!', guarded: 'g' } } }
          : { data: null, errors: [{ path: ['fieldResolversProbe', 'guarded'] }] },
      );
    }
  });

  it('calls the /graphql schema\'s user relations directly', async () => {
    const schema = await buildGraphQLSchema();
    const { dept, roles, posts } = (schema.getType('UserView') as GraphQLObjectType).getFields();
    for (const field of [dept, roles, posts]) expect(field!.resolve?.toString()).toContain('method.apply');
  });
});
