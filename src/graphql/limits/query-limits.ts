// Depth and cost limits of /graphql operations, checked once the operation is known and before
// anything runs (an Apollo plugin, so the variables are known too: a page size sent as a variable
// counts like a literal one).
//
// Depth: the nesting of fields, root fields at depth 1 (`{ me { user { id } } }` is 3).
// Cost: every field costs 1; the selections under a list field count once per item it can return:
// its `pageSize`/`limit`/`first` argument (or one inside an input-object argument, such as a page
// query), else the size given to the field above it (a page's `list` takes its query's pageSize),
// else DEFAULT_LIST_SIZE. Introspection fields (`__schema`, `__type`, `__typename`) count for
// neither: introspection has its own switch (GRAPHQL_INTROSPECTION).
import type { ApolloServerPlugin } from '@apollo/server';
import {
  type DocumentNode,
  type FragmentDefinitionNode,
  getNamedType,
  getNullableType,
  type GraphQLField,
  GraphQLError,
  type GraphQLNamedType,
  type GraphQLSchema,
  isInterfaceType,
  isListType,
  isObjectType,
  Kind,
  type OperationDefinitionNode,
  type SelectionSetNode,
  valueFromASTUntyped,
  type ArgumentNode,
} from 'graphql';
import { ErrorCatalogue } from '../../core/errors/catalogue';
import { describeError } from '../../core/errors/describe-error';
import { ServiceError } from '../../core/errors/service-error';

export interface QueryLimits {
  /** Config GRAPHQL_MAX_DEPTH. */
  maxDepth: number;
  /** Config GRAPHQL_MAX_COST. */
  maxCost: number;
}

export const QUERY_LIMIT_DEFAULTS: QueryLimits = Object.freeze({ maxDepth: 10, maxCost: 10_000 });

/** Items assumed of a list field whose size no argument states. */
export const DEFAULT_LIST_SIZE = 10;
const SIZE_ARGUMENTS = new Set(['pageSize', 'limit', 'first']);

export interface OperationMeasure {
  depth: number;
  cost: number;
}

/** The size an argument list states: a size argument itself, or one inside an input-object argument. */
function statedSize(args: readonly ArgumentNode[] | undefined, variables: Record<string, unknown>): number | undefined {
  let size: number | undefined;
  const consider = (value: unknown) => {
    if (typeof value === 'number' && Number.isFinite(value)) size = Math.max(size ?? 0, Math.max(0, value));
  };
  for (const argument of args ?? []) {
    const value = valueFromASTUntyped(argument.value, variables);
    if (SIZE_ARGUMENTS.has(argument.name.value)) consider(value);
    else if (value && typeof value === 'object' && !Array.isArray(value)) {
      for (const [key, inner] of Object.entries(value as Record<string, unknown>)) if (SIZE_ARGUMENTS.has(key)) consider(inner);
    }
  }
  return size;
}

function fieldOf(type: GraphQLNamedType, name: string): GraphQLField<unknown, unknown> | undefined {
  return isObjectType(type) || isInterfaceType(type) ? type.getFields()[name] : undefined;
}

/** The depth and cost of one operation of `document` (see the top of this file). */
export function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
): OperationMeasure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);

  const walk = (selectionSet: SelectionSetNode, parent: GraphQLNamedType, depth: number, inheritedSize: number | undefined, inFragments: ReadonlySet<string>): OperationMeasure => {
    let cost = 0;
    let deepest = depth - 1;
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        const field = fieldOf(parent, selection.name.value);
        if (!field) continue;
        const size = statedSize(selection.arguments, variables);
        const list = isListType(getNullableType(field.type));
        const items = list ? (size ?? inheritedSize ?? DEFAULT_LIST_SIZE) : 1;
        const below = selection.selectionSet
          ? walk(selection.selectionSet, getNamedType(field.type), depth + 1, list ? undefined : (size ?? inheritedSize), inFragments)
          : { depth, cost: 0 };
        cost += 1 + items * below.cost;
        deepest = Math.max(deepest, below.depth);
      } else {
        let inner: SelectionSetNode;
        let type = parent;
        let visited = inFragments;
        if (selection.kind === Kind.INLINE_FRAGMENT) {
          inner = selection.selectionSet;
          if (selection.typeCondition) type = schema.getType(selection.typeCondition.name.value) ?? parent;
        } else {
          const fragment = fragments.get(selection.name.value);
          // A fragment cycle is a validation error already; never loop on one.
          if (!fragment || inFragments.has(fragment.name.value)) continue;
          inner = fragment.selectionSet;
          type = schema.getType(fragment.typeCondition.name.value) ?? parent;
          visited = new Set([...inFragments, fragment.name.value]);
        }
        const measured = walk(inner, type, depth, inheritedSize, visited);
        cost += measured.cost;
        deepest = Math.max(deepest, measured.depth);
      }
    }
    return { depth: deepest, cost };
  };

  const root = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
  if (!root) return { depth: 0, cost: 0 };
  return walk(operation.selectionSet, root, 1, undefined, new Set());
}

/** A 400 with the service's error shape (extensions.code 400), naming the limit and its setting. */
function limitExceeded(reason: string): GraphQLError {
  const description = describeError(new ServiceError(ErrorCatalogue.BAD_REQUEST, { reason }), 'query-limits');
  return new GraphQLError(description.message, {
    extensions: { code: description.code, httpStatus: description.httpStatus, detail: description.detail, http: { status: 400 } },
  });
}

/** Refuses operations deeper than `maxDepth` or costlier than `maxCost` before they run. */
export function queryLimitsPlugin<Context extends object>(limits: QueryLimits): ApolloServerPlugin<Context> {
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          const { depth, cost } = measureOperation(schema, document, operation, request.variables ?? {});
          if (depth > limits.maxDepth) {
            throw limitExceeded(`query depth ${depth} exceeds the limit of ${limits.maxDepth} (GRAPHQL_MAX_DEPTH): nest fewer selections`);
          }
          if (cost > limits.maxCost) {
            throw limitExceeded(`query cost ${cost} exceeds the limit of ${limits.maxCost} (GRAPHQL_MAX_COST): ask for fewer fields or smaller pages`);
          }
        },
      };
    },
  };
}
