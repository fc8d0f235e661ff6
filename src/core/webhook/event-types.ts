// The event types partners subscribe to. Part of the partner contract (README "Webhooks"): never rename.

export const WebhookEventType = {
  PURCHASE_ORDER_PAID: 'purchase_order.paid',
  PURCHASE_ORDER_CLOSED: 'purchase_order.closed',
  ORDER_ITEM_PURCHASED: 'order_item.purchased',
  ORDER_ITEM_ARRIVED: 'order_item.arrived',
  ORDER_ITEM_QC_DONE: 'order_item.qc_done',
  ORDER_ITEM_STORED: 'order_item.stored',
  ORDER_ITEM_PACKED: 'order_item.packed',
  ORDER_ITEM_SHIPPED: 'order_item.shipped',
  ORDER_ITEM_CANCELLED: 'order_item.cancelled',
  ORDER_ITEM_REFUNDED: 'order_item.refunded',
  SUPPLEMENT_RAISED: 'supplement.raised',
  SUPPLEMENT_PAID: 'supplement.paid',
  BAG_WEIGHED: 'bag.weighed',
  BAG_SHIPPING_SET: 'bag.shipping_set',
  BAG_SHIPPED: 'bag.shipped',
  BAG_DELIVERED: 'bag.delivered',
  INVOICE_GENERATED: 'invoice.generated',
  PAYMENT_ORDER_PAID: 'payment_order.paid',
  PAYMENT_ORDER_CLOSED: 'payment_order.closed',
  WALLET_CREDITED: 'wallet.credited',
  WALLET_DEBITED: 'wallet.debited',
  /** Sent from the console to one endpoint only. */
  TEST: 'webhook.test',
} as const;
export type WebhookEventType = (typeof WebhookEventType)[keyof typeof WebhookEventType];

/** The types an endpoint may subscribe to (the test event always reaches the endpoint it is sent to). */
export const SUBSCRIBABLE_EVENT_TYPES: readonly string[] = Object.values(WebhookEventType).filter((type) => type !== WebhookEventType.TEST);
