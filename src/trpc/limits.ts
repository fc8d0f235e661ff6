/** Calls in one batched request: the server refuses more, and the client splits batches to fit. */
export const TRPC_MAX_BATCH_SIZE = 50;
