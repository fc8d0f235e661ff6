import { Field, Float, InputType, Int, ObjectType } from 'type-graphql';
import { ratePolicyPageSort } from '../../core/currency/currency-rate-policy-service';
import { currencyPageSort } from '../../core/currency/currency-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('BasicCurrencySaveReqVO', { description: 'A currency: id omitted on create, required on update' })
export class BasicCurrencySaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'At most 50 characters' })
  name!: string;

  @Field(() => String, { description: 'ISO 4217 code, three upper-case letters (USD); unique' })
  abbreviationCode!: string;

  @Field(() => Float, { description: 'Units of this currency one CNY (the wallet currency) buys: above 0, at most 1000000000, at most 6 decimals' })
  exchangeRate!: number;

  @Field(() => String, { nullable: true, description: 'At most 500 characters' })
  icon?: string | null;

  @Field(() => String, { nullable: true, description: 'At most 10 characters' })
  symbol?: string | null;

  @Field(() => Int, { nullable: true, description: '0 hidden, 1 shown to consumers; default 1 on create, unchanged on update when omitted' })
  showStatus?: number | null;

  @Field(() => Int, { nullable: true, description: '1 enabled, 0 disabled; default 1 on create, unchanged on update when omitted' })
  status?: number | null;

  @Field(() => Int, { nullable: true, description: '1..999, ascending; default 999 on create, unchanged on update when omitted' })
  sort?: number | null;
}

@InputType('BasicCurrencyPageReqVO', { description: 'A page of currencies: name and abbreviationCode match when contained' })
export class BasicCurrencyPageReqVO extends PageParamSortedBy('CurrencySortField', currencyPageSort) {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => String, { nullable: true })
  abbreviationCode?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;

  @Field(() => Int, { nullable: true })
  showStatus?: number | null;
}

@ObjectType('BasicCurrencyView', { description: 'A currency (shared by every tenant)' })
export class BasicCurrencyView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => String)
  abbreviationCode!: string;

  @Field(() => Float, { description: 'Units of this currency per 1 CNY' })
  exchangeRate!: number;

  @Field(() => String, { nullable: true })
  icon!: string | null;

  @Field(() => String, { nullable: true })
  symbol!: string | null;

  @Field(() => Int, { description: '0 hidden, 1 shown to consumers' })
  showStatus!: number;

  @Field(() => Int, { description: '1 enabled, 0 disabled' })
  status!: number;

  @Field(() => Int)
  sort!: number;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const BasicCurrencyViewPage = PageOf(BasicCurrencyView);

@InputType('CurrencyRatePolicySaveReqVO', { description: 'A premium on the live exchange rate for a country or a member: id omitted on create, required on update' })
export class CurrencyRatePolicySaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => Int, { description: '1 by country, 2 by customer' })
  policyType!: number;

  @Field(() => String, { nullable: true, description: 'ISO alpha-2 code of a country of the countries table; required for policyType 1, omitted otherwise' })
  countryCode?: string | null;

  @Field(() => Int64, { nullable: true, description: "A member of the tenant; required for policyType 2, omitted otherwise" })
  userId?: number | null;

  @Field(() => Float, { description: 'Percent, e.g. 2.5; 0 means the live rate. Above -100, at most 1000, at most 4 decimals' })
  premiumRate!: number;

  @Field(() => Int, { nullable: true, description: '1 enabled, 0 disabled; default 1 on create, unchanged on update when omitted. One enabled policy per country and per member' })
  status?: number | null;

  @Field(() => String, { nullable: true, description: 'At most 500 characters' })
  remark?: string | null;
}

@InputType('CurrencyRatePolicyPageReqVO', { description: 'A page of rate policies, newest first' })
export class CurrencyRatePolicyPageReqVO extends PageParamSortedBy('CurrencyRatePolicySortField', ratePolicyPageSort) {
  @Field(() => Int, { nullable: true })
  policyType?: number | null;

  @Field(() => String, { nullable: true })
  countryCode?: string | null;

  @Field(() => Int64, { nullable: true })
  userId?: number | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('CurrencyRatePolicyView', { description: 'A rate policy of the tenant' })
export class CurrencyRatePolicyView {
  @Field(() => Int64)
  id!: number;

  @Field(() => Int, { description: '1 by country, 2 by customer' })
  policyType!: number;

  @Field(() => String, { nullable: true })
  countryCode!: string | null;

  @Field(() => Int64, { nullable: true })
  userId!: number | null;

  @Field(() => Float, { description: 'Percent' })
  premiumRate!: number;

  @Field(() => Int, { description: '1 enabled, 0 disabled' })
  status!: number;

  @Field(() => String, { nullable: true })
  remark!: string | null;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const CurrencyRatePolicyViewPage = PageOf(CurrencyRatePolicyView);

@ObjectType('EffectiveCurrencyRateView', { description: 'The exchange rate a member of a country gets' })
export class EffectiveCurrencyRateView {
  @Field(() => String)
  currencyCode!: string;

  @Field(() => Float, { description: "The currency's exchange rate: units per 1 CNY" })
  liveRate!: number;

  @Field(() => Float, { description: "The applied policy's premium in percent; 0 for the live rate" })
  premiumRate!: number;

  @Field(() => Float, { description: 'liveRate × (1 + premiumRate / 100), rounded half up to 6 decimals' })
  rate!: number;

  @Field(() => String, { description: 'CUSTOMER (the member\'s policy), COUNTRY (the country\'s policy) or LIVE (no enabled policy applies)' })
  source!: string;

  @Field(() => Int64, { nullable: true, description: 'The applied policy; null for LIVE' })
  policyId!: number | null;
}
