// type-graphql gives every plain property field a resolver of its own (`createBasicFieldResolver`): a
// closure that builds the resolver data and runs the field's middleware chain, also when the chain
// is empty. A field that only reads the property of its own name is left to graphql's default
// resolution instead, which a compiled query (compiled-queries.ts) turns into a property read.
// Which fields those are is read from type-graphql's metadata, never guessed from names: renamed
// fields (`createdAt` answered as `createTime`), field resolvers, @Authorized fields and fields with
// middlewares keep their resolvers.
import { type GraphQLSchema, isObjectType } from 'graphql';
import { type BuildSchemaOptions, getMetadataStorage } from 'type-graphql';

type FieldMetadata = ReturnType<typeof getMetadataStorage>['fields'][number];
/** A decorated class, as type-graphql's metadata names it. */
type ClassTarget = FieldMetadata['target'];

/** A class, the classes it extends and the interfaces it implements (their fields are its fields). */
function classesOf(target: ClassTarget, interfaces: readonly ClassTarget[] = []): Set<ClassTarget> {
  const classes = new Set<ClassTarget>();
  for (const start of [target, ...interfaces]) {
    for (let current = start; current !== Function.prototype && current !== null; current = Object.getPrototypeOf(current) as ClassTarget) classes.add(current);
  }
  return classes;
}

/**
 * Drops type-graphql's resolver from the object fields that read their own property and nothing
 * else. Call it on the schema `buildSchema(options)` built (the metadata is then complete).
 */
export function resolvePlainFieldsByDefault(schema: GraphQLSchema, options: BuildSchemaOptions): void {
  // Global middlewares run on every field, plain ones included.
  if (options.globalMiddlewares?.length) return;
  const storage = getMetadataStorage();
  const hasFieldResolver = (field: FieldMetadata) => storage.fieldResolvers.some((resolver) => resolver.methodName === field.name && resolver.getObjectType?.() === field.target);
  const readsOwnProperty = (field: FieldMetadata) => field.name === field.schemaName && field.roles === undefined && !field.middlewares?.length && !hasFieldResolver(field);
  for (const type of Object.values(schema.getTypeMap())) {
    if (!isObjectType(type) || type.name.startsWith('__')) continue;
    const declarations = storage.objectTypes.filter((objectType) => objectType.name === type.name);
    // Two classes under one type name: which one built it is not known, so nothing is dropped.
    if (declarations.length !== 1) continue;
    const classes = classesOf(declarations[0]!.target, declarations[0]!.interfaceClasses);
    for (const field of Object.values(type.getFields())) {
      if (!field.resolve) continue;
      const declared = storage.fields.filter((metadata) => metadata.schemaName === field.name && classes.has(metadata.target));
      if (declared.length > 0 && declared.every(readsOwnProperty)) field.resolve = undefined;
    }
  }
}
