import { buildSchema, getOperationAST, parse } from 'graphql';
import { describe, expect, it } from 'vitest';
import { measureOperation, type QueryLimits, UNDECLARED_LIST_SIZE } from './query-limits';

const schema = buildSchema(`
  type Query { me: User, userPage(query: PageQuery!): UserPage!, users(limit: Int): [User!]!, tags: [String!]! }
  input PageQuery { pageNo: Int, pageSize: Int, name: String }
  type UserPage { list: [User!]!, total: Int! }
  type User { id: ID!, name: String!, friends(first: Int): [User!]!, roles: [Role!]! }
  type Role { id: ID!, name: String! }
`);

function measure(query: string, variables: Record<string, unknown> = {}, limits?: QueryLimits) {
  const document = parse(query);
  return measureOperation(schema, document, getOperationAST(document)!, variables, limits);
}

/** Levels 1..k of fragments that each spread both of the level below: 2^k spreads of F0 when walked naively. */
function doublingFragments(k: number, leaf = 'me { id }'): string {
  let text = `{ ...F${k} ...G${k} }\nfragment F0 on Query { ${leaf} }\nfragment G0 on Query { ${leaf} }\n`;
  for (let level = 1; level <= k; level++) {
    text += `fragment F${level} on Query { ...F${level - 1} ...G${level - 1} }\nfragment G${level} on Query { ...F${level - 1} ...G${level - 1} }\n`;
  }
  return text;
}

describe('measureOperation', () => {
  it('counts depth from 1 at the root fields', () => {
    expect(measure('{ me { id } }').depth).toBe(2);
    expect(measure('{ me { friends { roles { name } } } }').depth).toBe(4);
    expect(measure('{ tags }').depth).toBe(1);
  });

  it('costs 1 per field, list selections times their size argument or the default', () => {
    expect(measure('{ me { id name } }').cost).toBe(3);
    expect(measure('{ users { id name } }').cost).toBe(1 + UNDECLARED_LIST_SIZE * 2);
    expect(measure('{ users(limit: 3) { id name } }').cost).toBe(1 + 3 * 2);
    expect(measure('{ me { friends(first: 5) { roles { id } } } }').cost).toBe(1 + (1 + 5 * (1 + UNDECLARED_LIST_SIZE * 1)));
  });

  it("sizes a page's list by the pageSize of its query, literal or variable", () => {
    expect(measure('{ userPage(query: { pageSize: 50 }) { total list { id name } } }').cost).toBe(1 + (1 + (1 + 50 * 2)));
    expect(measure('query($q: PageQuery!) { userPage(query: $q) { list { id } } }', { q: { pageNo: 1, pageSize: 100 } }).cost).toBe(1 + (1 + 100));
    expect(measure('query($size: Int) { userPage(query: { pageSize: $size }) { list { id } } }', { size: 7 }).cost).toBe(1 + (1 + 7));
    // The size belongs to the page's own list, not to lists further down.
    expect(measure('{ userPage(query: { pageSize: 20 }) { list { roles { id } } } }').cost).toBe(1 + (1 + 20 * (1 + UNDECLARED_LIST_SIZE)));
  });

  it('follows fragments (once per spread) and ignores introspection fields', () => {
    const withFragments = measure('{ me { ...names ... on User { id } } } fragment names on User { name friends { ...leaf } } fragment leaf on User { id }');
    expect(withFragments).toEqual({ depth: 3, cost: 1 + (1 + (1 + UNDECLARED_LIST_SIZE) + 1) });
    expect(measure('{ __typename me { __typename id } }')).toEqual({ depth: 2, cost: 2 });
    expect(measure('{ __schema { types { fields { type { ofType { ofType { ofType { ofType { ofType { name } } } } } } } } } }')).toEqual({ depth: 0, cost: 0 });
  });

  it('costs each fragment once per document, exactly as if every spread were walked', () => {
    // Each level doubles the spreads: level k reaches 2^(k+1) copies of `me { id }` (cost 2 each).
    expect(measure(doublingFragments(3))).toEqual({ depth: 2, cost: 2 ** 4 * 2 });
    const inList = measure('{ users(limit: 4) { ...a } } fragment a on User { id ...b } fragment b on User { name friends(first: 2) { ...b2 } } fragment b2 on User { id }');
    expect(inList).toEqual({ depth: 3, cost: 1 + 4 * (1 + 1 + 1 + 2 * 1) });
    // The same fragment under two sizes is costed under each.
    const twice = measure('{ p: userPage(query: { pageSize: 2 }) { ...page } q: userPage(query: { pageSize: 5 }) { ...page } } fragment page on UserPage { list { id } }');
    expect(twice.cost).toBe(2 * 2 + 2 * 1 + 5 * 1);
  });

  it('measures 30 levels of doubling fragments in milliseconds, and stops at the first limit passed', () => {
    const document = doublingFragments(30);
    const started = performance.now();
    const unlimited = measure(document);
    expect(unlimited).toEqual({ depth: 2, cost: 2 ** 31 * 2 });
    const limited = measure(document, {}, { maxDepth: 10, maxCost: 10_000 });
    // Stopped at the first fragment reuse past 10000: 2^13 spreads walked, then one of 2^12 (cost 2 each).
    expect(limited).toEqual({ depth: 2, cost: 2 ** 12 * 2 + 2 ** 11 * 2, exceeded: 'maxCost' });
    expect(performance.now() - started).toBeLessThan(200);
  });

  it('stops at the first field deeper than maxDepth, also inside a fragment reused from memory', () => {
    const limits = { maxDepth: 3, maxCost: 1_000_000 };
    const n = UNDECLARED_LIST_SIZE;
    expect(measure('{ me { friends { friends { id } } } }', {}, limits)).toEqual({ depth: 4, cost: 1 + 1 + n + n * n, exceeded: 'maxDepth' });
    const reused = measure('{ me { ...deep } a: me { friends { ...deep } } } fragment deep on User { friends { id } }', {}, limits);
    expect(reused).toEqual({ depth: 4, cost: 1 + (1 + n) + 1 + 1 + n * (1 + n), exceeded: 'maxDepth' });
  });

  it('refuses a weight that overflows instead of costing it NaN', () => {
    const huge = measure('{ users(limit: 1e300) { friends(first: 1e300) { friends(first: 0) { id } } } }', {}, { maxDepth: 10, maxCost: 10_000 });
    expect(huge.exceeded).toBe('maxCost');
  });

  it('names the depth when an operation passes both limits', () => {
    expect(measure('{ users { friends { friends { id } } } }', {}, { maxDepth: 3, maxCost: 5 }).exceeded).toBe('maxDepth');
    expect(measure('{ users { friends { id } } }', {}, { maxDepth: 3, maxCost: 5 }).exceeded).toBe('maxCost');
  });
});
