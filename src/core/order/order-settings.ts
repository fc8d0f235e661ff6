// The configurable rules of purchase orders (config.ts reads them from PRICING_* / ORDER_* variables).
import { type PricingRules, percentToBasisPoints } from './pricing';

export interface OrderSettings extends PricingRules {
  /**
   * How far `expectedPayAmount` may be from the live payAmount before create refuses the order, in
   * basis points of the live payAmount (100 = 1 %); a difference exactly at the threshold passes.
   */
  priceDeviationBasisPoints: number;
}

/** Defaults of the configuration variables (documented in config.ts). */
export const ORDER_SETTING_DEFAULTS = {
  /** 8.00 CNY per distinct shop of an order. */
  domesticFreightCents: 800,
  serviceFeePercent: 5,
  priceDeviationPercent: 1,
} as const;

/** Settings from the configured values (percentages with at most two decimals). */
export function orderSettings(values: { domesticFreightCents: number; serviceFeePercent: number; priceDeviationPercent: number }): OrderSettings {
  return {
    domesticFreightPerShop: values.domesticFreightCents,
    serviceFeeBasisPoints: percentToBasisPoints(values.serviceFeePercent),
    priceDeviationBasisPoints: percentToBasisPoints(values.priceDeviationPercent),
  };
}

export const DEFAULT_ORDER_SETTINGS: OrderSettings = orderSettings(ORDER_SETTING_DEFAULTS);
