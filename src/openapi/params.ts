// Parameters shared by partner operations, written once so every operation reads them alike.
// Reads arrive as GET query strings or as POST JSON bodies with the same fields (open-api.md), so
// number and array parameters accept both forms.
import { MAX_PAGE_SIZE } from '../core/paging';
import { z } from '../core/validation';

/** An integer: a JSON number, or a query-string of digits (documented as either, and required unless made optional). */
export function intParam() {
  return z.union([z.number().int(), z.string().regex(/^-?\d+$/).transform(Number)], {
    error: (issue) => (issue.input === undefined ? 'required' : 'expected an integer'),
  });
}

/** A partner-side user id (interface.md 4.2: at most 64 characters, bound to a member). */
export const externalUserIdParam = z.string().trim().min(1).max(64);

/** `[start, end)` as two ISO 8601 date-times with offset; repeated query parameters or a JSON array. */
export const dateTimeRangeParam = z
  .array(z.iso.datetime({ offset: true }), { error: (issue) => (issue.input === undefined ? 'required' : 'expected [start, end] date-times') })
  .length(2, 'expected [start, end] date-times')
  .transform(([start, end]) => ({ start: new Date(start as string), end: new Date(end as string) }))
  .refine((range) => range.start < range.end, 'start must be before end');

/** interface.md 8: pageNo >= 1; pageSize declared 1..1000 with a stated maximum of 100. */
export function pageParams(maxPageSize = MAX_PAGE_SIZE) {
  return {
    pageNo: intParam().pipe(z.number().min(1)),
    pageSize: intParam().pipe(z.number().min(1).max(maxPageSize)),
  };
}

export function pageOf<T extends z.ZodType>(item: T) {
  return z.object({ list: z.array(item), total: z.number().int() });
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
