// What every administration page takes besides its own filters (issue 14): the window, an `ids`
// filter, a creation-time range and a sort over the fields its resource declares sortable. One
// parser turns them into Prisma `where`/`orderBy` parts; each service adds its filters and its scope.
import { recordIdSchema, parseInput } from './admin/save-shape';
import { MAX_PAGE_NO, MAX_PAGE_SIZE, pageWindow } from './paging';
import { z } from './validation';
import { fieldIssue, fieldText } from './validation-messages';

/** At most this many ids in one `ids` filter: a page holds at most MAX_PAGE_SIZE rows anyway. */
export const MAX_PAGE_IDS = MAX_PAGE_SIZE;

export const SORT_DIRECTIONS = ['ASC', 'DESC'] as const;
export type SortDirection = (typeof SORT_DIRECTIONS)[number];

type SortOrder = 'asc' | 'desc';
type OrderBy<Column extends string> = Partial<Record<Column, SortOrder>>;

/** A page request as every administration page takes it. */
export interface PageRequest {
  pageNo: number;
  pageSize: number;
  /** Only these records (of the caller's scope, like every row of the page). */
  ids?: readonly number[] | null;
  /** `[start, end)`: created at or after start, before end (as the partner API's ranges). */
  createTime?: readonly Date[] | null;
  /** One of the page's sortable fields; none keeps the page's own order. */
  sortField?: string | null;
  /** ASC when omitted. */
  sortDirection?: SortDirection | null;
}

/**
 * The sortable fields of a page, as the API names them, each with its column (every one backed by
 * an index led by the page's scope, or of a small table); the page's own order when none is asked;
 * the column of the creation time (`createdAt` unless the model names it otherwise).
 */
export interface PageSort<Field extends string, Column extends string, Created extends string> {
  readonly columns: Readonly<Record<Field, Column>>;
  readonly defaultOrder: readonly OrderBy<Column | 'id'>[];
  readonly createdColumn: Created;
}

export function pageSort<Field extends string, Column extends string, Created extends string = 'createdAt'>(
  columns: Record<Field, Column>,
  defaultOrder: readonly OrderBy<Column | 'id'>[],
  createdColumn: Created = 'createdAt' as Created,
): PageSort<Field, Column, Created> {
  return { columns, defaultOrder, createdColumn };
}

/** The names of the sortable fields of a page, for its API enum. */
export const sortFieldsOf = <Field extends string>(sort: PageSort<Field, string, string>): Field[] => Object.keys(sort.columns) as Field[];

function pageRequestSchema(fields: readonly string[]) {
  return z
    .object({
      pageNo: z.number().int().min(1).max(MAX_PAGE_NO),
      pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
      ids: z.array(recordIdSchema).min(1).max(MAX_PAGE_IDS).nullish(),
      createTime: z
        .array(z.date())
        .length(2, fieldText('dateTimeRange'))
        .refine(([start, end]) => (start as Date) < (end as Date), fieldText('startBeforeEnd'))
        .nullish(),
      sortField: z.enum(fields as [string, ...string[]]).nullish(),
      sortDirection: z.enum(SORT_DIRECTIONS).nullish(),
    })
    .refine((page) => page.sortField != null || page.sortDirection == null, { ...fieldIssue('sortFieldWithDirection'), path: ['sortField'] });
}

export interface PageQuery<Column extends string, Created extends string> {
  window: { skip: number; take: number };
  /** The ids and creation-time conditions, to merge into the page's `where` beside its scope. */
  where: { id?: { in: number[] } } & Partial<Record<Created, { gte: Date; lt: Date }>>;
  /** The asked order, ties broken by id so paging is stable; else the page's own order. */
  orderBy: OrderBy<Column | 'id'>[];
}

/**
 * Each page's request schema, built on its first request: zod compiles a schema on its first parse,
 * which cost 0.3-0.5 ms of CPU per page request (bench: a fresh schema and its parse) when it was built anew each time.
 */
const pageRequestSchemas = new WeakMap<PageSort<string, string, string>, ReturnType<typeof pageRequestSchema>>();

function pageRequestSchemaOf(sort: PageSort<string, string, string>): ReturnType<typeof pageRequestSchema> {
  let schema = pageRequestSchemas.get(sort);
  if (!schema) {
    schema = pageRequestSchema(sortFieldsOf(sort));
    pageRequestSchemas.set(sort, schema);
  }
  return schema;
}

/** The window, conditions and order of a page request; BAD_REQUEST naming the first bad field. */
export function pageQuery<Field extends string, Column extends string, Created extends string>(
  request: PageRequest,
  sort: PageSort<Field, Column, Created>,
): PageQuery<Column, Created> {
  const { pageNo, pageSize, ids, createTime, sortField, sortDirection } = parseInput(pageRequestSchemaOf(sort), request);
  const where: PageQuery<Column, Created>['where'] = {};
  if (ids) where.id = { in: ids };
  if (createTime) Object.assign(where, { [sort.createdColumn]: { gte: createTime[0], lt: createTime[1] } });
  const direction: SortOrder = sortDirection === 'DESC' ? 'desc' : 'asc';
  const column = sortField ? sort.columns[sortField as Field] : undefined;
  const byId = { id: direction } as OrderBy<Column | 'id'>;
  const orderBy = !column ? [...sort.defaultOrder] : column === 'id' ? [byId] : [{ [column]: direction } as OrderBy<Column | 'id'>, byId];
  return { window: pageWindow({ pageNo, pageSize }), where, orderBy };
}
