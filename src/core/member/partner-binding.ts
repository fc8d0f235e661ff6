// Every partner operation that names an externalUserId resolves it here, through the calling
// partner's own bindings only, within the token's tenant.
import type { Db, DbTransaction } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import type { RequestContext } from '../request-context';

export interface BoundMember {
  memberId: number;
  unionId: string;
  externalUserId: string;
  tenantId: number;
}

/** The partner's clientId of a partner context; other callers have no bindings. */
export function partnerClientIdOf(ctx: RequestContext): string {
  if (ctx.actor.kind !== 'partner') throw new ServiceError(ErrorCatalogue.FORBIDDEN, { reason: 'only partners have bindings' });
  return ctx.actor.clientId;
}

export async function resolveBoundMember(ctx: RequestContext, db: Db | DbTransaction, externalUserId: string): Promise<BoundMember> {
  const binding = await db.partnerBinding.findUnique({
    where: { partnerClientId_externalUserId: { partnerClientId: partnerClientIdOf(ctx), externalUserId } },
    include: { member: { select: { id: true, unionId: true, tenantId: true, status: true } } },
  });
  if (!binding || binding.member.tenantId !== ctx.tenantId || binding.member.status !== 0) {
    throw new ServiceError(ErrorCatalogue.MEMBER_NOT_BOUND, { externalUserId });
  }
  return { memberId: binding.member.id, unionId: binding.member.unionId, externalUserId, tenantId: binding.member.tenantId };
}
