// The gateway IP blacklist (GatewayIpBlacklistSaveReqVO, GatewayIpBlacklistRenewReqVO): platform-wide
// entries, read by every tenant's administrators with the permission and written by the system
// tenant's. Each write publishes `ip-blacklist-changed`, so every process's matcher (what the
// onRequest guard consults, src/http/ip-blacklist-guard.ts) reloads; this process's has reloaded
// before the write answers.
//
// Decisions:
// - `ip` is stored in canonical form (ip-matcher's parseIpRule: host bits cleared, RFC 5952 IPv6,
//   IPv4-mapped IPv6 as IPv4) and is unique in that form, so `10.1.2.3/8` and `10.0.0.0/8` are one entry.
// - ipType is inferred from the literal (a `/n` suffix makes a CIDR, `/32` included); a given
//   ipType must agree with it.
// - An administrator cannot save or renew an entry that would block the address they are calling
//   from: the console would stop answering them, and only the database could undo it.
// - Nor one broader than an IPv4 /8 or an IPv6 /32 (MINIMUM_PREFIX): 0.0.0.0/0 or ::/0 would block
//   everyone, and anything wider than one large provider's allocation blocks whole regions of the
//   internet, which is a firewall's job, not a gateway entry's.
// - expireTime must lie in the future on create and in a renewal; an update may keep a past one (the
//   console's form sends the stored value back), the entry then simply no longer matches.
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Clock } from '../clock';
import type { Db, Prisma } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { optionalText, parseInput, recordIdSchema, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { ErrorCatalogue } from '../errors/catalogue';
import { refusal } from '../errors/reasons';
import { ServiceError } from '../errors/service-error';
import { type IpRule, IpRuleSet, parseIpRule } from '../net/ip-matcher';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import type { RequestContext } from '../request-context';
import { assertSystemTenant } from '../tenant/tenant-package-service';
import { z } from '../validation';
import { IpBlacklistMatcher } from './ip-blacklist-matcher';
import { optionSchema } from '../options/option-sets';
import { fieldIssue } from '../validation-messages';

/** interface.md section 3: 1 enabled, 0 disabled. */
export const BLACKLIST_STATUS = { DISABLED: 0, ENABLED: 1 } as const;

/** The shortest prefix an entry may have, per address family. */
export const MINIMUM_PREFIX = { 4: 8, 6: 32 } as const;

/** Ten years: a longer extension is a typing mistake (permanent exists for "forever"). */
const MAX_EXTEND_MINUTES = 10 * 366 * 24 * 60;
/** Renewals by extendMinutes read the expiry and write it only if unchanged; this many tries under contention. */
const RENEW_ATTEMPTS = 5;

/** An empty string from a form means "not given". */
const emptyAsNull = <T extends z.ZodType>(schema: T) => z.preprocess((value) => (value === '' ? null : value), schema);

const ipRuleSchema = z
  .string()
  .max(64)
  .transform((text, context): IpRule => {
    const rule = parseIpRule(text);
    if (rule) return rule;
    context.addIssue({ code: 'custom', ...fieldIssue('ipOrCidr') });
    return z.NEVER;
  });

const saveFields = {
  ip: ipRuleSchema,
  /** Inferred from the literal when not given. */
  ipType: emptyAsNull(optionSchema('IP_TYPE').nullish()),
  reason: optionalText(255),
  /** Absent or null: permanent. */
  expireTime: z.date().nullish(),
  /** MANUAL when not given on create; kept when not given on update. */
  source: emptyAsNull(optionSchema('BLACKLIST_SOURCE').nullish()),
  /** 1 when not given on create; kept when not given on update. */
  status: optionSchema('ONE_ENABLED_STATUS').nullish(),
};

/** A given ipType must name what the literal is. */
function ipTypeAgrees(input: { ip: IpRule; ipType?: string | null }, context: z.RefinementCtx): void {
  if (input.ipType && input.ipType !== input.ip.kind) {
    context.addIssue({ code: 'custom', path: ['ipType'], ...fieldIssue('ipTypeMismatch', { ipType: input.ipType, ip: input.ip.text, kind: input.ip.kind }) });
  }
}

const shapes = saveShapeSchemas(saveFields);
export const ipBlacklistSaveSchemas = { create: shapes.create.superRefine(ipTypeAgrees), update: shapes.update.superRefine(ipTypeAgrees) };

export type IpBlacklistSaveInput = SaveShapeInput<z.input<typeof shapes.create>>;

const renewTargetSchema = z.object({ id: recordIdSchema, permanent: z.boolean().nullish() });

/** Read only when `permanent` is not true (then both are ignored, bounds included). */
const renewTimeSchema = z
  .object({ expireTime: z.date().nullish(), extendMinutes: z.number().int().min(1).max(MAX_EXTEND_MINUTES).nullish() })
  .superRefine((input, context) => {
    if (input.expireTime && input.extendMinutes) {
      context.addIssue({ code: 'custom', path: ['extendMinutes'], ...fieldIssue('expiryAlternatives') });
    } else if (!input.expireTime && !input.extendMinutes) {
      context.addIssue({ code: 'custom', path: ['expireTime'], ...fieldIssue('expiryRequired') });
    }
  });

export type IpBlacklistRenewInput = z.input<typeof renewTargetSchema> & z.input<typeof renewTimeSchema>;

export const ipBlacklistPageFilterSchema = z.object({
  /** Contained in the stored (canonical) ip. */
  ip: z.string().max(64).nullish(),
  ipType: emptyAsNull(optionSchema('IP_TYPE').nullish()),
  source: emptyAsNull(optionSchema('BLACKLIST_SOURCE').nullish()),
  status: optionSchema('ONE_ENABLED_STATUS').nullish(),
  /** true: only entries past their expireTime; false: permanent or not yet expired. */
  expired: z.boolean().nullish(),
});

export type IpBlacklistPageFilter = z.input<typeof ipBlacklistPageFilterSchema>;

const ENTRY_FIELDS = {
  id: true,
  ip: true,
  ipType: true,
  reason: true,
  expireTime: true,
  source: true,
  status: true,
  createdAt: true,
  updatedAt: true,
} as const satisfies Prisma.GatewayIpBlacklistSelect;

type EntryRow = Prisma.GatewayIpBlacklistGetPayload<{ select: typeof ENTRY_FIELDS }>;

export interface IpBlacklistEntryView extends EntryRow {
  /** Past its expireTime at the time of the read. */
  expired: boolean;
}

const CHANGE = 'change the IP blacklist';

/** Newest first unless the request asks otherwise (the blacklist is small). */
export const ipBlacklistPageSort = pageSort({ id: 'id', ip: 'ip', status: 'status', expireTime: 'expireTime', createTime: 'createdAt' }, [{ createdAt: 'desc' }, { id: 'desc' }]);

export class IpBlacklistService {
  /** What the onRequest guard consults: the enabled, unexpired entries, in memory. */
  readonly matcher: IpBlacklistMatcher;

  constructor(
    private readonly db: Db,
    private readonly bus: InvalidationBus,
    clock: Clock,
  ) {
    this.matcher = new IpBlacklistMatcher(
      () =>
        db.gatewayIpBlacklist.findMany({
          where: { status: BLACKLIST_STATUS.ENABLED, OR: [{ expireTime: null }, { expireTime: { gt: new Date(clock.now()) } }] },
          select: { ip: true, expireTime: true },
        }),
      clock,
      bus,
    );
  }

  async create(ctx: RequestContext, input: IpBlacklistSaveInput): Promise<number> {
    assertSystemTenant(ctx, CHANGE);
    const { ip: rule, reason, expireTime, source, status } = parseInput(ipBlacklistSaveSchemas.create, input);
    if (expireTime && expireTime.getTime() <= ctx.clock.now()) {
      throw refusal(ErrorCatalogue.BAD_REQUEST, 'expireTimeInFutureOrPermanent');
    }
    const entry = { ip: rule.text, ipType: rule.kind, reason: reason ?? null, expireTime: expireTime ?? null, source: source ?? 'MANUAL', status: status ?? BLACKLIST_STATUS.ENABLED };
    assertNarrowEnough(rule);
    assertSparesCaller(ctx, rule, entry);
    const created = await this.writing(rule, () => this.db.gatewayIpBlacklist.create({ data: { ...entry, createdAt: ctx.now(), updatedAt: ctx.now() }, select: { id: true } }));
    await this.changed();
    return created.id;
  }

  async update(ctx: RequestContext, input: IpBlacklistSaveInput): Promise<void> {
    assertSystemTenant(ctx, CHANGE);
    const { id, ip: rule, reason, expireTime, source, status } = parseInput(ipBlacklistSaveSchemas.update, input);
    const stored = await this.require(id);
    // Left out: reason, source and status keep their stored values; expireTime empty means permanent (the shape says so).
    const entry = { ip: rule.text, ipType: rule.kind, reason, expireTime: expireTime ?? null, source: source ?? stored.source, status: status ?? stored.status };
    assertNarrowEnough(rule);
    assertSparesCaller(ctx, rule, entry);
    const { count } = await this.writing(rule, () => this.db.gatewayIpBlacklist.updateMany({ where: { id }, data: { ...entry, updatedAt: ctx.now() } }));
    if (count === 0) throw new ServiceError(ErrorCatalogue.IP_BLACKLIST_NOT_FOUND, { entryId: id });
    await this.changed();
  }

  /**
   * A new expiry: `permanent` clears it; `expireTime` sets it; `extendMinutes` adds to the current
   * expiry while that is in the future, else to now (a permanent entry has nothing to extend).
   * Renewing does not enable a disabled entry.
   */
  async renew(ctx: RequestContext, input: IpBlacklistRenewInput): Promise<IpBlacklistEntryView> {
    assertSystemTenant(ctx, CHANGE);
    const { id, permanent } = parseInput(renewTargetSchema, input);
    const time = permanent ? null : parseInput(renewTimeSchema, input);
    const now = ctx.clock.now();
    if (time?.expireTime && time.expireTime.getTime() <= now) {
      throw refusal(ErrorCatalogue.BAD_REQUEST, 'expireTimeInFuture');
    }
    for (let attempt = 1; ; attempt++) {
      const stored = await this.require(id);
      let expireTime: Date | null = null;
      if (time?.expireTime) expireTime = time.expireTime;
      else if (time?.extendMinutes) {
        if (!stored.expireTime) throw new ServiceError(ErrorCatalogue.IP_BLACKLIST_PERMANENT, { ip: stored.ip });
        expireTime = new Date(Math.max(stored.expireTime.getTime(), now) + time.extendMinutes * 60_000);
      }
      const rule = parseIpRule(stored.ip);
      if (rule) assertSparesCaller(ctx, rule, { status: stored.status, expireTime });
      // Written only if the expiry is still the one read, so two extensions at once both count.
      const { count } = await this.db.gatewayIpBlacklist.updateMany({ where: { id, expireTime: stored.expireTime }, data: { expireTime, updatedAt: ctx.now() } });
      if (count === 1) break;
      if (attempt >= RENEW_ATTEMPTS) throw new Error(`IP blacklist entry ${id} kept changing during its renewal`);
    }
    await this.changed();
    return this.get(ctx, id);
  }

  async delete(ctx: RequestContext, entryId: number): Promise<void> {
    assertSystemTenant(ctx, CHANGE);
    const { count } = await this.db.gatewayIpBlacklist.deleteMany({ where: { id: entryId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.IP_BLACKLIST_NOT_FOUND, { entryId });
    await this.changed();
  }

  async get(ctx: RequestContext, entryId: number): Promise<IpBlacklistEntryView> {
    return viewOf(await this.require(entryId), ctx.clock.now());
  }

  /** Newest first. */
  async page(ctx: RequestContext, page: PageRequest, filter: IpBlacklistPageFilter = {}): Promise<{ list: IpBlacklistEntryView[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, ipBlacklistPageSort);
    const { ip, ipType, source, status, expired } = parseInput(ipBlacklistPageFilterSchema, filter);
    const now = ctx.now();
    const where: Prisma.GatewayIpBlacklistWhereInput = {
      ...pageWhere,
      ...(ip ? { ip: { contains: ip } } : {}),
      ...(ipType ? { ipType } : {}),
      ...(source ? { source } : {}),
      ...(status != null ? { status } : {}),
      ...(expired === true ? { expireTime: { lte: now } } : {}),
      ...(expired === false ? { OR: [{ expireTime: null }, { expireTime: { gt: now } }] } : {}),
    };
    const [rows, total] = await Promise.all([
      this.db.gatewayIpBlacklist.findMany({ where, select: ENTRY_FIELDS, orderBy, ...window }),
      this.db.gatewayIpBlacklist.count({ where }),
    ]);
    return { list: rows.map((row) => viewOf(row, now.getTime())), total };
  }

  private async require(entryId: number): Promise<EntryRow> {
    const entry = await this.db.gatewayIpBlacklist.findUnique({ where: { id: entryId }, select: ENTRY_FIELDS });
    if (!entry) throw new ServiceError(ErrorCatalogue.IP_BLACKLIST_NOT_FOUND, { entryId });
    return entry;
  }

  /** A write that may break the unique canonical ip. */
  private async writing<T>(rule: IpRule, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.IP_BLACKLIST_EXISTS, { ip: rule.text });
      throw error;
    }
  }

  /** Every process reloads; publishing delivers here at once, and the write answers once this process's matcher has the change. */
  private async changed(): Promise<void> {
    await this.bus.publish({ kind: 'ip-blacklist-changed' });
    await this.matcher.settled();
  }
}

function viewOf(row: EntryRow, now: number): IpBlacklistEntryView {
  return { ...row, expired: row.expireTime !== null && row.expireTime.getTime() <= now };
}

/** Refuses an entry broader than MINIMUM_PREFIX. */
function assertNarrowEnough(rule: IpRule): void {
  if (rule.prefixLength < MINIMUM_PREFIX[rule.family]) {
    throw new ServiceError(ErrorCatalogue.IP_BLACKLIST_TOO_BROAD, { ip: rule.text, minimumIpv4Prefix: MINIMUM_PREFIX[4], minimumIpv6Prefix: MINIMUM_PREFIX[6] });
  }
}

/** Refuses an entry that would block the caller's own address as soon as it is saved. */
function assertSparesCaller(ctx: RequestContext, rule: IpRule, entry: { status: number; expireTime: Date | null }): void {
  const inForce = entry.status === BLACKLIST_STATUS.ENABLED && (entry.expireTime === null || entry.expireTime.getTime() > ctx.clock.now());
  if (inForce && new IpRuleSet([rule]).matches(ctx.ip)) {
    throw new ServiceError(ErrorCatalogue.IP_BLACKLIST_COVERS_CALLER, { ip: rule.text, callerIp: ctx.ip });
  }
}
