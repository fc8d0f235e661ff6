// The declarative definition of one console resource (see console/README.md): what its list shows
// and filters, what its form asks with the server's rules, the GraphQL calls behind them, the
// permissions that show each button, and its special actions. Generic screens do the rest.

/** A text key of src/i18n/en.ts, e.g. 'users.username'. */
export type TextKey = string;

export interface Option {
  label: string;
  value: number | string | boolean;
}

/** A choice list: fixed, or loaded (and cached per screen) from the server. */
export type OptionSource = readonly Option[] | (() => readonly Option[] | Promise<readonly Option[]>);

/** A flat list with parent links; the screen builds the tree. */
export interface TreeOption {
  id: number;
  parentId: number;
  label: string;
}

export type FieldKind = 'text' | 'password' | 'textarea' | 'number' | 'select' | 'multiSelect' | 'tags' | 'treeSelect' | 'checkTree' | 'dateTime';

export interface FieldSpec {
  name: string;
  label: TextKey;
  /** Values for the label's placeholders (a template parameter's name). */
  labelParams?: Record<string, string>;
  kind: FieldKind;
  required?: boolean;
  /** Length bounds of text (the server's, so the refusal shows before the round trip). */
  min?: number;
  max?: number;
  /** Only asked when creating (a password, a code fixed once made). */
  createOnly?: boolean;
  options?: OptionSource;
  /** For treeSelect and checkTree. */
  tree?: () => Promise<readonly TreeOption[]>;
  initialValue?: unknown;
}

export interface ColumnSpec<Row> {
  /** The row's field shown, and the filter's name when `filter` is set. */
  field: keyof Row & string;
  /** The row's field shown instead, while `field` still filters and sorts (a name in the chosen language). */
  shown?: keyof Row & string;
  title: TextKey;
  /** Shown as a filter above the list. */
  filter?: boolean;
  /** Labels for the stored values (also the filter's choices). */
  options?: OptionSource;
  dateTime?: boolean;
  /** The list may be sorted by it (server-side). */
  sortable?: boolean;
}

export interface ListQuery {
  pageNo: number;
  pageSize: number;
  /** Filter values by column field, only those set. */
  filters: Record<string, unknown>;
  sort?: { field: string; descending: boolean };
}

/**
 * The page input of a list query: paging, the filters, and the table's sort as the server's
 * `sortField` (one of the page's `SortField` enum: mark only those columns `sortable`) and
 * `sortDirection`. No sort keeps the page's own order.
 */
export function pageInputOf<SortField extends string>({ pageNo, pageSize, filters, sort }: ListQuery) {
  return {
    pageNo,
    pageSize,
    ...filters,
    ...(sort ? { sortField: sort.field as SortField, sortDirection: sort.descending ? ('DESC' as const) : ('ASC' as const) } : {}),
  };
}

export interface ListResult<Row> {
  rows: readonly Row[];
  total: number;
}

/** A special action on a row: a small form in a dialog (assign roles, reset password, renew). */
export interface RowAction<Row> {
  key: string;
  label: TextKey;
  /** Button permission suffix: `${permission}:${action.permission}`; none: any signed-in administrator. */
  permission?: string;
  /** The dialog's form, fixed or by row (a template's parameters); none: the action runs on a click, with no dialog (mark read). */
  fields?: readonly FieldSpec[] | ((row: Row) => readonly FieldSpec[]);
  /** Shown only on the rows it applies to. */
  when?: (row: Row) => boolean;
  load?: (row: Row) => Promise<Record<string, unknown>>;
  submit: (row: Row, values: Record<string, unknown>) => Promise<unknown>;
  /** The text shown once it is done (default: common.saved). */
  doneMessage?: TextKey;
}

/** An action of the whole list, a button above it: runs on a click (mark all read), or with `fields` opens a dialog (check a text). */
export interface ListAction {
  key: string;
  label: TextKey;
  /** Button permission suffix; none: any signed-in administrator. */
  permission?: string;
  fields?: readonly FieldSpec[];
  /** `filters`: those of the rows the list shows (an endpoint's deliveries). May answer Findings, which the screen shows. */
  run: (values: Record<string, unknown>, filters: Record<string, unknown>) => Promise<unknown>;
}

/** A link from a row to a screen of its own records (a dictionary type to its data). */
export interface RowLink<Row> {
  key: string;
  label: TextKey;
  /** The path below this screen's, with the other screen's filters as query parameters: `data?dictType=sex`. */
  to: (row: Row) => string;
}

// The row type is inferred from `list` alone (NoInfer elsewhere), so columns and callbacks are checked against it.
// The save input is inferred from `create`'s annotated parameter (e.g. `(values: PostSaveReqVo) =>`); the
// form's values are taken to be it, since the fields are written after it (the screen holds the one cast).
export interface ResourceDefinition<Row extends { id: number }, SaveInput = Record<string, unknown>> {
  /** The `component` of its menu in `me` (e.g. 'system/user/index'): the menu opens this screen. */
  component: string;
  title: TextKey;
  /** Permission prefix; buttons need `${permission}:create|update|delete`. */
  permission: string;
  columns: readonly ColumnSpec<NoInfer<Row>>[];
  fields: readonly FieldSpec[];
  /**
   * One page of rows; with `tree`, every row (pageSize is ignored) and the list shows them as a
   * tree built from `parentId`. Annotate the parameter (`: ListQuery`) so the row type is inferred.
   */
  list: (query: ListQuery) => Promise<ListResult<Row>>;
  tree?: boolean;
  /** The form's starting values for a row (default: the row itself). */
  toForm?: (row: NoInfer<Row>) => Record<string, unknown>;
  /** The edit form's values fetched when it opens, for fields the list does not carry (instead of toForm). */
  loadForm?: (row: NoInfer<Row>) => Promise<Record<string, unknown>>;
  /** May answer a ShownOnce: a secret the server shows this once, which the screen shows to copy. */
  create?: (values: SaveInput) => Promise<unknown>;
  update?: (row: NoInfer<Row>, values: NoInfer<SaveInput>) => Promise<unknown>;
  remove?: (row: NoInfer<Row>) => Promise<unknown>;
  /** Rows the server refuses to change or delete (the system tenant): listed without those buttons. */
  protectedRow?: (row: NoInfer<Row>) => boolean;
  actions?: readonly RowAction<NoInfer<Row>>[];
  listActions?: readonly ListAction[];
  links?: readonly RowLink<NoInfer<Row>>[];
  /** Query keys outside the screen that a change made here makes stale (the header's unread count). */
  invalidates?: readonly (readonly string[])[];
}

/**
 * What a save answers when the server shows a secret this once (a client's secret): the screen shows
 * it in a dialog to copy after the save; lists and forms only ever show it masked.
 */
export class ShownOnce {
  constructor(
    readonly label: TextKey,
    readonly value: string,
  ) {}
}

/**
 * What a check answers instead of a change (the sensitive words a text carries): the screen shows the
 * items found, or the `none` text when there are none, and leaves the list as it is.
 */
export class Findings {
  constructor(
    readonly title: TextKey,
    readonly items: readonly string[],
    readonly none: TextKey,
  ) {}
}

/** Keeps a definition's row and save input types while the registry holds them all alike. */
export const defineResource = <Row extends { id: number }, SaveInput = Record<string, unknown>>(definition: ResourceDefinition<Row, SaveInput>): ResourceDefinition<Row, SaveInput> => definition;
