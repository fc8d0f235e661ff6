// A tenant's currency rate policies (CurrencyRatePolicySaveReqVO): a premium in percent on the live
// exchange rate, for the members of a country (policyType 1) or for one member (policyType 2), and
// the effective rate a member sees: the member's own policy first, then their country's, then the
// live rate. At most one enabled policy per country and per member: the enabledTargetKey column is
// `<policyType>:<target>` while enabled and null while disabled, under a unique index per tenant.
//
// The effective rate answers from memory: a process reads a tenant's enabled policies (their target
// key and premium) once, and every policy change publishes rate-policies-changed for the tenant over
// the invalidation bus, so this and every other process read them again on next use.
import { InvalidatedCache } from '../cache/invalidated-cache';
import type { InvalidationBus } from '../cache/invalidation-bus';
import type { Db } from '../db/client';
import { isUniqueViolation } from '../db/unique-violation';
import { optionalText, optionalWithDefault, parseInput, recordIdSchema, saveShapeSchemas, type SaveShapeInput } from '../admin/save-shape';
import { ErrorCatalogue } from '../errors/catalogue';
import { ServiceError } from '../errors/service-error';
import { type CountryService, countryCodeSchema } from '../geo/country-service';
import { type PageRequest, pageQuery, pageSort } from '../page-query';
import { type RequestContext, tenantIdOf } from '../request-context';
import { tenantScopedDb } from '../tenant/tenant-scoped-db';
import { z } from '../validation';
import { currencyCodeSchema, type CurrencyService, CurrencyStatus } from './currency-service';
import { applyPremium, premiumRateSchema, premiumToNumber, rateToNumber } from './exchange-rate';
import { optionSchema } from '../options/option-sets';
import { fieldIssue } from '../validation-messages';

export const RatePolicyType = { BY_COUNTRY: 1, BY_CUSTOMER: 2 } as const;

const policyTypeSchema = optionSchema('RATE_POLICY_TYPE');
const statusSchema = optionSchema('ONE_ENABLED_STATUS');

interface PolicyTarget {
  policyType: number;
  countryCode?: string | null;
  userId?: number | null;
}

/** countryCode goes with policyType 1 and userId with 2; the other must be left out. */
function checkTarget(policy: PolicyTarget, ctx: z.RefinementCtx): void {
  const byCountry = policy.policyType === RatePolicyType.BY_COUNTRY;
  const [needed, unwanted] = byCountry ? (['countryCode', 'userId'] as const) : (['userId', 'countryCode'] as const);
  if (policy[needed] == null) ctx.addIssue({ code: 'custom', path: [needed], ...fieldIssue('requiredForPolicyType', { policyType: policy.policyType }) });
  if (policy[unwanted] != null) ctx.addIssue({ code: 'custom', path: [unwanted], ...fieldIssue('omittedForPolicyType', { policyType: policy.policyType }) });
}

const policyShapes = saveShapeSchemas({
  policyType: policyTypeSchema,
  countryCode: countryCodeSchema.nullish(),
  userId: recordIdSchema.nullish(),
  /** Percent, e.g. 2.5; 0 is the live rate. */
  premiumRate: premiumRateSchema,
  /** Default 1 (enabled). */
  status: optionalWithDefault(statusSchema),
  remark: optionalText(500),
});

export const ratePolicySaveSchemas = { create: policyShapes.create.superRefine(checkTarget), update: policyShapes.update.superRefine(checkTarget) };

export type RatePolicySaveInput = SaveShapeInput<z.input<typeof policyShapes.create>>;
type ParsedPolicy = Omit<z.output<typeof policyShapes.create>, 'id'>;

export const ratePolicyPageFilterSchema = z.object({
  policyType: policyTypeSchema.nullish(),
  countryCode: z.string().max(2).nullish(),
  userId: recordIdSchema.nullish(),
  status: statusSchema.nullish(),
});

export type RatePolicyPageFilter = z.input<typeof ratePolicyPageFilterSchema>;

export const effectiveRateQuerySchema = z.object({
  currencyCode: currencyCodeSchema,
  userId: recordIdSchema.nullish(),
  countryCode: countryCodeSchema.nullish(),
});

export type EffectiveRateQuery = z.input<typeof effectiveRateQuerySchema>;

export interface RatePolicyRecord {
  id: number;
  policyType: number;
  countryCode: string | null;
  userId: number | null;
  /** Percent (at most four decimals). */
  premiumRate: number;
  status: number;
  remark: string | null;
  createdAt: Date;
}

export type RateSource = 'CUSTOMER' | 'COUNTRY' | 'LIVE';

export interface EffectiveRate {
  currencyCode: string;
  /** The currency's exchange rate: units per 1 CNY. */
  liveRate: number;
  /** The applied policy's premium in percent; 0 for the live rate. */
  premiumRate: number;
  /** liveRate × (1 + premiumRate / 100), rounded half up to six decimals. */
  rate: number;
  source: RateSource;
  policyId: number | null;
}

