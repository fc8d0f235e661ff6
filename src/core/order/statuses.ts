// The integer statuses of the commerce records. Partners filter by these numbers, so they are part
// of the contract: README.md lists them; never renumber.

export const OrderItemStatus = {
  UNPAID: 0,
  /** Paid, awaiting purchase on the marketplace. */
  PAID: 10,
  PURCHASED: 20,
  ARRIVED: 30,
  QC_DONE: 40,
  IN_STORAGE: 50,
  PACKED: 60,
  SHIPPED: 70,
  CANCELLED: 80,
  REFUNDED: 90,
} as const;

export const PurchaseOrderStatus = { UNPAID: 0, PAID: 10, CLOSED: 20 } as const;

export const PayOrderStatus = { UNPAID: 0, PAID: 10, CLOSED: 20 } as const;
export const PayOrderKind = { PURCHASE: 'purchase', SUPPLEMENT: 'supplement' } as const;

export const SupplementStatus = { UNPAID: 0, PAID: 10, CANCELLED: 20 } as const;
export const SupplementBizType = { PURCHASE: 'purchase', BAG: 'bag' } as const;

export const BagStatus = { CREATED: 0, WEIGHED: 10, READY: 20, SHIPPED: 30, DELIVERED: 40 } as const;

export const InvoiceStatus = { GENERATING: 0, GENERATED: 1, FAILED: 2 } as const;

export const QcStatus = { IN_PROGRESS: 0, COMPLETED: 1 } as const;
export const QcResult = { PASSED: 1, FAILED: 2 } as const;

/** interface.md 2.3 */
export const PaymentOrderStatus = { PENDING: 0, PAID: 10, CLOSED: 20 } as const;

export type ValueOf<T> = T[keyof T];
