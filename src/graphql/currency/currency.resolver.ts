// Currencies, shared by every tenant (basic:currency:*; only the system tenant changes them), and the
// tenant's currency rate policies with the effective rate they give (basic:currency-rate-policy:*).
import { Arg, Authorized, Ctx, Mutation, Query, Resolver } from 'type-graphql';
import type { EffectiveRate, RatePolicyRecord } from '../../core/currency/currency-rate-policy-service';
import type { CurrencyRecord } from '../../core/currency/currency-service';
import { type Page, splitPageInput } from '../common/page';
import { Int64 } from '../common/scalars';
import { savedId } from '../common/saved-id';
import type { GraphQLContext } from '../context';
import {
  BasicCurrencyPageReqVO,
  BasicCurrencySaveReqVO,
  BasicCurrencyView,
  BasicCurrencyViewPage,
  CurrencyRatePolicyPageReqVO,
  CurrencyRatePolicySaveReqVO,
  CurrencyRatePolicyView,
  CurrencyRatePolicyViewPage,
  EffectiveCurrencyRateView,
} from './currency.types';

@Resolver()
export class CurrencyResolver {
  @Authorized('basic:currency:create')
  @Mutation(() => BasicCurrencyView, { description: 'Creates a currency (system tenant only); answers it' })
  async createCurrency(@Arg('input', () => BasicCurrencySaveReqVO) input: BasicCurrencySaveReqVO, @Ctx() context: GraphQLContext): Promise<CurrencyRecord> {
    const { ctx, core } = context;
    return this.currency(await core.currencies.create(ctx, input), context);
  }

  @Authorized('basic:currency:update')
  @Mutation(() => BasicCurrencyView, { description: 'System tenant only' })
  async updateCurrency(@Arg('input', () => BasicCurrencySaveReqVO) input: BasicCurrencySaveReqVO, @Ctx() context: GraphQLContext): Promise<CurrencyRecord> {
    const { ctx, core } = context;
    await core.currencies.update(ctx, input);
    return this.currency(savedId(input), context);
  }

  @Authorized('basic:currency:delete')
  @Mutation(() => Boolean, { description: 'System tenant only' })
  async deleteCurrency(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.currencies.delete(ctx, id);
    return true;
  }

  @Authorized('basic:currency:query')
  @Query(() => BasicCurrencyView, { nullable: true, description: 'A currency; CURRENCY_NOT_FOUND otherwise' })
  currency(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<CurrencyRecord> {
    return core.currencies.get(ctx, id);
  }

  @Authorized('basic:currency:query')
  @Query(() => BasicCurrencyViewPage, { nullable: true, description: 'Currencies by sort; name and abbreviationCode match when contained' })
  currencyPage(@Arg('input', () => BasicCurrencyPageReqVO) input: BasicCurrencyPageReqVO, @Ctx() { ctx, core }: GraphQLContext): Promise<Page<CurrencyRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.currencies.page(ctx, page, filter);
  }

  @Authorized()
  @Query(() => [BasicCurrencyView], { nullable: true, description: 'Enabled currencies by sort, for pickers' })
  currencySimpleList(@Ctx() { ctx, core }: GraphQLContext): Promise<CurrencyRecord[]> {
    return core.currencies.simpleList(ctx);
  }
}

@Resolver()
export class CurrencyRatePolicyResolver {
  @Authorized('basic:currency-rate-policy:create')
  @Mutation(() => CurrencyRatePolicyView, { description: 'Creates a rate policy; answers it' })
  async createCurrencyRatePolicy(
    @Arg('input', () => CurrencyRatePolicySaveReqVO) input: CurrencyRatePolicySaveReqVO,
    @Ctx() context: GraphQLContext,
  ): Promise<RatePolicyRecord> {
    const { ctx, core } = context;
    return this.currencyRatePolicy(await core.currencyRatePolicies.create(ctx, input), context);
  }

  @Authorized('basic:currency-rate-policy:update')
  @Mutation(() => CurrencyRatePolicyView)
  async updateCurrencyRatePolicy(
    @Arg('input', () => CurrencyRatePolicySaveReqVO) input: CurrencyRatePolicySaveReqVO,
    @Ctx() context: GraphQLContext,
  ): Promise<RatePolicyRecord> {
    const { ctx, core } = context;
    await core.currencyRatePolicies.update(ctx, input);
    return this.currencyRatePolicy(savedId(input), context);
  }

  @Authorized('basic:currency-rate-policy:delete')
  @Mutation(() => Boolean)
  async deleteCurrencyRatePolicy(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<boolean> {
    await core.currencyRatePolicies.delete(ctx, id);
    return true;
  }

  @Authorized('basic:currency-rate-policy:query')
  @Query(() => CurrencyRatePolicyView, { nullable: true, description: 'A rate policy of the tenant; CURRENCY_RATE_POLICY_NOT_FOUND otherwise' })
  currencyRatePolicy(@Arg('id', () => Int64) id: number, @Ctx() { ctx, core }: GraphQLContext): Promise<RatePolicyRecord> {
    return core.currencyRatePolicies.get(ctx, id);
  }

  @Authorized('basic:currency-rate-policy:query')
  @Query(() => CurrencyRatePolicyViewPage, { nullable: true, description: 'Rate policies of the tenant, newest first' })
  currencyRatePolicyPage(
    @Arg('input', () => CurrencyRatePolicyPageReqVO) input: CurrencyRatePolicyPageReqVO,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<Page<RatePolicyRecord>> {
    const { page, filter } = splitPageInput(input);
    return core.currencyRatePolicies.page(ctx, page, filter);
  }

  @Authorized('basic:currency-rate-policy:query')
  @Query(() => EffectiveCurrencyRateView, {
    nullable: true,
    description: "The rate of an enabled currency for a member and country: the member's enabled policy, else the country's, else the live rate",
  })
  effectiveCurrencyRate(
    @Arg('currencyCode', () => String) currencyCode: string,
    @Arg('userId', () => Int64, { nullable: true }) userId: number | null,
    @Arg('countryCode', () => String, { nullable: true }) countryCode: string | null,
    @Ctx() { ctx, core }: GraphQLContext,
  ): Promise<EffectiveRate> {
    return core.currencyRatePolicies.effectiveRate(ctx, { currencyCode, userId, countryCode });
  }
}
