import 'reflect-metadata';
import { execute, type GraphQLObjectType, parse } from 'graphql';
import { Authorized, buildSchema, type BuildSchemaOptions, Field, FieldResolver, type MiddlewareFn, ObjectType, Query, Resolver, UseMiddleware } from 'type-graphql';
import { describe, expect, it } from 'vitest';
import { buildGraphQLSchema } from './plugin';
import { resolvePlainFieldsByDefault } from './plain-fields';

const watched: string[] = [];
const watch: MiddlewareFn = async ({ info }, next) => {
  watched.push(info.fieldName);
  return next();
};

@ObjectType('PlainFieldsProbeBase')
class ProbeBase {
  @Field(() => String)
  inherited!: string;
}

@ObjectType('PlainFieldsProbe')
class Probe extends ProbeBase {
  @Field(() => String)
  plain!: string;

  @Field(() => String, { name: 'renamedField' })
  renamed!: string;

  @Authorized('probe:read')
  @Field(() => String)
  guarded!: string;

  @UseMiddleware(watch)
  @Field(() => String)
  watchedField!: string;

  @Field(() => String)
  computed!: string;
}

@Resolver(() => Probe)
class ProbeResolver {
  @Query(() => Probe)
  plainFieldsProbe(): Omit<Probe, 'computed'> {
    return { inherited: 'i', plain: 'p', renamed: 'r', guarded: 'g', watchedField: 'w' };
  }

  @FieldResolver(() => String)
  computed(): string {
    return 'c';
  }
}

const PROBE = '{ plainFieldsProbe { inherited plain renamedField guarded watchedField computed } }';

async function probeSchema(granted: boolean) {
  const options: BuildSchemaOptions = { resolvers: [ProbeResolver], validate: false, authChecker: () => granted };
  const schema = await buildSchema(options);
  resolvePlainFieldsByDefault(schema, options);
  return schema;
}

describe('plain fields resolved by default', () => {
  it('drops the resolver of own-named, unguarded, unwatched property fields only, inherited ones too', async () => {
    const fields = (schema: Awaited<ReturnType<typeof probeSchema>>) => (schema.getType('PlainFieldsProbe') as GraphQLObjectType).getFields();
    const resolved = Object.fromEntries(Object.entries(fields(await probeSchema(true))).map(([name, field]) => [name, field.resolve !== undefined]));
    expect(resolved).toEqual({ inherited: false, plain: false, renamedField: true, guarded: true, watchedField: true, computed: true });
  });

  it('answers as before: renamed fields read their property, guards and middlewares still run', async () => {
    watched.length = 0;
    const granted = await execute({ schema: await probeSchema(true), document: parse(PROBE) });
    expect(granted).toEqual({ data: { plainFieldsProbe: { inherited: 'i', plain: 'p', renamedField: 'r', guarded: 'g', watchedField: 'w', computed: 'c' } } });
    expect(watched).toEqual(['watchedField']);
    const refused = await execute({ schema: await probeSchema(false), document: parse(PROBE) });
    expect(refused.errors?.map((error) => error.path)).toEqual([['plainFieldsProbe', 'guarded']]);
  });

  it('keeps the resolvers of the /graphql schema that do more than read their own property', async () => {
    const userView = (await buildGraphQLSchema()).getType('UserView') as GraphQLObjectType;
    const resolved = (name: string) => userView.getFields()[name]!.resolve !== undefined;
    expect(['id', 'username', 'nickname', 'deptId'].filter(resolved)).toEqual([]);
    // createTime reads createdAt; the others are field resolvers.
    expect(['createTime', 'dept', 'roles', 'posts', 'postIds'].filter(resolved)).toEqual(['createTime', 'dept', 'roles', 'posts', 'postIds']);
  });
});
