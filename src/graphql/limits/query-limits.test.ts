import { buildSchema, getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { DEFAULT_LIST_SIZE, measureOperation } from './query-limits';

const schema = buildSchema(`
  type Query { me: User, userPage(query: PageQuery!): UserPage!, users(limit: Int): [User!]!, tags: [String!]! }
  input PageQuery { pageNo: Int, pageSize: Int, name: String }
  type UserPage { list: [User!]!, total: Int! }
  type User { id: ID!, name: String!, friends(first: Int): [User!]!, roles: [Role!]! }
  type Role { id: ID!, name: String! }
`);

function measure(query: string, variables: Record<string, unknown> = {}) {
  const document = parse(query);
  return measureOperation(schema, document, getOperationAST(document)!, variables);
}

describe('measureOperation', () => {
  it('counts depth from 1 at the root fields', () => {
    expect(measure('{ me { id } }').depth).toBe(2);
    expect(measure('{ me { friends { roles { name } } } }').depth).toBe(4);
    expect(measure('{ tags }').depth).toBe(1);
  });

  it('costs 1 per field, list selections times their size argument or the default', () => {
    expect(measure('{ me { id name } }').cost).toBe(3);
    expect(measure('{ users { id name } }').cost).toBe(1 + DEFAULT_LIST_SIZE * 2);
    expect(measure('{ users(limit: 3) { id name } }').cost).toBe(1 + 3 * 2);
    expect(measure('{ me { friends(first: 5) { roles { id } } } }').cost).toBe(1 + (1 + 5 * (1 + DEFAULT_LIST_SIZE * 1)));
  });

  it("sizes a page's list by the pageSize of its query, literal or variable", () => {
    expect(measure('{ userPage(query: { pageSize: 50 }) { total list { id name } } }').cost).toBe(1 + (1 + (1 + 50 * 2)));
    expect(measure('query($q: PageQuery!) { userPage(query: $q) { list { id } } }', { q: { pageNo: 1, pageSize: 100 } }).cost).toBe(1 + (1 + 100));
    expect(measure('query($size: Int) { userPage(query: { pageSize: $size }) { list { id } } }', { size: 7 }).cost).toBe(1 + (1 + 7));
    // The size belongs to the page's own list, not to lists further down.
    expect(measure('{ userPage(query: { pageSize: 20 }) { list { roles { id } } } }').cost).toBe(1 + (1 + 20 * (1 + DEFAULT_LIST_SIZE)));
  });

  it('follows fragments (once per spread) and ignores introspection fields', () => {
    const withFragments = measure('{ me { ...names ... on User { id } } } fragment names on User { name friends { ...leaf } } fragment leaf on User { id }');
    expect(withFragments).toEqual({ depth: 3, cost: 1 + (1 + (1 + DEFAULT_LIST_SIZE) + 1) });
    expect(measure('{ __typename me { __typename id } }')).toEqual({ depth: 2, cost: 2 });
    expect(measure('{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }')).toEqual({ depth: 0, cost: 0 });
  });
});
