// Every partner operation that names an externalUserId resolves it here, through the calling
// partner's own bindings only, within the token's tenant. PartnerBindings keeps resolved bindings in
// memory (staff change them rarely); a bind or unbind published on the invalidation bus drops the
// entry in every process.
import { InvalidatedCache } from '../cache/invalidated-cache';
import type { InvalidationBus } from '../cache/invalidation-bus';
import { type Db, type DbTransaction, Prisma } from '../db/client';
import { ErrorCatalogue } from '../errors/catalogue';
import { refusal } from '../errors/reasons';
import { type BusinessErrors, ServiceError } from '../errors/service-error';
import { type RequestContext, tenantIdOf } from '../request-context';

export interface BoundMember {
  memberId: number;
  externalUserId: string;
  tenantId: number;
}

/** About 200 bytes each: at most some 20 MB per process. */
/** Resolving an externalUserId of the calling partner. */
export const BINDING_ERRORS: BusinessErrors = [ErrorCatalogue.MEMBER_NOT_BOUND];

export const MAX_CACHED_BINDINGS = 100_000;

/** The partner's clientId of a partner context; other callers have no bindings. */
export function partnerClientIdOf(ctx: RequestContext): string {
  if (ctx.actor.kind !== 'partner') throw refusal(ErrorCatalogue.FORBIDDEN, 'onlyPartnersHaveBindings');
  return ctx.actor.clientId;
}

/**
 * The FROM clause of a raw read through a binding: the calling partner's binding of externalUserId
 * ("b") joined to its member ("m"), active and of the token's tenant; reads join more to it. It starts
 * from the binding's unique key, so it is an index lookup (a Prisma relation filter from the member's
 * side scans the tenant's members).
 */
export function boundMemberFrom(ctx: RequestContext, externalUserId: string): Prisma.Sql {
  const key = Prisma.sql`b."partnerClientId" = ${partnerClientIdOf(ctx)} AND b."externalUserId" = ${externalUserId}`;
  return Prisma.sql`"PartnerBinding" b JOIN "Member" m ON m."id" = b."memberId" AND ${key} AND m."tenantId" = ${tenantIdOf(ctx)} AND m."status" = 0`;
}

function notBound(externalUserId: string): ServiceError {
  return new ServiceError(ErrorCatalogue.MEMBER_NOT_BOUND, { externalUserId });
}

/** Resolution from the database alone, one statement; PartnerBindings.resolve answers from memory when it can. */
export async function resolveBoundMember(ctx: RequestContext, db: Db | DbTransaction, externalUserId: string): Promise<BoundMember> {
  const [member] = await db.$queryRaw<{ memberId: number | bigint }[]>`SELECT b."memberId" AS "memberId" FROM ${boundMemberFrom(ctx, externalUserId)}`;
  if (!member) throw notBound(externalUserId);
  return { memberId: Number(member.memberId), externalUserId, tenantId: tenantIdOf(ctx) };
}

/**
 * Bindings resolved in this process, least recently used dropped beyond `maxEntries`. Only bound
 * members are remembered, so an unbound id always reaches the database and a new binding needs no
 * invalidation to be seen. Member.status has no writer yet; one that disables members must publish
 * binding-changed for the member's bindings.
 */
export class PartnerBindings {
  private readonly entries: InvalidatedCache<string, BoundMember>;

  constructor(
    private readonly db: Db,
    bus: InvalidationBus,
    maxEntries: number = MAX_CACHED_BINDINGS,
  ) {
    this.entries = new InvalidatedCache(bus, (message) => (message.kind === 'binding-changed' ? PartnerBindings.key(message.partnerClientId, message.externalUserId) : undefined), maxEntries);
  }

  private static key(partnerClientId: string, externalUserId: string): string {
    return JSON.stringify([partnerClientId, externalUserId]);
  }

  /** The remembered binding, or undefined when the database must be asked. */
  cached(ctx: RequestContext, externalUserId: string): BoundMember | undefined {
    const member = this.entries.get(PartnerBindings.key(partnerClientIdOf(ctx), externalUserId));
    return member && member.tenantId === ctx.tenantId ? member : undefined;
  }

  /** The bound member, from memory or with one statement; MEMBER_NOT_BOUND when there is none. */
  async resolve(ctx: RequestContext, externalUserId: string): Promise<BoundMember> {
    const cached = this.cached(ctx, externalUserId);
    if (cached) return cached;
    const { memberId } = await this.remembering(ctx, externalUserId, () => resolveBoundMember(ctx, this.db, externalUserId));
    return { memberId, externalUserId, tenantId: tenantIdOf(ctx) };
  }

  /**
   * Runs `load`, a query through boundMemberFrom that answers the bound member's id with
   * whatever else the caller needs, and remembers the binding it found: a read that resolves the
   * binding and its own data in one statement.
   */
  remembering<T extends { memberId: number } | null>(ctx: RequestContext, externalUserId: string, load: () => Promise<T>): Promise<T> {
    return this.entries.remember(PartnerBindings.key(partnerClientIdOf(ctx), externalUserId), load, (loaded) =>
      loaded ? { memberId: loaded.memberId, externalUserId, tenantId: tenantIdOf(ctx) } : null,
    );
  }
}
