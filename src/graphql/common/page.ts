// `{list, total}` pages of the administration API, one generic definition for every resource.
import { type ClassType, Field, InputType, Int, ObjectType, registerEnumType } from 'type-graphql';
import { type PageRequest, type PageSort, SORT_DIRECTIONS, type SortDirection, sortFieldsOf } from '../../core/page-query';
import { DateTime, Int64 } from './scalars';

export interface Page<T> {
  list: T[];
  total: number;
}

/** The page type of an item type: `PageOf(UserView)` -> `UserViewPage { list, total }`. */
export function PageOf<T extends object>(item: ClassType<T>) {
  @ObjectType(`${item.name}Page`)
  abstract class PageClass implements Page<T> {
    @Field(() => [item])
    list!: T[];

    @Field(() => Int)
    total!: number;
  }
  return PageClass;
}

const SortDirectionEnum = Object.fromEntries(SORT_DIRECTIONS.map((direction) => [direction, direction])) as Record<SortDirection, SortDirection>;
registerEnumType(SortDirectionEnum, { name: 'SortDirection', description: 'ASC smallest first, DESC largest first' });

/** One enum per declared sort, however many page inputs share it (an inbox and the tenant's messages). */
const sortFieldEnums = new Map<string, { sort: PageSort<string, string, string>; fields: Record<string, string> }>();

function sortFieldEnumOf<Field extends string>(name: string, sort: PageSort<Field, string, string>): Record<Field, Field> {
  const known = sortFieldEnums.get(name);
  if (known && known.sort !== sort) throw new Error(`${name} names two different sorts`);
  if (known) return known.fields as Record<Field, Field>;
  const fields = Object.fromEntries(sortFieldsOf(sort).map((field) => [field, field])) as Record<Field, Field>;
  registerEnumType(fields, { name, description: 'The fields a page of these records sorts by' });
  sortFieldEnums.set(name, { sort, fields });
  return fields;
}

@InputType()
export abstract class PageParam {
  @Field(() => Int, { defaultValue: 1, description: 'From 1' })
  pageNo!: number;

  @Field(() => Int, { defaultValue: 10, description: '1..100' })
  pageSize!: number;

  @Field(() => [Int64], { nullable: true, description: 'Only these records (1..100 ids)' })
  ids?: number[] | null;

  @Field(() => [DateTime], { nullable: true, description: 'Created within [start, end): start inclusive, end exclusive' })
  createTime?: Date[] | null;

  @Field(() => SortDirectionEnum, { nullable: true, description: 'Direction of sortField; ASC when omitted' })
  sortDirection?: SortDirection | null;
}

/**
 * The page input base of a resource whose core page declares `sort`: paging, `ids`, `createTime`,
 * and `sortField`, an enum `<name>` of the declared fields (the page's own order when omitted; ties
 * broken by id).
 */
export function PageParamSortedBy<Field extends string>(name: string, sort: PageSort<Field, string, string>) {
  const fields = sortFieldEnumOf(name, sort);

  @InputType()
  abstract class SortablePageParam extends PageParam {
    @Field(() => fields, { nullable: true, description: 'Sort by this field, ties broken by id; the page\'s own order when omitted' })
    sortField?: Field | null;
  }
  return SortablePageParam;
}

type PageKey = keyof PageRequest;
const PAGE_KEYS: readonly PageKey[] = ['pageNo', 'pageSize', 'ids', 'createTime', 'sortField', 'sortDirection'];

/** A page input split into the page request every core page takes and the resource's own filters. */
export function splitPageInput<Input extends PageRequest>(input: Input): { page: PageRequest; filter: Omit<Input, PageKey> } {
  const page: Record<string, unknown> = {};
  const filter: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) ((PAGE_KEYS as readonly string[]).includes(key) ? page : filter)[key] = value;
  return { page: page as unknown as PageRequest, filter: filter as Omit<Input, PageKey> };
}
