import { walletChangeSchema } from '../../core/wallet/wallet-service';
import { z } from '../../core/validation';

/**
 * A staff adjustment: the tool names it with its own idempotency key (`adjustmentId`, so a retried
 * call moves money once) and must say why.
 */
export const walletAdjustSchema = walletChangeSchema.pick({ memberId: true, amount: true }).extend({
  adjustmentId: z.string().trim().min(1).max(100),
  reason: z.string().trim().min(1).max(255),
});

export type WalletAdjustInput = z.infer<typeof walletAdjustSchema>;

/** The ledger reference of a staff adjustment: its own namespace, apart from system events. */
export const adjustmentBizRef = (input: WalletAdjustInput) => `adjust:${input.adjustmentId}`;