const POLICY_FIELDS = {
  id: true,
  policyType: true,
  countryCode: true,
  userId: true,
  premiumRateE4: true,
  status: true,
  remark: true,
  createdAt: true,
} as const;

type PolicyRow = Omit<RatePolicyRecord, 'premiumRate'> & { premiumRateE4: number };

function toRecord({ premiumRateE4, ...row }: PolicyRow): RatePolicyRecord {
  return { ...row, premiumRate: premiumToNumber(premiumRateE4) };
}

/** The key of a policy's target, e.g. `1:CN` or `2:42`. */
const targetKey = (policyType: number, target: string | number) => `${policyType}:${target}`;

const describeTarget = (policy: PolicyTarget) =>
  policy.policyType === RatePolicyType.BY_COUNTRY ? `country ${policy.countryCode}` : `member ${policy.userId}`;

/** The columns of a validated policy with its (given or stored) status. */
function policyColumns(policy: ParsedPolicy, status: number) {
  const byCountry = policy.policyType === RatePolicyType.BY_COUNTRY;
  const countryCode = byCountry ? policy.countryCode! : null;
  const userId = byCountry ? null : policy.userId!;
  return {
    policyType: policy.policyType,
    countryCode,
    userId,
    premiumRateE4: Number(policy.premiumRate),
    status,
    remark: policy.remark,
    enabledTargetKey: status === CurrencyStatus.ENABLED ? targetKey(policy.policyType, countryCode ?? userId!) : null,
  };
}

/** Newest first unless the request asks otherwise (policies are few per tenant). */
export const ratePolicyPageSort = pageSort({ id: 'id', policyType: 'policyType', status: 'status', createTime: 'createdAt' }, [{ id: 'desc' }]);

/** An enabled policy as the effective rate needs it. */
interface EnabledPolicy {
  id: number;
  policyType: number;
  premiumRateE4: number;
}

/** Tenants whose enabled policies a process keeps at most. */
const MAX_CACHED_TENANTS = 1000;

export class CurrencyRatePolicyService {
  /** Per tenant, its enabled policies by target key. */
  private readonly enabled: InvalidatedCache<number, ReadonlyMap<string, EnabledPolicy>>;

  constructor(
    private readonly db: Db,
    private readonly currencies: CurrencyService,
    private readonly countries: CountryService,
    private readonly bus: InvalidationBus,
  ) {
    this.enabled = new InvalidatedCache(bus, (message) => (message.kind === 'rate-policies-changed' ? message.tenantId : undefined), MAX_CACHED_TENANTS);
  }

  /** The tenant's enabled policies by target key, from memory once read. */
  private async enabledPolicies(tenantId: number): Promise<ReadonlyMap<string, EnabledPolicy>> {
    const load = async () => {
      // Only enabled policies have a target key.
      const rows = await this.db.currencyRatePolicy.findMany({
        where: { tenantId, enabledTargetKey: { not: null } },
        select: { id: true, policyType: true, premiumRateE4: true, enabledTargetKey: true },
      });
      return new Map(rows.map(({ enabledTargetKey, ...policy }) => [enabledTargetKey as string, policy]));
    };
    return this.enabled.get(tenantId) ?? this.enabled.remember(tenantId, load, (policies) => policies);
  }

  /** After a change of the tenant's policies is stored: every process reads them again. */
  private changed(ctx: RequestContext): Promise<void> {
    return this.bus.publish({ kind: 'rate-policies-changed', tenantId: tenantIdOf(ctx) });
  }

  private scoped(ctx: RequestContext) {
    return tenantScopedDb(this.db, tenantIdOf(ctx));
  }

  async create(ctx: RequestContext, input: RatePolicySaveInput): Promise<number> {
    const { id: _id, ...policy } = parseInput(ratePolicySaveSchemas.create, input);
    await this.assertTargetExists(ctx, policy);
    const now = ctx.now();
    const columns = policyColumns(policy, policy.status ?? CurrencyStatus.ENABLED);
    const created = await this.refuseDuplicate(policy, () =>
      this.scoped(ctx).currencyRatePolicy.create({ data: { ...columns, tenantId: tenantIdOf(ctx), createdAt: now, updatedAt: now }, select: { id: true } }),
    );
    await this.changed(ctx);
    return created.id;
  }

  /** An omitted status keeps the stored one; the write is conditional on it, so the target key always matches the status. */
  async update(ctx: RequestContext, input: RatePolicySaveInput): Promise<void> {
    const { id, ...policy } = parseInput(ratePolicySaveSchemas.update, input);
    let storedStatus = await this.storedStatus(ctx, id);
    await this.assertTargetExists(ctx, policy);
    for (;;) {
      const columns = policyColumns(policy, policy.status ?? storedStatus);
      const { count } = await this.refuseDuplicate(policy, () =>
        this.scoped(ctx).currencyRatePolicy.updateMany({ where: { id, status: storedStatus }, data: { ...columns, updatedAt: ctx.now() } }),
      );
      if (count > 0) {
        await this.changed(ctx);
        return;
      }
      // Changed or deleted meanwhile: read again.
      storedStatus = await this.storedStatus(ctx, id);
    }
  }

