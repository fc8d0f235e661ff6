// The record columns a GraphQL operation asks a resolver for, so that a page reads only those.
import { type GraphQLResolveInfo, Kind, type SelectionSetNode } from 'graphql';

/**
 * The columns each field of a view reads where that is not the one column of the field's own name:
 * renamed fields and fields resolved from a key (e.g. `dept` from `deptId`).
 */
export type FieldColumns<Row> = Readonly<Record<string, readonly (keyof Row & string)[]>>;

/** Field names (not aliases) of `selectionSet`, through fragment spreads and inline fragments. */
function fieldNamesOf(selectionSet: SelectionSetNode, info: GraphQLResolveInfo, path: readonly string[], into: Set<string>): void {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if (path.length === 0) into.add(selection.name.value);
      else if (selection.name.value === path[0] && selection.selectionSet) fieldNamesOf(selection.selectionSet, info, path.slice(1), into);
    } else if (selection.kind === Kind.INLINE_FRAGMENT) {
      fieldNamesOf(selection.selectionSet, info, path, into);
    } else {
      const fragment = info.fragments[selection.name.value];
      if (fragment) fieldNamesOf(fragment.selectionSet, info, path, into);
    }
  }
}

/**
 * The columns the operation asks for below the resolving field at `path` (field names: `['list']`
 * under a page), each field mapped through `needs` or else taken as the column of its name. Every
 * node of the field counts (a field asked twice under one alias merges); @skip and @include are not
 * evaluated, so a skipped field only reads a column more. The core service checks the names against
 * its model's columns.
 */
export function selectedColumns<Row>(info: GraphQLResolveInfo, path: readonly string[], needs: FieldColumns<Row>): string[] {
  const fields = new Set<string>();
  for (const node of info.fieldNodes) if (node.selectionSet) fieldNamesOf(node.selectionSet, info, path, fields);
  return [...fields].flatMap<string>((field) => (Object.hasOwn(needs, field) ? needs[field]! : [field]));
}
