// Integer statuses of webhook deliveries, shown in the console; never renumber.
export const DeliveryStatus = { PENDING: 0, DELIVERED: 10, FAILED: 20 } as const;
