/**
 * The Prisma `select` of the `requested` columns that `allowed` lists, plus the `always` ones. Any
 * other name (a computed field, a typo, `constructor`) is dropped, never passed to the query.
 */
export function columnSelect<Column extends string>(allowed: Readonly<Record<Column, true>>, requested: Iterable<string>, always: readonly Column[]): Partial<Record<Column, true>> {
  const select: Partial<Record<Column, true>> = {};
  for (const column of always) select[column] = true;
  for (const name of requested) if (Object.hasOwn(allowed, name)) select[name as Column] = true;
  return select;
}
