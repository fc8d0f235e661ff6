// Depth and cost limits of /graphql operations, checked once the operation is known and before
// anything runs (an Apollo plugin, so the variables are known too: a page size sent as a variable
// counts like a literal one).
//
// Depth: the nesting of fields, root fields at depth 1 (`{ me { user { id } } }` is 3).
// Cost: every field costs 1; the selections under a list field count once per item it can return:
// its `pageSize`/`limit`/`first` argument (or one inside an input-object argument, such as a page
// query), else the size given to the field above it (a page's `list` takes its query's pageSize),
// else the list's declared bound (list-bounds.ts), else UNDECLARED_LIST_SIZE. Introspection fields
// (`__schema`, `__type`, `__typename`) count for neither: introspection has its own switch
// (GRAPHQL_INTROSPECTION).
//
// One field name may carry at most MAX_ALIASES_PER_FIELD distinct aliases in a document, and a
// document at most GRAPHQL_MAX_TOKENS tokens.
//
// The measure is linear in the document: each named fragment is walked once per page size it can
// inherit and then reused (fragments spreading fragments would otherwise double the work per level),
// and with limits given the walk stops at the first field past either of them.
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
  visit,
  BREAK,
  type ArgumentNode,
} from 'graphql';
import { ErrorCatalogue } from '../../core/errors/catalogue';
import { describeError } from '../../core/errors/describe-error';
import { type ReasonName, refusal } from '../../core/errors/reasons';
import type { ErrorParams } from '../../core/errors/service-error';
import { errorExtensions } from '../error-extensions';
import { listBound } from './list-bounds';

export interface QueryLimits {
  /** Config GRAPHQL_MAX_DEPTH. */
  maxDepth: number;
  /** Config GRAPHQL_MAX_COST. */
  maxCost: number;
}

export const QUERY_LIMIT_DEFAULTS: QueryLimits = Object.freeze({ maxDepth: 10, maxCost: 10_000 });

/**
 * Tokens a document may have (graphql-js stops parsing past them). Validation compares fragments
 * pairwise, so its time grows with the square of a document's fragments: this keeps it to
 * milliseconds, far above what a console operation needs.
 */
export const GRAPHQL_MAX_TOKENS = 5_000;

/**
 * Distinct aliases one field name may have in a document. Each alias runs the field's resolver
 * again (a database read for most root fields): a console asks for a field under a few aliases (one
 * per dropdown), not under hundreds.
 */
export const MAX_ALIASES_PER_FIELD = 50;

/** The first field name asked for under more than MAX_ALIASES_PER_FIELD distinct aliases in `document`. */
export function overAliasedField(document: DocumentNode): string | undefined {
  const aliases = new Map<string, Set<string>>();
  let found: string | undefined;
  visit(document, {
    Field(node) {
      const name = node.name.value;
      const keys = aliases.get(name) ?? new Set<string>();
      aliases.set(name, keys.add(node.alias?.value ?? name));
      if (keys.size > MAX_ALIASES_PER_FIELD) {
        found = name;
        return BREAK;
      }
      return undefined;
    },
  });
  return found;
}

/** Items assumed of a list field whose size no argument states and list-bounds.ts does not declare. */
export const UNDECLARED_LIST_SIZE = 100;
const SIZE_ARGUMENTS = new Set(['pageSize', 'limit', 'first']);

export interface OperationMeasure {
  depth: number;
  cost: number;
  /** The limit the walk stopped at (only with limits); depth and cost are then what it had counted. */
  exceeded?: keyof QueryLimits;
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

/** Thrown inside the walk at the first limit passed. */
class LimitPassed {
  constructor(readonly measure: OperationMeasure) {}
}

/** A selection set's own measure: the field levels it nests and its cost, per one of its parents. */
interface Measured {
  levels: number;
  cost: number;
}

/**
 * The depth and cost of one operation of `document` (see the top of this file). With `limits`, the
 * walk stops at the first field past one of them, and the answer names that limit: the depth first
 * (a walk that counts no cost), so an operation too deep is told so even when it is also too costly.
 */
export function measureOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown> = {},
  limits: QueryLimits = { maxDepth: Number.POSITIVE_INFINITY, maxCost: Number.POSITIVE_INFINITY },
): OperationMeasure {
  if (limits.maxCost !== Number.POSITIVE_INFINITY) {
    const depthOnly = walkOperation(schema, document, operation, variables, { maxDepth: limits.maxDepth, maxCost: Number.POSITIVE_INFINITY });
    if (depthOnly.exceeded === 'maxDepth') return depthOnly;
  }
  return walkOperation(schema, document, operation, variables, limits);
}

