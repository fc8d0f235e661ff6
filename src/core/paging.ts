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
