// type-graphql calls a @FieldResolver method of a resolver class through a generic wrapper, per
// field and value: it looks the resolver instance up in its container, sorts the method's parameter
// list, maps each parameter by kind and runs the (empty) middleware chain. A page of 100 users asks
// `dept`, `roles` and `posts` 300 times. Where type-graphql's metadata shows a field resolver that
// takes only its root, the context and the info, with no middleware and no @Authorized, the method
// is called directly with the same arguments and the same instance. Field resolvers with arguments
// (converted to instances and validated), guards or middlewares keep type-graphql's wrapper.
import { type GraphQLSchema, isObjectType } from 'graphql';
import { type BuildSchemaOptions, type ContainerType, getMetadataStorage } from 'type-graphql';

type Storage = ReturnType<typeof getMetadataStorage>;
type FieldResolverMetadata = Storage['fieldResolvers'][number];
type ParamMetadata = NonNullable<FieldResolverMetadata['params']>[number];
type ResolverClass = FieldResolverMetadata['target'];

/**
 * One instance per resolver class, as type-graphql's default container keeps (its lookup scans a
 * list per call). Passed to `buildSchema` as its container, so direct calls use the same instances.
 */
export class ResolverInstances implements ContainerType {
  private readonly instances = new Map<ResolverClass, object>();

  get(target: ResolverClass): object {
    let instance = this.instances.get(target);
    if (!instance) this.instances.set(target, (instance = new (target as new () => object)()));
    return instance;
  }
}

/** A parameter's value from the resolver's arguments; undefined when only type-graphql's wrapper can make it. */
function parameterReader(param: ParamMetadata): ((root: Record<string, unknown>, context: Record<string, unknown>, info: unknown) => unknown) | undefined {
  switch (param.kind) {
    case 'context': {
      const property = param.propertyName;
      return property ? (_root, context) => context[property] : (_root, context) => context;
    }
    case 'root': {
      // type-graphql converts the root to the parameter's class when it has one; a plain object type stays as it is.
      if (param.getType && param.getType() !== Object) return undefined;
      const property = param.propertyName;
      return property ? (root) => root[property] : (root) => root;
    }
    case 'info':
      return (_root, _context, info) => info;
    default:
      return undefined;
  }
}

/**
 * Replaces type-graphql's wrapper of the plain field resolvers of `schema` (see the top of this
 * file). Call it on the schema `buildSchema(options)` built, with `instances` as its container.
 */
export function callFieldResolversDirectly(schema: GraphQLSchema, options: BuildSchemaOptions, instances: ResolverInstances): void {
  // Global middlewares run on every field resolver.
  if (options.globalMiddlewares?.length) return;
  const storage = getMetadataStorage();
  const resolverClasses = new Set<unknown>(options.resolvers as readonly unknown[]);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const declarations = storage.objectTypes.filter((objectType) => objectType.name === type.name);
    // Two classes under one type name: which one built it is not known, so nothing is replaced.
    if (declarations.length !== 1) continue;
    const typeClass = declarations[0]!.target;
    for (const field of Object.values(type.getFields())) {
      const resolver = storage.fieldResolvers.find(
        (metadata) => metadata.kind === 'external' && resolverClasses.has(metadata.target) && metadata.schemaName === field.name && metadata.getObjectType?.() === typeClass,
      );
      if (!resolver || resolver.roles !== undefined || resolver.middlewares?.length) continue;
      const readers = [...(resolver.params ?? [])].sort((a, b) => a.index - b.index).map(parameterReader);
      if (!readers.every((reader) => reader !== undefined)) continue;
      const instance = instances.get(resolver.target) as Record<string, (...args: unknown[]) => unknown>;
      const method = instance[resolver.methodName]!;
      field.resolve = (root, _args, context, info) => method.apply(instance, readers.map((read) => read(root, context, info)));
    }
  }
}
