// Integer bounds every face checks input against, so that whatever is derived from an input
// (offsets, sums, products) fits the columns and Prisma's 64-bit arguments.

/** The largest value of an Int column (int4 on PostgreSQL): amounts in cents, record ids, page numbers. */
export const MAX_INT32 = 2_147_483_647;
