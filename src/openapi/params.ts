// Parameters shared by partner operations, written once so every operation reads them alike.
// Reads arrive as GET query strings or as POST JSON bodies with the same fields (open-api.md). The
// schemas here are the JSON shapes, exactly as documented; a query string's digits become numbers
// and a single value of an array parameter becomes an array before validation (read-route.ts).
import { MAX_PAGE_NO, MAX_PAGE_SIZE } from '../core/paging';
import { z } from '../core/validation';
import { fieldText } from '../core/validation-messages';

/** An integer within `min..max` (a JSON number; digits in a query string). */
export function intParam(min: number, max: number) {
  return z.int().min(min).max(max);
}

/** One of the integer codes `allowed`, documented as an integer enum; `meaning` says what each code means. */
export function intCodeParam<const Code extends number>(allowed: readonly Code[], meaning: string) {
  return z
    .literal(allowed, { error: (issue) => (issue.input === undefined ? fieldText('required') : fieldText('oneOf', { values: allowed })) })
    .meta({ type: 'integer' })
    .describe(meaning);
}

/** The integer statuses of a record kind (core/order/statuses.ts) as an integer enum. */
export function statusCode<const Code extends number>(statuses: Readonly<Record<string, Code>>, meaning: string) {
  return intCodeParam(Object.values(statuses), meaning);
}

/**
 * An integer code in an answer, documented as an enum of `codes`. The type stays number, as the
 * services give it; the test suite validates every answer against the document.
 */
export function codeOut(codes: readonly number[], meaning: string) {
  return z.int().meta({ enum: [...codes] }).describe(meaning);
}

/** An int64 record id (interface.md); an id beyond any stored record names nothing, it is no error. */
export const int64IdParam = () => intParam(1, Number.MAX_SAFE_INTEGER);

/** A partner-side user id (interface.md 4.2: at most 64 characters, bound to a member). */
export const externalUserIdParam = z.string().trim().min(1).max(64);

/** `[start, end)` as two ISO 8601 date-times with offset; repeated query parameters or a JSON array. */
export const dateTimeRangeParam = z
  .array(z.iso.datetime({ offset: true }), { error: (issue) => (issue.input === undefined ? fieldText('required') : fieldText('dateTimeRange')) })
  .length(2, fieldText('dateTimeRange'))
  .transform(([start, end]) => ({ start: new Date(start as string), end: new Date(end as string) }))
  .refine((range) => range.start < range.end, fieldText('startBeforeEnd'));

/** interface.md 8: pageNo >= 1; pageSize declared 1..1000 with a stated maximum of 100. */
export function pageParams(maxPageSize = MAX_PAGE_SIZE) {
  return {
    pageNo: intParam(1, MAX_PAGE_NO).describe('Page number, from 1'),
    pageSize: intParam(1, maxPageSize).describe(`Rows a page, 1..${maxPageSize}`),
  };
}

/** A page of `item`s, a named schema of the document (`GoodsSummaryPage`). */
export function pageOf<T extends z.ZodType>(item: T, id: string) {
  return z.object({ list: z.array(item), total: z.int().min(0).describe('Rows matching the filters, on every page') }).meta({ id });
}

/** A date range filter for Prisma: `[start, end)`. */
export function inRange(range: { start: Date; end: Date } | undefined): { gte: Date; lt: Date } | undefined {
  return range && { gte: range.start, lt: range.end };
}

/**
 * Output date-times: handlers return Dates, answers carry ISO 8601 UTC. A codec, because responses
 * are serialized by encoding (a plain transform cannot run backwards).
 */
export const dateTimeOut = z.codec(z.iso.datetime(), z.date(), {
  decode: (text) => new Date(text),
  encode: (date) => date.toISOString(),
});
