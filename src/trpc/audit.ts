// The operation-log row of one tRPC mutation, written through the same writer as the GraphQL audit
// plugin (`core.operationLogs.record`): who (user id and username), the tenant, the procedure path
// (e.g. `paymentOrder.close`), the record it targeted, how long it took and how it ended (0, or the
// numeric code of its error). Refusals before the procedure ran (no sign-in, missing permission,
// bad input) are logged too. Inputs are never stored whole; the `reason` a mutation takes goes to
// resultMsg (`reason: …`, after the error message on failure).
import type { TRPCError } from '@trpc/server';
import type { OperationLogEntry } from '../core/audit/operation-log-service';
import { describeError } from '../core/errors/describe-error';
import { SYSTEM_TENANT_ID } from '../core/tenant/tenant-directory';
import type { TrpcContext } from './trpc';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

function idText(value: unknown): string | null {
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  if (typeof value === 'string' && value.trim() !== '') return value.trim();
  return null;
}

/** The input's `id`, else its first `…Id` or `…No` field (orderItemId, orderNo, memberId…), else the answer's `id`. */
export function targetIdOf(input: unknown, data: unknown): string | null {
  if (isRecord(input)) {
    const id = idText(input.id);
    if (id !== null) return id;
    for (const [key, value] of Object.entries(input)) {
      if (/(Id|No)$/.test(key) && idText(value) !== null) return idText(value);
    }
  }
  return isRecord(data) ? idText(data.id) : null;
}

export interface MutationOutcome {
  path: string;
  rawInput: unknown;
  durationMs: number;
  /** Undefined on success. */
  error?: TRPCError;
  data?: unknown;
}

export async function operationLogEntry(context: TrpcContext, outcome: MutationOutcome): Promise<OperationLogEntry> {
  const { ctx, core } = context;
  const userId = ctx.actor.kind === 'admin' ? ctx.actor.userId : null;
  const username = ctx.tenantId !== null && userId !== null ? ((await core.permissions.access(ctx.tenantId, userId))?.user.username ?? null) : null;
  const description = outcome.error ? describeError(outcome.error.cause ?? outcome.error, ctx.requestId, core.errorCodes.messages, context.languages) : null;
  const reason = isRecord(outcome.rawInput) && typeof outcome.rawInput.reason === 'string' && outcome.rawInput.reason.trim() !== '' ? `reason: ${outcome.rawInput.reason.trim()}` : null;
  const messages = [description?.message, reason].filter((text): text is string => typeof text === 'string');
  return {
    tenantId: ctx.tenantId ?? SYSTEM_TENANT_ID,
    userId,
    username,
    operation: outcome.path,
    targetId: targetIdOf(outcome.rawInput, outcome.data),
    resultCode: description?.code ?? 0,
    resultMsg: messages.length > 0 ? messages.join('; ') : null,
    durationMs: outcome.durationMs,
    ip: ctx.ip,
    requestId: ctx.requestId,
    createdAt: ctx.now(),
  };
}
