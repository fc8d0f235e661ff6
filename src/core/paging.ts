// Paging shared by every face: pageNo from 1, pageSize 1..100 (interface.md 8).
import { MAX_INT32 } from './int-bounds';
import { z } from './validation';

export const MAX_PAGE_SIZE = 100;

/** The last page number any face accepts: its offset (pageNo - 1) x pageSize stays far inside Prisma's int64 skip. */
export const MAX_PAGE_NO = MAX_INT32;

export const pageInputSchema = z.object({
  pageNo: z.number().int().min(1).max(MAX_PAGE_NO),
  pageSize: z.number().int().min(1).max(MAX_PAGE_SIZE),
});

export type PageInput = z.infer<typeof pageInputSchema>;

/** skip/take of a validated page. */
export function pageWindow(page: PageInput): { skip: number; take: number } {
  return { skip: (page.pageNo - 1) * page.pageSize, take: page.pageSize };
}

interface CreateTimeRange {
  createTimeFrom?: Date | null;
  createTimeTo?: Date | null;
}

/**
 * A page filter with a creation-time range (`createTimeFrom`..`createTimeTo`, both ends inclusive,
 * either open): the filter's own `shape` plus the range, refused when reversed.
 */
export function filterWithCreateTimeRange<Shape extends z.ZodRawShape>(shape: Shape) {
  return z.object({ ...shape, createTimeFrom: z.date().nullish(), createTimeTo: z.date().nullish() }).superRefine((filter, context) => {
    // (`shape` being generic, TypeScript cannot see the range in `filter`.)
    const { createTimeFrom, createTimeTo } = filter as CreateTimeRange;
    if (createTimeFrom && createTimeTo && createTimeFrom > createTimeTo) {
      context.addIssue({ code: 'custom', message: 'must not be before createTimeFrom', path: ['createTimeTo'] });
    }
  });
}

/** The `createdAt` condition of a creation-time range; nothing when both ends are open. */
export function createdWithin({ createTimeFrom, createTimeTo }: CreateTimeRange) {
  return createTimeFrom || createTimeTo
    ? { createdAt: { ...(createTimeFrom ? { gte: createTimeFrom } : {}), ...(createTimeTo ? { lte: createTimeTo } : {}) } }
    : {};
}