function walkOperation(
  schema: GraphQLSchema,
  document: DocumentNode,
  operation: OperationDefinitionNode,
  variables: Record<string, unknown>,
  limits: QueryLimits,
): OperationMeasure {
  const fragments = new Map<string, FragmentDefinitionNode>();
  for (const definition of document.definitions) if (definition.kind === Kind.FRAGMENT_DEFINITION) fragments.set(definition.name.value, definition);
  /** A fragment's measure by `name|inherited size`: the same spread costs the same wherever it is. */
  const measuredFragments = new Map<string, Measured>();
  /** Fragments being walked: spreading one of them again is a cycle (a validation error already), counted as nothing. */
  const walking = new Set<string>();
  let deepest = 0;
  // The operation's cost so far: each field counted once per item of the lists above it (its weight).
  let cost = 0;

  const count = (depth: number, weightedCost: number) => {
    deepest = Math.max(deepest, depth);
    cost += weightedCost;
    // `!(a <= b)` also stops on NaN (an infinite weight times nothing).
    if (!(deepest <= limits.maxDepth)) throw new LimitPassed({ depth: deepest, cost, exceeded: 'maxDepth' });
    if (!(cost <= limits.maxCost)) throw new LimitPassed({ depth: deepest, cost, exceeded: 'maxCost' });
  };

  const walk = (selectionSet: SelectionSetNode, parent: GraphQLNamedType, depth: number, inheritedSize: number | undefined, weight: number): Measured => {
    const own: Measured = { levels: 0, cost: 0 };
    const add = (below: Measured, extraLevels: number, extraCost: number) => {
      own.levels = Math.max(own.levels, extraLevels + below.levels);
      own.cost += extraCost;
    };
    for (const selection of selectionSet.selections) {
      if (selection.kind === Kind.FIELD) {
        if (selection.name.value.startsWith('__')) continue;
        const field = fieldOf(parent, selection.name.value);
        if (!field) continue;
        count(depth, weight);
        const size = statedSize(selection.arguments, variables);
        const list = isListType(getNullableType(field.type));
        const items = list ? (size ?? inheritedSize ?? listBound(parent, field) ?? UNDECLARED_LIST_SIZE) : 1;
        const below = selection.selectionSet
          ? walk(selection.selectionSet, getNamedType(field.type), depth + 1, list ? undefined : (size ?? inheritedSize), weight * items)
          : { levels: 0, cost: 0 };
        add(below, 1, 1 + items * below.cost);
      } else if (selection.kind === Kind.INLINE_FRAGMENT) {
        const type = selection.typeCondition ? (schema.getType(selection.typeCondition.name.value) ?? parent) : parent;
        const below = walk(selection.selectionSet, type, depth, inheritedSize, weight);
        add(below, 0, below.cost);
      } else {
        const fragment = fragments.get(selection.name.value);
        const name = selection.name.value;
        if (!fragment || walking.has(name)) continue;
        const key = `${name}|${inheritedSize ?? ''}`;
        let below = measuredFragments.get(key);
        if (below) {
          count(depth - 1 + below.levels, weight * below.cost);
        } else {
          walking.add(name);
          below = walk(fragment.selectionSet, schema.getType(fragment.typeCondition.name.value) ?? parent, depth, inheritedSize, weight);
          walking.delete(name);
          measuredFragments.set(key, below);
        }
        add(below, 0, below.cost);
      }
    }
    return own;
  };

  const root = operation.operation === 'mutation' ? schema.getMutationType() : operation.operation === 'subscription' ? schema.getSubscriptionType() : schema.getQueryType();
  if (!root) return { depth: 0, cost: 0 };
  try {
    walk(operation.selectionSet, root, 1, undefined, 1);
  } catch (error) {
    if (error instanceof LimitPassed) return error.measure;
    throw error;
  }
  return { depth: deepest, cost };
}

/** A 400 with the service's error shape (extensions.code 400), naming the limit and its setting. */
function limitExceeded(reason: ReasonName, params: ErrorParams): GraphQLError {
  const description = describeError(refusal(ErrorCatalogue.BAD_REQUEST, reason, params), 'query-limits');
  return new GraphQLError(description.message, {
    extensions: { ...errorExtensions(description), http: { status: 400 } },
  });
}

const LIMIT_REASONS: Record<keyof QueryLimits, ReasonName> = { maxDepth: 'queryTooDeep', maxCost: 'queryTooCostly' };

/**
 * Refuses operations deeper than `maxDepth` or costlier than `maxCost` before they run. Apollo hands
 * back the same parsed document for the same query text: the alias check is kept per document, and
 * each operation's last measure with the variables it was taken with (a console repeats a query with
 * the same page size).
 */
export function queryLimitsPlugin<Context extends object>(limits: QueryLimits): ApolloServerPlugin<Context> {
  const aliasedFields = new WeakMap<DocumentNode, { field: string | undefined }>();
  const lastMeasures = new WeakMap<OperationDefinitionNode, { variables: string; exceeded: keyof QueryLimits | undefined }>();
  return {
    async requestDidStart() {
      return {
        async didResolveOperation({ schema, document, operation, request }) {
          if (!operation) return;
          let aliased = aliasedFields.get(document);
          if (!aliased) aliasedFields.set(document, (aliased = { field: overAliasedField(document) }));
          if (aliased.field) throw limitExceeded('queryTooAliased', { field: aliased.field, maximum: MAX_ALIASES_PER_FIELD });
          const variables = request.variables ?? {};
          const variablesKey = JSON.stringify(variables);
          let measured = lastMeasures.get(operation);
          if (measured?.variables !== variablesKey) {
            measured = { variables: variablesKey, exceeded: measureOperation(schema, document, operation, variables, limits).exceeded };
            lastMeasures.set(operation, measured);
          }
          if (measured.exceeded) throw limitExceeded(LIMIT_REASONS[measured.exceeded], { [measured.exceeded]: limits[measured.exceeded] });
        },
      };
    },
  };
}