  async delete(ctx: RequestContext, policyId: number): Promise<void> {
    const { count } = await this.scoped(ctx).currencyRatePolicy.deleteMany({ where: { id: policyId } });
    if (count === 0) throw new ServiceError(ErrorCatalogue.CURRENCY_RATE_POLICY_NOT_FOUND, { policyId });
    await this.changed(ctx);
  }

  /** A policy of the caller's tenant; CURRENCY_RATE_POLICY_NOT_FOUND otherwise. */
  async get(ctx: RequestContext, policyId: number): Promise<RatePolicyRecord> {
    const policy = await this.scoped(ctx).currencyRatePolicy.findFirst({ where: { id: policyId }, select: POLICY_FIELDS });
    if (!policy) throw new ServiceError(ErrorCatalogue.CURRENCY_RATE_POLICY_NOT_FOUND, { policyId });
    return toRecord(policy);
  }

  async page(ctx: RequestContext, page: PageRequest, filter: RatePolicyPageFilter = {}): Promise<{ list: RatePolicyRecord[]; total: number }> {
    const { window, where: pageWhere, orderBy } = pageQuery(page, ratePolicyPageSort);
    const { policyType, countryCode, userId, status } = parseInput(ratePolicyPageFilterSchema, filter);
    const where = {
      ...pageWhere,
      ...(policyType != null ? { policyType } : {}),
      ...(countryCode ? { countryCode } : {}),
      ...(userId != null ? { userId } : {}),
      ...(status != null ? { status } : {}),
    };
    const db = this.scoped(ctx);
    const [rows, total] = await Promise.all([
      db.currencyRatePolicy.findMany({ where, select: POLICY_FIELDS, orderBy, ...window }),
      db.currencyRatePolicy.count({ where }),
    ]);
    return { list: rows.map(toRecord), total };
  }

  /**
   * The rate of an enabled currency for a member and country of the caller's tenant: the member's
   * enabled policy, else the country's enabled policy, else the live rate (premium 0).
   */
  async effectiveRate(ctx: RequestContext, query: EffectiveRateQuery): Promise<EffectiveRate> {
    const { currencyCode, userId, countryCode } = parseInput(effectiveRateQuerySchema, query);
    const liveRateMicros = await this.currencies.liveRateMicros(ctx, currencyCode);
    const liveRate = rateToNumber(liveRateMicros);
    const keys = [
      ...(userId != null ? [targetKey(RatePolicyType.BY_CUSTOMER, userId)] : []),
      ...(countryCode != null ? [targetKey(RatePolicyType.BY_COUNTRY, countryCode)] : []),
    ];
    const enabled = await this.enabledPolicies(tenantIdOf(ctx));
    // The member's key comes first when given: their policy wins over their country's.
    const policy = keys.map((key) => enabled.get(key)).find((found) => found !== undefined);
    if (!policy) return { currencyCode, liveRate, premiumRate: 0, rate: liveRate, source: 'LIVE', policyId: null };
    return {
      currencyCode,
      liveRate,
      premiumRate: premiumToNumber(policy.premiumRateE4),
      rate: rateToNumber(applyPremium(liveRateMicros, BigInt(policy.premiumRateE4))),
      source: policy.policyType === RatePolicyType.BY_CUSTOMER ? 'CUSTOMER' : 'COUNTRY',
      policyId: policy.id,
    };
  }

  private async storedStatus(ctx: RequestContext, policyId: number): Promise<number> {
    const stored = await this.scoped(ctx).currencyRatePolicy.findFirst({ where: { id: policyId }, select: { status: true } });
    if (!stored) throw new ServiceError(ErrorCatalogue.CURRENCY_RATE_POLICY_NOT_FOUND, { policyId });
    return stored.status;
  }

  /** The country must be in the countries table; the member must be the caller's tenant's. */
  private async assertTargetExists(ctx: RequestContext, policy: ParsedPolicy): Promise<void> {
    if (policy.policyType === RatePolicyType.BY_COUNTRY) {
      await this.countries.assertCodeExists(ctx, policy.countryCode!);
      return;
    }
    if (!(await this.scoped(ctx).member.findFirst({ where: { id: policy.userId! }, select: { id: true } }))) {
      throw new ServiceError(ErrorCatalogue.MEMBER_NOT_FOUND, { memberId: policy.userId! });
    }
  }

  private async refuseDuplicate<T>(policy: PolicyTarget, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isUniqueViolation(error)) throw new ServiceError(ErrorCatalogue.CURRENCY_RATE_POLICY_EXISTS, { target: describeTarget(policy) });
      throw error;
    }
  }
}
