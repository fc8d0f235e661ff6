import { Field, InputType, Int, ObjectType } from 'type-graphql';
import { countryPageSort } from '../../core/geo/country-service';
import { regionPageSort } from '../../core/geo/region-service';
import { PageOf, PageParamSortedBy } from '../common/page';
import { DateTime, Int64 } from '../common/scalars';

@InputType('BasicCountrySaveReqVO', { description: 'A country: id omitted on create, required on update' })
export class BasicCountrySaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'English name, at most 100 characters' })
  enName!: string;

  @Field(() => String, { description: 'Name in the main local language, at most 100 characters' })
  localName!: string;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2 code, two upper-case letters; unique' })
  enShortName!: string;

  @Field(() => String, { description: 'Continent code: AF, AN, AS, EU, NA, OC or SA' })
  areaId!: string;

  @Field(() => Int, { description: '0..2147483647, ascending' })
  sort!: number;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;
}

@InputType('BasicCountryPageReqVO', { description: 'A page of countries by sort: names and code match when contained' })
export class BasicCountryPageReqVO extends PageParamSortedBy('CountrySortField', countryPageSort) {
  @Field(() => String, { nullable: true })
  enName?: string | null;

  @Field(() => String, { nullable: true })
  localName?: string | null;

  @Field(() => String, { nullable: true })
  enShortName?: string | null;

  @Field(() => String, { nullable: true })
  areaId?: string | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('BasicCountryView', { description: 'A country (shared by every tenant)' })
export class BasicCountryView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  enName!: string;

  @Field(() => String)
  localName!: string;

  @Field(() => String, { description: 'ISO 3166-1 alpha-2' })
  enShortName!: string;

  @Field(() => String, { description: 'Continent code: AF, AN, AS, EU, NA, OC or SA' })
  areaId!: string;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 alpha-3 (seeded countries)' })
  alpha3!: string | null;

  @Field(() => String, { nullable: true, description: 'ISO 3166-1 numeric, three digits (seeded countries)' })
  numericCode!: string | null;

  @Field(() => String, { nullable: true, description: 'E.164 calling code without + (seeded countries)' })
  callingCode!: string | null;

  @Field(() => Int)
  sort!: number;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const BasicCountryViewPage = PageOf(BasicCountryView);

@InputType('BasicRegionSaveReqVO', { description: 'A region of a country: id omitted on create, required on update' })
export class BasicRegionSaveReqVO {
  @Field(() => Int64, { nullable: true })
  id?: number | null;

  @Field(() => String, { description: 'At most 100 characters' })
  name!: string;

  @Field(() => Int, { description: 'Level: 1 province or state, 2 city, 3 district' })
  province!: number;

  @Field(() => String, { nullable: true, description: 'At most 32 characters' })
  regionCode?: string | null;

  @Field(() => Int64, { description: 'An existing country' })
  countryId!: number;

  @Field(() => String, { nullable: true, description: 'At most 20 characters' })
  postalCode?: string | null;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => Int64, { description: '0..2147483647, ascending' })
  sort!: number;
}

@InputType('BasicRegionPageReqVO', { description: 'A page of regions by sort: name matches when contained' })
export class BasicRegionPageReqVO extends PageParamSortedBy('RegionSortField', regionPageSort) {
  @Field(() => String, { nullable: true })
  name?: string | null;

  @Field(() => Int64, { nullable: true })
  countryId?: number | null;

  @Field(() => Int, { nullable: true })
  province?: number | null;

  @Field(() => Int, { nullable: true })
  status?: number | null;
}

@ObjectType('BasicRegionView', { description: 'A region of a country (shared by every tenant)' })
export class BasicRegionView {
  @Field(() => Int64)
  id!: number;

  @Field(() => String)
  name!: string;

  @Field(() => Int, { description: '1 province or state, 2 city, 3 district' })
  province!: number;

  @Field(() => String, { nullable: true })
  regionCode!: string | null;

  @Field(() => Int64)
  countryId!: number;

  @Field(() => String, { nullable: true })
  postalCode!: string | null;

  @Field(() => Int, { description: '0 enabled, 1 disabled' })
  status!: number;

  @Field(() => Int64)
  sort!: number;

  @Field(() => DateTime, { name: 'createTime' })
  createdAt!: Date;
}

export const BasicRegionViewPage = PageOf(BasicRegionView);
